// The SQL of migrations, one table of statements per database: a new database adds a table, not `if`s.
import type { Database } from '../../src/model/project.js';
import { MYSQL } from './mysql.dialect.js';
import { POSTGRES, SQLITE } from './postgres-sqlite.dialects.js';
import type { Dialect } from './sql-tables.js';

/** The TypeORM column options of a point in time, as the migrations create it. */
export const timestampColumn = (database: Database): string =>
  ({ postgres: "type: 'timestamptz'", mysql: "type: 'datetime', precision: 6" })[
    database as 'postgres' | 'mysql'
  ] ?? "type: 'datetime'";

/**
 * The TypeORM column options of a column holding another row's id (`userId`, `categoryId`), as the
 * migrations create it: the key's own type. On MySQL and MariaDB that is varchar(36), the length
 * TypeORM gives a uuid key there; a bare `varchar` would mean varchar(255), and migration:generate
 * would drop and add the column (its data with it) to change the length.
 */
export const referenceIdColumn = (database: Database): string =>
  ({ postgres: "type: 'uuid'", mysql: "type: 'varchar', length: 36" })[
    database as 'postgres' | 'mysql'
  ] ?? "type: 'varchar'";

/** The driver's `code` of a unique violation (the sign-up race of one e-mail). */
export const UNIQUE_VIOLATION: Record<Exclude<Database, 'mongodb'>, string> = {
  mysql: 'ER_DUP_ENTRY',
  postgres: '23505',
  sqlite: 'SQLITE_CONSTRAINT_UNIQUE',
};

export const DIALECTS: Partial<Record<Database, Dialect>> = {
  mysql: MYSQL,
  postgres: POSTGRES,
  sqlite: SQLITE,
};

export function dialectOf(database: Database): Dialect {
  const dialect = DIALECTS[database];
  if (!dialect) throw new Error(`no SQL migrations for ${database}`);
  return dialect;
}
