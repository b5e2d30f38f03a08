// The initial migration of a project with user accounts: the users table, its unique e-mail, sort and search indexes.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import {
  migrationFile,
  migrationTemplate,
  type MigrationFile,
} from '../database/migration.template.js';
import type { TableSpec } from '../database/sql-dialects.js';

export const USERS_TABLE: TableSpec = {
  name: 'users',
  columns: [
    { name: 'id', type: 'uuid-key' },
    { name: 'email', type: 'varchar' },
    { name: 'name', type: 'varchar' },
    { name: 'picture', type: 'varchar' },
    { name: 'password', type: 'varchar' },
    { name: 'role', type: 'varchar', default: "'user'" },
    { name: 'tokenVersion', type: 'integer', default: '0' },
    { name: 'createdAt', type: 'created' },
    { name: 'updatedAt', type: 'updated' },
  ],
  unique: ['email'],
  indexes: ['createdAt'],
  references: [],
  search: ['name', 'email'],
};

/** The users table; with --email-confirmation, whether each e-mail is confirmed (set at sign-up, no default). */
export const usersTable = (options: Pick<ProjectOptions, 'emailConfirmation'>): TableSpec => ({
  ...USERS_TABLE,
  columns: options.emailConfirmation
    ? [
        ...USERS_TABLE.columns.slice(0, -2),
        { name: 'emailConfirmed', type: 'boolean' },
        ...USERS_TABLE.columns.slice(-2),
      ]
    : USERS_TABLE.columns,
});

export const usersMigrationFile = (options: ProjectOptions): MigrationFile =>
  migrationFile('users', 'Users', options.migrationTimestamp);

export function usersMigrationTemplate(options: ProjectOptions): TypeScriptFile {
  return migrationTemplate(
    options.database,
    usersMigrationFile(options),
    usersTable(options),
    'The users table: unique e-mails, an index on the default sort key and the search on names and e-mails.',
  );
}
