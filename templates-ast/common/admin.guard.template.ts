// src/common/admin.guard.ts: lets a signed-in admin through; anyone else signed in gets 403.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { userGuardTemplate } from '../_shared/user-guard.js';

export const adminGuardTemplate = (): TypeScriptFile =>
  userGuardTemplate({
    path: 'src/common/admin.guard.ts',
    name: 'AdminGuard',
    refuse: "user?.role !== 'admin'",
    message: ["  throw new ForbiddenException('Only an admin may do this');"],
  });
