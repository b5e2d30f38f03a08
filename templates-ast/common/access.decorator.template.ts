// src/common/access.decorator.ts: `@Access(level)`, who may call a route, as one decorator.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

export function accessDecoratorTemplate(options: ProjectOptions): TypeScriptFile {
  const levels = options.auth ? ['public', 'master', 'user', 'admin'] : ['public', 'master'];
  const userCases = options.auth
    ? [
        "  case 'user':",
        '    return applyDecorators(UseGuards(JwtAuthGuard), ApiBearerAuth(), ApiUnauthorizedResponse());',
        "  case 'admin':",
        '    return applyDecorators(',
        '      UseGuards(JwtAuthGuard, AdminGuard),',
        '      ApiBearerAuth(),',
        '      ApiUnauthorizedResponse(),',
        '      ApiForbiddenResponse(),',
        '    );',
      ]
    : [];
  return tsFile(
    'src/common/access.decorator.ts',
    [
      pkg('@nestjs/common', 'applyDecorators', 'UseGuards'),
      pkg(
        '@nestjs/swagger',
        'ApiSecurity',
        'ApiUnauthorizedResponse',
        ...(options.auth ? ['ApiBearerAuth', 'ApiForbiddenResponse'] : []),
      ),
      use('masterKeyGuard', 'MasterKeyGuard'),
      ...(options.auth
        ? [use('jwtAuthGuard', 'JwtAuthGuard'), use('adminGuard', 'AdminGuard')]
        : []),
    ],
    [
      typeAlias('AccessLevel', levels.map((level) => `'${level}'`).join(' | ')),
      functionOf({
        name: 'Access',
        docs: [
          'Who may call a route: anyone (`public`), a holder of the master key (`master`)' +
            (options.auth ? ', any signed-in user (`user`) or an admin (`admin`).' : '.'),
          'The token or key is read from `access_token` in the query or body, or a Bearer header.',
        ],
        parameters: [{ name: 'level', type: 'AccessLevel' }],
        statements: code(
          'switch (level) {',
          "  case 'public':",
          '    return applyDecorators();',
          "  case 'master':",
          "    return applyDecorators(UseGuards(MasterKeyGuard), ApiSecurity('master-key'), ApiUnauthorizedResponse());",
          ...userCases,
          '}',
        ),
      }),
    ],
  );
}
