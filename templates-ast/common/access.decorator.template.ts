// src/common/access.decorator.ts: `@Access(...levels)`, who may call a route, as one decorator every route carries.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

const AUTH_CASES = [
  "  case 'user':",
  '    return applyDecorators(UseGuards(JwtAuthGuard), ApiBearerAuth(), ApiUnauthorizedResponse());',
  "  case 'admin':",
  '    return applyDecorators(',
  '      UseGuards(JwtAuthGuard, AdminGuard),',
  '      ApiBearerAuth(),',
  '      ApiUnauthorizedResponse(),',
  '      ApiForbiddenResponse(),',
  '    );',
  "  case 'password':",
  '    return applyDecorators(UseGuards(PasswordGuard), ApiBasicAuth(), ApiUnauthorizedResponse());',
];

export function accessDecoratorTemplate(options: ProjectOptions): TypeScriptFile {
  const levels = options.auth
    ? ['public', 'master', 'user', 'admin', 'password']
    : ['public', 'master'];
  return tsFile(
    'src/common/access.decorator.ts',
    [
      pkg('@nestjs/common', 'applyDecorators', 'SetMetadata', 'UseGuards'),
      pkg(
        '@nestjs/swagger',
        'ApiSecurity',
        'ApiUnauthorizedResponse',
        ...(options.auth ? ['ApiBasicAuth', 'ApiBearerAuth', 'ApiForbiddenResponse'] : []),
      ),
      use('masterKeyGuard', 'MasterKeyGuard'),
      ...(options.auth
        ? [
            use('jwtAuthGuard', 'JwtAuthGuard'),
            use('adminGuard', 'AdminGuard'),
            use('passwordGuard', 'PasswordGuard'),
          ]
        : []),
    ],
    [
      typeAlias('AccessLevel', levels.map((level) => `'${level}'`).join(' | ')),
      constant('ACCESS_LEVELS', "'access-levels'", {
        docs: ['The metadata key of `@Access`; AccessGuard refuses a route without it.'],
      }),
      functionOf({
        name: 'Access',
        docs: [
          'Who may call a route: anyone (`public`), a holder of the master key (`master`)' +
            (options.auth
              ? ", any signed-in user (`user`), an admin (`admin`) or the holder of an account's e-mail and password (`password`, HTTP Basic; on a route with `:id`, that user's)."
              : '.'),
          ...(options.auth
            ? [
                "Several levels are all required, checked in the order given: `@Access('master', 'password')`.",
              ]
            : []),
          'The token or key is read from `access_token` in the query or body, or a Bearer header.',
          'Every route carries it, public ones too: AccessGuard refuses a route without it.',
        ],
        parameters: [
          { name: 'levels', type: '[AccessLevel, ...AccessLevel[]]', isRestParameter: true },
        ],
        statements: code(
          'return applyDecorators(SetMetadata(ACCESS_LEVELS, levels), ...levels.map(guardsOf));',
        ),
      }),
      functionOf({
        name: 'guardsOf',
        isExported: false,
        parameters: [{ name: 'level', type: 'AccessLevel' }],
        statements: code(
          'switch (level) {',
          "  case 'public':",
          '    return applyDecorators();',
          "  case 'master':",
          "    return applyDecorators(UseGuards(MasterKeyGuard), ApiSecurity('master-key'), ApiUnauthorizedResponse());",
          ...(options.auth ? AUTH_CASES : []),
          '}',
        ),
      }),
    ],
  );
}
