// src/database/migrations.ts: every migration of the project, oldest first; `rest api` appends its resource's.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkgTypes } from '../_shared/pieces.js';
import { constant, tsFile } from '../_shared/ts.js';
import { usersMigrationFile } from '../users/users.migration.template.js';
import { sessionsMigrationFile } from '../sessions/sessions.migration.template.js';
import { passwordResetsMigrationFile } from '../password-resets/password-reset.entity.template.js';
import { MIGRATIONS_LIST } from './migration.template.js';
import { emailConfirmationsMigrationFile } from '../email-confirmations/email-confirmation.entity.template.js';

export function migrationsTemplate(options: ProjectOptions): TypeScriptFile {
  const initial = [
    ...(options.auth ? [usersMigrationFile(options)] : []),
    ...(options.refreshTokens ? [sessionsMigrationFile(options)] : []),
    ...(options.passwordReset ? [passwordResetsMigrationFile(options)] : []),
    ...(options.emailConfirmation ? [emailConfirmationsMigrationFile(options)] : []),
  ];
  return tsFile(
    MIGRATIONS_LIST,
    [
      pkgTypes('typeorm', 'MigrationInterface'),
      ...initial.map((file) => ({ from: file.path, named: [file.className] })),
    ],
    [
      constant('MIGRATIONS', `[${initial.map((file) => file.className).join(', ')}]`, {
        type: '(new () => MigrationInterface)[]',
        docs: [
          'Every migration, oldest first. The app runs the pending ones at start-up (unless',
          'MIGRATIONS_RUN=false), and so does `npm run migration:run`; add the ones you generate here.',
        ],
      }),
    ],
  );
}
