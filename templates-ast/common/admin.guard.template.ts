// src/common/admin.guard.ts: lets a signed-in admin through; anyone else signed in gets 403.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';

export function adminGuardTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/admin.guard.ts',
    [
      pkg('@nestjs/common', 'ForbiddenException', 'Injectable'),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext'),
      use('currentUser', 'AuthUser'),
    ],
    [
      classOf({
        name: 'AdminGuard',
        decorators: [decorator('Injectable')],
        implements: ['CanActivate'],
        methods: [
          {
            name: 'canActivate',
            parameters: [{ name: 'context', type: 'ExecutionContext' }],
            returnType: 'boolean',
            statements: code(
              'const { user } = context.switchToHttp().getRequest<{ user?: AuthUser }>();',
              "if (user?.role !== 'admin') {",
              "  throw new ForbiddenException('Only an admin may do this');",
              '}',
              'return true;',
            ),
          },
        ],
      }),
    ],
  );
}
