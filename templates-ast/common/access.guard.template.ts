// src/common/access.guard.ts: the global guard that refuses every route without an `@Access` mark.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function accessGuardTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/access.guard.ts',
    [
      pkg('@nestjs/common', 'ForbiddenException', 'Injectable'),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext'),
      pkg('@nestjs/core', 'Reflector'),
      use('access', 'ACCESS_LEVELS', 'AccessLevel'),
    ],
    [
      classOf({
        name: 'AccessGuard',
        docs: [
          'Installed for every route (APP_GUARD in AppModule), as the NestJS documentation advises: a route',
          'someone adds and forgets to mark is refused to everyone (403) instead of being public. The checks',
          'of each level are the guards `@Access` puts on the route, which run after this one.',
        ],
        decorators: [decorator('Injectable')],
        implements: ['CanActivate'],
        ctors: [{ parameters: [injected('reflector', 'Reflector')] }],
        methods: [
          {
            name: 'canActivate',
            parameters: [{ name: 'context', type: 'ExecutionContext' }],
            returnType: 'boolean',
            statements: code(
              'const levels = this.reflector.getAllAndOverride<AccessLevel[] | undefined>(ACCESS_LEVELS, [',
              '  context.getHandler(),',
              '  context.getClass(),',
              ']);',
              'if (!levels?.length) {',
              "  throw new ForbiddenException('This route is closed: it declares no access level');",
              '}',
              'return true;',
            ),
          },
        ],
      }),
    ],
  );
}
