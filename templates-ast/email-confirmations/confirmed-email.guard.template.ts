// src/common/confirmed-email.guard.ts: lets a signed-in user with a confirmed e-mail through (`@Access(..., 'confirmed')`).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';

export function confirmedEmailGuardTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/confirmed-email.guard.ts',
    [
      pkg('@nestjs/common', 'ForbiddenException', 'Injectable'),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext'),
      use('currentUser', 'AuthUser'),
    ],
    [
      classOf({
        name: 'ConfirmedEmailGuard',
        docs: [
          "Runs after the guard of 'user' or 'admin', which reads the flag from the database with the",
          'user: a confirmation counts at once, without a new token.',
        ],
        decorators: [decorator('Injectable')],
        implements: ['CanActivate'],
        methods: [
          {
            name: 'canActivate',
            parameters: [{ name: 'context', type: 'ExecutionContext' }],
            returnType: 'boolean',
            statements: code(
              'const { user } = context.switchToHttp().getRequest<{ user?: AuthUser }>();',
              'if (user?.emailConfirmed !== true) {',
              '  throw new ForbiddenException(',
              "    'Confirm your e-mail address first: follow the link mailed at sign-up, or ask for a new one with POST /users/confirm/resend',",
              '  );',
              '}',
              'return true;',
            ),
          },
        ],
      }),
    ],
  );
}
