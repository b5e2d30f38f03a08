// The initial migration of a project with user accounts: the users table, its unique e-mail, sort and search indexes.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/model/project.js';
import {
  migrationFile,
  migrationTemplate,
  type MigrationFile,
} from '../database/migration.template.js';
import type { ColumnSpec, TableSpec } from '../database/sql-tables.js';

/** The column of a provider's user id (social sign-in): `githubId`. */
export const providerIdColumn = (provider: string): string => `${provider}Id`;

/**
 * The users table. With social sign-in, each provider's user id is a nullable unique column (its
 * index finds the user at sign-in), and the password is nullable: such users may have none. With
 * e-mail confirmation, whether each e-mail is confirmed.
 */
export function usersTable(options: ProjectOptions): TableSpec {
  const providers = socialProviders(options).map(providerIdColumn);
  const social = providers.length > 0;
  const providerColumns = providers.map((name): ColumnSpec => ({
    name,
    type: 'varchar',
    nullable: true,
  }));
  return {
    name: 'users',
    columns: [
      { name: 'id', type: 'uuid-key' },
      { name: 'email', type: 'varchar' },
      { name: 'name', type: 'varchar' },
      { name: 'picture', type: 'varchar' },
      // Without password sign-in (--auth-methods github,google) there is no password to store.
      ...(hasPassword(options)
        ? [{ name: 'password', type: 'varchar', ...(social ? { nullable: true } : {}) } as const]
        : []),
      { name: 'role', type: 'varchar', default: "'user'" },
      { name: 'tokenVersion', type: 'integer', default: '0' },
      ...providerColumns,
      // --email-confirmation: whether the e-mail is confirmed (set at sign-up, no default).
      ...(options.emailConfirmation ? [{ name: 'emailConfirmed', type: 'boolean' } as const] : []),
      { name: 'createdAt', type: 'created' },
      { name: 'updatedAt', type: 'updated' },
    ],
    unique: ['email', ...providers],
    indexes: ['createdAt'],
    references: [],
    search: ['name', 'email'],
  };
}

export const usersMigrationFile = (options: ProjectOptions): MigrationFile =>
  migrationFile('users', 'Users', options.migrationTimestamp);

export function usersMigrationTemplate(options: ProjectOptions): TypeScriptFile {
  return migrationTemplate(
    options.database,
    usersMigrationFile(options),
    usersTable(options),
    socialProviders(options).length > 0
      ? 'The users table: unique e-mails and provider ids, an index on the default sort key and the search on names and e-mails.'
      : 'The users table: unique e-mails, an index on the default sort key and the search on names and e-mails.',
  );
}
