// src/common/confirmed-email.guard.ts: lets a signed-in user with a confirmed e-mail through (`@Access(..., 'confirmed')`).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { userGuardTemplate } from '../_shared/user-guard.js';

export const confirmedEmailGuardTemplate = (): TypeScriptFile =>
  userGuardTemplate({
    path: 'src/common/confirmed-email.guard.ts',
    name: 'ConfirmedEmailGuard',
    docs: [
      "Runs after the guard of 'user' or 'admin', which reads the flag from the database with the",
      'user: a confirmation counts at once, without a new token.',
    ],
    refuse: 'user?.emailConfirmed !== true',
    message: [
      '  throw new ForbiddenException(',
      "    'Confirm your e-mail address first: follow the link mailed at sign-up, or ask for a new one with POST /users/confirm/resend',",
      '  );',
    ],
  });
