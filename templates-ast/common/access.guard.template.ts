// src/common/access.guard.ts: the global guard that refuses every route without an `@Access` mark.
import { Scope } from '../../src/loader/ts-morph.js';
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
        properties: [
          {
            name: 'levels',
            scope: Scope.Private,
            isReadonly: true,
            type: 'WeakMap<object, WeakMap<object, AccessLevel[]>>',
            initializer: 'new WeakMap()',
            docs: [
              "Each route's levels by class and handler (a handler a class inherits may be marked by each",
              'class apart), read on its first request: a route does not change while the app runs.',
            ],
          },
        ],
        ctors: [{ parameters: [injected('reflector', 'Reflector')] }],
        methods: [
          {
            name: 'canActivate',
            parameters: [{ name: 'context', type: 'ExecutionContext' }],
            returnType: 'boolean',
            statements: code(
              'const [handler, target] = [context.getHandler(), context.getClass()];',
              'let routes = this.levels.get(target);',
              'if (routes === undefined) this.levels.set(target, (routes = new WeakMap()));',
              'let levels = routes.get(handler);',
              'if (levels === undefined) {',
              '  const marked: AccessLevel[] | undefined = this.reflector.getAllAndOverride(ACCESS_LEVELS, [handler, target]);',
              '  levels = marked ?? [];',
              '  routes.set(handler, levels);',
              '}',
              'if (levels.length === 0) {',
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
