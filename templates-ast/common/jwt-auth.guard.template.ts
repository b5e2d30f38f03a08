// src/common/jwt-auth.guard.ts: lets a request through with a valid user token (passport-jwt, see src/auth).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg } from '../_shared/pieces.js';
import { classOf, decorator, tsFile } from '../_shared/ts.js';

export function jwtAuthGuardTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/jwt-auth.guard.ts',
    [pkg('@nestjs/common', 'Injectable'), pkg('@nestjs/passport', 'AuthGuard')],
    [
      classOf({
        name: 'JwtAuthGuard',
        decorators: [decorator('Injectable')],
        extends: "AuthGuard('jwt')",
      }),
    ],
  );
}
