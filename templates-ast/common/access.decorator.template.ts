// src/common/access.decorator.ts: `@Access(...levels)`, who may call a route, as one decorator every route carries.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

const AUTH_CASES = [
  "  case 'user':",
  '    return UseGuards(JwtAuthGuard);',
  "  case 'admin':",
  '    return UseGuards(JwtAuthGuard, AdminGuard);',
];

/** `password` in --auth-methods: HTTP Basic e-mail and password. */
const PASSWORD_CASE = ["  case 'password':", '    return UseGuards(PasswordGuard);'];

const SCHEMES: Record<string, string> = {
  public: 'undefined',
  master: "'master-key'",
  client: "'client-key'",
  user: "'bearer'",
  admin: "'bearer'",
  password: "'basic'",
  confirmed: 'undefined',
};

/** --email-confirmation: after 'user' or 'admin', a confirmed e-mail (403 with the way to confirm). */
const CONFIRMED_CASE = ["  case 'confirmed':", '    return UseGuards(ConfirmedEmailGuard);'];

export function accessDecoratorTemplate(options: ProjectOptions): TypeScriptFile {
  const password = options.auth && hasPassword(options);
  const levels = options.auth
    ? ['public', 'master', 'client', 'user', 'admin']
    : ['public', 'master'];
  if (password) levels.push('password');
  if (options.emailConfirmation) levels.push('confirmed');
  return tsFile(
    'src/common/access.decorator.ts',
    [
      pkg('@nestjs/common', 'applyDecorators', 'SetMetadata', 'UseGuards'),
      pkg('@nestjs/swagger', 'ApiSecurity'),
      use('apiDocs', 'ApiErrors'),
      use('masterKeyGuard', 'MasterKeyGuard', ...(options.auth ? ['ClientKeyGuard'] : [])),
      ...(options.auth
        ? [use('jwtAuthGuard', 'JwtAuthGuard'), use('adminGuard', 'AdminGuard')]
        : []),
      ...(password ? [use('passwordGuard', 'PasswordGuard')] : []),
      ...(options.emailConfirmation ? [use('confirmedEmailGuard', 'ConfirmedEmailGuard')] : []),
    ],
    [
      typeAlias('AccessLevel', levels.map((level) => `'${level}'`).join(' | ')),
      constant('ACCESS_LEVELS', "'access-levels'", {
        docs: ['The metadata key of `@Access`; AccessGuard refuses a route without it.'],
      }),
      functionOf({
        name: 'Access',
        docs: [
          `Who may call a route: anyone (\`public\`), a holder of the master key (\`master\`${options.auth ? ', back ends' : ''})` +
            (password
              ? ", of the client key or the master key (`client`, apps: no `role` with the client key), any signed-in user (`user`), an admin (`admin`) or the holder of an account's e-mail and password (`password`, HTTP Basic; on a route with `:id`, that user's)."
              : options.auth
                ? ', of the client key or the master key (`client`, apps: no `role` with the client key), any signed-in user (`user`) or an admin (`admin`).'
                : '.'),
          ...(password
            ? [
                "Several levels are all required, checked in the order given: `@Access('client', 'password')`.",
              ]
            : []),
          ...(options.emailConfirmation
            ? [
                "`confirmed` follows `user` or `admin` and also asks for a confirmed e-mail: `@Access('user', 'confirmed')`.",
              ]
            : []),
          'The token or key is read from `access_token` in the query or body, or a Bearer header.',
          'Every route carries it, public ones too: AccessGuard refuses a route without it.',
        ],
        parameters: [
          { name: 'levels', type: '[AccessLevel, ...AccessLevel[]]', isRestParameter: true },
        ],
        statements: code(
          'return applyDecorators(',
          '  SetMetadata(ACCESS_LEVELS, levels),',
          '  ...levels.map(guardsOf),',
          '  ...documentAccess(levels),',
          ');',
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
          '    return UseGuards(MasterKeyGuard);',
          ...(options.auth ? ["  case 'client':", '    return UseGuards(ClientKeyGuard);'] : []),
          ...(options.auth ? AUTH_CASES : []),
          ...(password ? PASSWORD_CASE : []),
          ...(options.emailConfirmation ? CONFIRMED_CASE : []),
          '}',
        ),
      }),
      constant(
        'SCHEMES',
        `{ ${levels.map((level) => `${level}: ${SCHEMES[level]}`).join(', ')} }`,
        {
          type: 'Record<AccessLevel, string | undefined>',
          isExported: false,
          docs: ['The security scheme of each level, as named in openapi.ts.'],
        },
      ),
      functionOf({
        name: 'documentAccess',
        isExported: false,
        docs: [
          'One security requirement holding every scheme the levels need: all are required, not any.',
        ],
        parameters: [{ name: 'levels', type: 'AccessLevel[]' }],
        statements: code(
          'const schemes = levels.flatMap((level) => SCHEMES[level] ?? []);',
          'if (schemes.length === 0) return [];',
          'return [',
          '  ApiSecurity(Object.fromEntries(schemes.map((scheme) => [scheme, []]))),',
          options.auth
            ? `  ApiErrors(401, ...(levels.includes('admin') || levels.includes('client')${options.emailConfirmation ? " || levels.includes('confirmed')" : ''} ? [403] : [])),`
            : '  ApiErrors(401),',
          '];',
        ),
      }),
    ],
  );
}
