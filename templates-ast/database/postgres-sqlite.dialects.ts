// The migrations' SQL of PostgreSQL and SQLite, which spell columns alike (double-quoted, TypeORM's types).
import type { ColumnSpec, ColumnType, Dialect, TableSpec } from './sql-tables.js';
import {
  foreignKeyName,
  indexName,
  keyName,
  onDeleteSql,
  searchIndexName,
  searchTableName,
  uniqueName,
} from './sql-names.js';

export const POSTGRES_TYPES: Record<ColumnType, string> = {
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

export const SQLITE_TYPES: Record<ColumnType, string> = {
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
export function columnSql(
  column: ColumnSpec,
  types: Record<ColumnType, string>,
  sqlite: boolean,
): string {
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

export const POSTGRES: Dialect = {
  up: (table) => [
    `CREATE TABLE "${table.name}" (${[
      ...table.columns.map((column) => columnSql(column, POSTGRES_TYPES, false)),
      ...table.unique.map(
        (column) => `CONSTRAINT "${uniqueName(table.name, column)}" UNIQUE ("${column}")`,
      ),
      `CONSTRAINT "${keyName(table)}" PRIMARY KEY (${quote(table.primaryKey ?? ['id'])})`,
    ].join(', ')})`,
    ...table.indexes.map(
      (column) =>
        `CREATE INDEX "${indexName(table.name, column)}" ON "${table.name}" ("${column}")`,
    ),
    ...table.references.map(
      ({ column, table: target, onDelete, onUpdate }) =>
        `ALTER TABLE "${table.name}" ADD CONSTRAINT "${foreignKeyName(table.name, column)}" FOREIGN KEY ("${column}") REFERENCES "${target}"("id") ${onDeleteSql(onDelete, onUpdate)}`,
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

export const SQLITE: Dialect = {
  up: (table) => [
    `CREATE TABLE "${table.name}" (${[
      ...table.columns.map((column) => columnSql(column, SQLITE_TYPES, true)),
      ...table.unique.map(
        (column) => `CONSTRAINT "${uniqueName(table.name, column)}" UNIQUE ("${column}")`,
      ),
      ...(table.primaryKey
        ? [`CONSTRAINT "${keyName(table)}" PRIMARY KEY (${quote(table.primaryKey)})`]
        : []),
      ...table.references.map(
        ({ column, table: target, onDelete, onUpdate }) =>
          `CONSTRAINT "${foreignKeyName(table.name, column)}" FOREIGN KEY ("${column}") REFERENCES "${target}" ("id") ${onDeleteSql(onDelete, onUpdate)}`,
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
export function sqliteSearch(table: TableSpec): string[] {
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
