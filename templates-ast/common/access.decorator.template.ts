// src/common/access.decorator.ts: `@Access(...levels)`, who may call a route, as one decorator every route carries.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

/** The guards each level puts on a route; GraphQL's fields (graphql-access.ts) run the same ones. */
const GUARDS: Record<string, string[]> = {
  public: [],
  master: ['MasterKeyGuard'],
  client: ['ClientKeyGuard'],
  user: ['JwtAuthGuard'],
  admin: ['JwtAuthGuard', 'AdminGuard'],
  // `password` in --auth-methods: HTTP Basic e-mail and password.
  password: ['PasswordGuard'],
  // --email-confirmation: after 'user' or 'admin', a confirmed e-mail (403 with the way to confirm).
  confirmed: ['ConfirmedEmailGuard'],
};

const SCHEMES: Record<string, string> = {
  public: 'undefined',
  master: "'master-key'",
  client: "'client-key'",
  user: "'bearer'",
  admin: "'bearer'",
  password: "'basic'",
  confirmed: 'undefined',
};

/** The levels of the project's AccessLevel, in the order the type lists them. */
export function accessLevels(options: ProjectOptions): string[] {
  return [
    'public',
    'master',
    ...(options.auth ? ['client', 'user', 'admin'] : []),
    ...(options.auth && hasPassword(options) ? ['password'] : []),
    ...(options.emailConfirmation ? ['confirmed'] : []),
  ];
}

export function accessDecoratorTemplate(options: ProjectOptions): TypeScriptFile {
  const password = options.auth && hasPassword(options);
  const levels = accessLevels(options);
  return tsFile(
    'src/common/access.decorator.ts',
    [
      pkg('@nestjs/common', 'applyDecorators', 'SetMetadata', 'UseGuards'),
      pkgTypes('@nestjs/common', 'CanActivate', 'Type'),
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
      constant(
        'ACCESS_GUARDS',
        code('{', ...levels.map((level) => `  ${level}: [${GUARDS[level]!.join(', ')}],`), '}'),
        {
          type: 'Record<AccessLevel, Type<CanActivate>[]>',
          docs: [
            'The guards each level puts on a route, run in this order; GraphQL fields run the same ones.',
          ],
        },
      ),
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
          '  ...levels.map((level) => UseGuards(...ACCESS_GUARDS[level])),',
          '  ...documentAccess(levels),',
          ');',
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
