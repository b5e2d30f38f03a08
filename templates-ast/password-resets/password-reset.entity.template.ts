// How a password reset is stored: the SQL entity and its migration, or the Mongoose schema. Only a hash of the token.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { tokenModelTemplate, tokenTable } from '../_shared/token-model.js';
import {
  migrationFile,
  migrationTemplate,
  type MigrationFile,
} from '../database/migration.template.js';
import type { TableSpec } from '../database/sql-tables.js';

export const passwordResetModelPath = (options: ProjectOptions): string =>
  options.database === 'mongodb'
    ? 'src/password-resets/schemas/password-reset.schema.ts'
    : 'src/password-resets/entities/password-reset.entity.ts';

export const PASSWORD_RESETS_TABLE: TableSpec = tokenTable('password_resets');

/** One millisecond after the users table's, so that it runs after it. */
export const passwordResetsMigrationFile = (options: ProjectOptions): MigrationFile =>
  migrationFile('password_resets', 'PasswordResets', options.migrationTimestamp + 2);

export function passwordResetsMigrationTemplate(options: ProjectOptions): TypeScriptFile {
  return migrationTemplate(
    options.database,
    passwordResetsMigrationFile(options),
    PASSWORD_RESETS_TABLE,
    'Password resets: the hash of each mailed token (unique), its user (deleted with it) and when it expires.',
  );
}

export const passwordResetModelTemplate = (options: ProjectOptions): TypeScriptFile =>
  tokenModelTemplate(options, {
    className: 'PasswordReset',
    table: 'password_resets',
    path: passwordResetModelPath(options),
    userDocs: "A user's resets go with their account.",
    one: 'a reset',
  });
