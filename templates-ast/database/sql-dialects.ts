// The SQL of migrations, one table of statements per database: a new database adds a table, not `if`s.
import type { Database } from '../../src/model/project.js';
import type { DeleteRule } from '../../src/model/resource.js';
import { MYSQL } from './mysql.dialect.js';
import { POSTGRES, SQLITE } from './postgres-sqlite.dialects.js';

/** A column as the migration creates it; `type` names a kind the dialects spell out. */
export interface ColumnSpec {
  name: string;
  type: ColumnType;
  nullable?: boolean;
  /** A literal default, as SQL (`'user'`, `0`). */
  default?: string;
}

export type ColumnType =
  | 'uuid-key'
  | 'uuid'
  | 'varchar'
  | 'varchar(255)'
  | 'text'
  | 'integer'
  | 'double'
  | 'boolean'
  | 'time'
  | 'created'
  | 'updated';

export interface TableSpec {
  name: string;
  columns: ColumnSpec[];
  unique: string[];
  /** Columns with an index of their own: the default sort key and the references. */
  indexes: string[];
  /** `column -> table.id`; what deleting the referenced row does (cascade when missing: owners). */
  references: ForeignKey[];
  /** A key of several columns (join tables); `id` when missing. */
  primaryKey?: string[];
  /** Text columns that `q` searches through the database's text index. */
  search: string[];
}

export interface ForeignKey {
  column: string;
  table: string;
  onDelete?: DeleteRule;
  /** Join tables follow a changed id, as TypeORM's junctions do. */
  onUpdate?: 'cascade';
}

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

export interface Dialect {
  up: (table: TableSpec) => string[];
  down: (table: TableSpec) => string[];
}

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
