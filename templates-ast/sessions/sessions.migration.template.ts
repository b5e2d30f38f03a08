// The migration of the sessions table (--refresh-tokens): one row per signed-in device, gone with its user.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import {
  migrationFile,
  migrationTemplate,
  type MigrationFile,
} from '../database/migration.template.js';
import type { TableSpec } from '../database/sql-tables.js';

export const SESSIONS_TABLE: TableSpec = {
  name: 'sessions',
  columns: [
    { name: 'id', type: 'uuid-key' },
    { name: 'userId', type: 'uuid' },
    { name: 'secretHash', type: 'varchar' },
    { name: 'tokenVersion', type: 'integer' },
    { name: 'expiresAt', type: 'time' },
    { name: 'createdAt', type: 'created' },
    { name: 'updatedAt', type: 'updated' },
  ],
  unique: [],
  indexes: ['userId'],
  references: [{ column: 'userId', table: 'users' }],
  search: [],
};

/** One millisecond after the users migration, so that it runs after it. */
export const sessionsMigrationFile = (options: ProjectOptions): MigrationFile =>
  migrationFile('sessions', 'Sessions', options.migrationTimestamp + 1);

export function sessionsMigrationTemplate(options: ProjectOptions): TypeScriptFile {
  return migrationTemplate(
    options.database,
    sessionsMigrationFile(options),
    SESSIONS_TABLE,
    'The sessions table: looked up by id (its primary key) on every request, by user on sign-out everywhere.',
  );
}
