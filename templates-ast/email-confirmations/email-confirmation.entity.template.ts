// How an e-mail confirmation is stored (src/users/): the SQL entity and its migration, or the Mongoose schema.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { tokenModelTemplate, tokenTable } from '../_shared/token-model.js';
import {
  migrationFile,
  migrationTemplate,
  type MigrationFile,
} from '../database/migration.template.js';

export const emailConfirmationModelPath = (options: ProjectOptions): string =>
  options.database === 'mongodb'
    ? 'src/users/schemas/email-confirmation.schema.ts'
    : 'src/users/entities/email-confirmation.entity.ts';

export const EMAIL_CONFIRMATIONS_TABLE = tokenTable('email_confirmations');

/** After the users table's, the sessions' (+1) and the password resets' (+2): it runs after them. */
export const emailConfirmationsMigrationFile = (options: ProjectOptions): MigrationFile =>
  migrationFile('email_confirmations', 'EmailConfirmations', options.migrationTimestamp + 3);

export function emailConfirmationsMigrationTemplate(options: ProjectOptions): TypeScriptFile {
  return migrationTemplate(
    options.database,
    emailConfirmationsMigrationFile(options),
    EMAIL_CONFIRMATIONS_TABLE,
    'E-mail confirmations: the hash of each mailed token (unique), its user (deleted with it) and when it expires.',
  );
}

export const emailConfirmationModelTemplate = (options: ProjectOptions): TypeScriptFile =>
  tokenModelTemplate(options, {
    className: 'EmailConfirmation',
    table: 'email_confirmations',
    path: emailConfirmationModelPath(options),
    userDocs: "A user's confirmations go with their account.",
    one: 'a confirmation',
  });
