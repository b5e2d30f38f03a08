// The SQL of migrations, one table of statements per database: a new database adds a table, not `if`s.
import { createHash } from 'node:crypto';
import type { Database } from '../../src/project/options.js';

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
  /** Columns with an index of their own: the default sort key and owner references. */
  indexes: string[];
  /** `column -> users.id`, deleted with the user. */
  references: { column: string; table: string }[];
  /** Text columns that `q` searches through the database's text index. */
  search: string[];
}

export interface Dialect {
  up: (table: TableSpec) => string[];
  down: (table: TableSpec) => string[];
}

/**
 * TypeORM's default constraint and index names (DefaultNamingStrategy: a SHA-1 of table and
 * columns), so that `migration:generate` finds the entities and the migrations in agreement.
 */
const hashed = (prefix: string, length: number) => (table: string, column: string) =>
  `${prefix}_${createHash('sha1').update(`${table}_${column}`).digest('hex').slice(0, length)}`;
const primaryKeyName = hashed('PK', 27);
const uniqueName = hashed('UQ', 27);
const foreignKeyName = hashed('FK', 27);
export const indexName = hashed('IDX', 26);
/** The search index of a column (PostgreSQL) or the full-text table of a table (SQLite). */
export const searchIndexName = (table: string, column: string): string =>
  `IDX_${table}_${column}_search`;
export const searchTableName = (table: string): string => `${table}_search`;

const POSTGRES_TYPES: Record<ColumnType, string> = {
  'uuid-key': 'uuid NOT NULL DEFAULT gen_random_uuid()',
  uuid: 'uuid',
  varchar: 'character varying',
  'varchar(255)': 'character varying(255)',
  text: 'text',
  integer: 'integer',
  double: 'double precision',
  boolean: 'boolean',
  time: 'TIMESTAMP WITH TIME ZONE',
  created: 'TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()',
  updated: 'TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()',
};

const SQLITE_TYPES: Record<ColumnType, string> = {
  'uuid-key': 'varchar PRIMARY KEY NOT NULL',
  uuid: 'varchar',
  varchar: 'varchar',
  'varchar(255)': 'varchar(255)',
  text: 'text',
  integer: 'integer',
  double: 'double precision',
  boolean: 'boolean',
  time: 'datetime',
  created: "datetime NOT NULL DEFAULT (datetime('now'))",
  updated: "datetime NOT NULL DEFAULT (datetime('now'))",
};

/** `"name" type NOT NULL DEFAULT x`, as TypeORM writes it (SQLite wraps defaults in brackets). */
function columnSql(column: ColumnSpec, types: Record<ColumnType, string>, sqlite: boolean): string {
  const type = types[column.type];
  if (/NOT NULL/.test(type)) return `"${column.name}" ${type}`;
  const nullable = column.nullable ? '' : ' NOT NULL';
  const fallback =
    column.default === undefined
      ? ''
      : ` DEFAULT ${sqlite ? `(${column.default})` : postgresDefault(column)}`;
  return `"${column.name}" ${type}${nullable}${fallback}`;
}

/** PostgreSQL reports numeric defaults as text ('0'); TypeORM compares them so. */
const postgresDefault = (column: ColumnSpec): string =>
  column.type === 'integer' ? `'${column.default}'` : column.default!;

const quote = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

const POSTGRES: Dialect = {
  up: (table) => [
    `CREATE TABLE "${table.name}" (${[
      ...table.columns.map((column) => columnSql(column, POSTGRES_TYPES, false)),
      ...table.unique.map(
        (column) => `CONSTRAINT "${uniqueName(table.name, column)}" UNIQUE ("${column}")`,
      ),
      `CONSTRAINT "${primaryKeyName(table.name, 'id')}" PRIMARY KEY ("id")`,
    ].join(', ')})`,
    ...table.indexes.map(
      (column) =>
        `CREATE INDEX "${indexName(table.name, column)}" ON "${table.name}" ("${column}")`,
    ),
    ...table.references.map(
      ({ column, table: target }) =>
        `ALTER TABLE "${table.name}" ADD CONSTRAINT "${foreignKeyName(table.name, column)}" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    ),
    // pg_trgm GIN indexes answer ILIKE '%text%' from the index, folding case by the database's locale.
    ...(table.search.length > 0 ? ['CREATE EXTENSION IF NOT EXISTS pg_trgm'] : []),
    ...table.search.map(
      (column) =>
        `CREATE INDEX "${searchIndexName(table.name, column)}" ON "${table.name}" USING gin ("${column}" gin_trgm_ops)`,
    ),
  ],
  // Dropping the table drops its indexes and constraints; pg_trgm stays for the other tables.
  down: (table) => [`DROP TABLE "${table.name}"`],
};

const SQLITE: Dialect = {
  up: (table) => [
    `CREATE TABLE "${table.name}" (${[
      ...table.columns.map((column) => columnSql(column, SQLITE_TYPES, true)),
      ...table.unique.map(
        (column) => `CONSTRAINT "${uniqueName(table.name, column)}" UNIQUE ("${column}")`,
      ),
      ...table.references.map(
        ({ column, table: target }) =>
          `CONSTRAINT "${foreignKeyName(table.name, column)}" FOREIGN KEY ("${column}") REFERENCES "${target}" ("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      ),
    ].join(', ')})`,
    ...table.indexes.map(
      (column) =>
        `CREATE INDEX "${indexName(table.name, column)}" ON "${table.name}" ("${column}")`,
    ),
    ...(table.search.length > 0 ? sqliteSearch(table) : []),
  ],
  down: (table) => [
    ...(table.search.length > 0 ? [`DROP TABLE "${searchTableName(table.name)}"`] : []),
    `DROP TABLE "${table.name}"`,
  ],
};

/**
 * An FTS5 table over the searched columns with the trigram tokenizer (substrings of 3 characters
 * or more, Unicode case folded), kept up to date by triggers: SQLite's external-content recipe.
 */
function sqliteSearch(table: TableSpec): string[] {
  const search = searchTableName(table.name);
  const columns = quote(table.search);
  const values = (row: string) => table.search.map((column) => `${row}."${column}"`).join(', ');
  const remove = `INSERT INTO "${search}" ("${search}", rowid, ${columns}) VALUES ('delete', old.rowid, ${values('old')});`;
  const add = `INSERT INTO "${search}" (rowid, ${columns}) VALUES (new.rowid, ${values('new')});`;
  const trigger = (event: string, body: string) =>
    `CREATE TRIGGER "${search}_${event.toLowerCase()}" AFTER ${event} ON "${table.name}" BEGIN ${body} END`;
  return [
    `CREATE VIRTUAL TABLE "${search}" USING fts5(${columns}, content='${table.name}', tokenize='trigram')`,
    trigger('INSERT', add),
    trigger('DELETE', remove),
    trigger('UPDATE', `${remove} ${add}`),
    // Rows already in the table (none for a new one) enter the index.
    `INSERT INTO "${search}" ("${search}") VALUES ('rebuild')`,
  ];
}

export const DIALECTS: Partial<Record<Database, Dialect>> = { postgres: POSTGRES, sqlite: SQLITE };

export function dialectOf(database: Database): Dialect {
  const dialect = DIALECTS[database];
  if (!dialect) throw new Error(`no SQL migrations for ${database}`);
  return dialect;
}
