// The SQL of migrations, one table of statements per database: a new database adds a table, not `if`s.
import { createHash } from 'node:crypto';
import type { Database } from '../../src/project/options.js';
import type { DeleteRule } from '../../src/resource/options.js';

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

/**
 * TypeORM's default constraint and index names (DefaultNamingStrategy: a SHA-1 of table and
 * columns), so that `migration:generate` finds the entities and the migrations in agreement.
 */
const hashed = (prefix: string, length: number) => (table: string, column: string) =>
  `${prefix}_${createHash('sha1').update(`${table}_${column}`).digest('hex').slice(0, length)}`;
const primaryKeyName = hashed('PK', 27);
const uniqueName = hashed('UQ', 27);
export const foreignKeyName = hashed('FK', 27);
export const indexName = hashed('IDX', 26);
/** TypeORM names a key of several columns after the sorted columns. */
const keyName = (table: TableSpec): string =>
  primaryKeyName(table.name, [...(table.primaryKey ?? ['id'])].sort().join('_'));

/** `ON DELETE ...` of a foreign key; every dialect of today spells the rules the same. */
export const onDeleteSql = (rule: DeleteRule = 'cascade', onUpdate?: 'cascade'): string =>
  `ON DELETE ${rule.toUpperCase()} ON UPDATE ${onUpdate ? 'CASCADE' : 'NO ACTION'}`;
/** The search index of a column (PostgreSQL) or the full-text table of a table (SQLite). */
export const searchIndexName = (table: string, column: string): string =>
  `IDX_${table}_${column}_search`;
export const searchTableName = (table: string): string => `${table}_search`;

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

const POSTGRES: Dialect = {
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

const SQLITE: Dialect = {
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

/**
 * MySQL 8 and MariaDB 10.6+: ids as varchar(36) (TypeORM draws them), booleans as tinyint,
 * microsecond datetimes. Tables take the database's character set and collation, as the entities
 * do (so `migration:generate` finds them in agreement): utf8mb4, whose default collations in MySQL 8
 * and MariaDB fold case and accents.
 */
const MYSQL_TYPES: Record<ColumnType, string> = {
  'uuid-key': 'varchar(36) NOT NULL',
  uuid: 'varchar(36)',
  varchar: 'varchar(255)',
  'varchar(255)': 'varchar(255)',
  text: 'text',
  integer: 'int',
  double: 'double',
  boolean: 'tinyint',
  time: 'datetime(6)',
  created: 'datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)',
  updated: 'datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6)',
};

const ticks = (names: string[]) => names.map((name) => `\`${name}\``).join(', ');

function mysqlColumn(column: ColumnSpec): string {
  const type = MYSQL_TYPES[column.type];
  if (/NOT NULL/.test(type)) return `\`${column.name}\` ${type}`;
  const nullable = column.nullable ? ' NULL' : ' NOT NULL';
  const fallback = column.default === undefined ? '' : ` DEFAULT ${column.default}`;
  return `\`${column.name}\` ${type}${nullable}${fallback}`;
}

/** An index key: text columns are indexed by their first 255 characters (InnoDB's key limit). */
const mysqlKey = (table: TableSpec, name: string): string =>
  table.columns.find((column) => column.name === name)?.type === 'text'
    ? `\`${name}\`(255)`
    : `\`${name}\``;

/** The FULLTEXT index over the searched columns of a table (one index: MATCH names them all). */
export const fullTextIndexName = (table: string): string => `IDX_${table}_search`;

const MYSQL: Dialect = {
  up: (table) => [
    `CREATE TABLE \`${table.name}\` (${[
      ...table.columns.map(mysqlColumn),
      // TypeORM keeps a unique column of MySQL as a unique index, under its index name.
      ...table.unique.map(
        (column) =>
          `UNIQUE INDEX \`${indexName(table.name, column)}\` (${mysqlKey(table, column)})`,
      ),
      ...table.indexes.map(
        (column) => `INDEX \`${indexName(table.name, column)}\` (${mysqlKey(table, column)})`,
      ),
      `PRIMARY KEY (${ticks(table.primaryKey ?? ['id'])})`,
    ].join(', ')}) ENGINE=InnoDB`,
    ...table.references.map(
      ({ column, table: target, onDelete, onUpdate }) =>
        `ALTER TABLE \`${table.name}\` ADD CONSTRAINT \`${foreignKeyName(table.name, column)}\` FOREIGN KEY (\`${column}\`) REFERENCES \`${target}\`(\`id\`) ${onDeleteSql(onDelete, onUpdate)}`,
    ),
    // Words as typed: no stop words (MySQL's list holds "com", as in every e-mail address).
    ...(table.search.length > 0
      ? [
          'SET SESSION innodb_ft_enable_stopword = OFF',
          `CREATE FULLTEXT INDEX \`${fullTextIndexName(table.name)}\` ON \`${table.name}\` (${ticks(table.search)})`,
        ]
      : []),
  ],
  down: (table) => [`DROP TABLE \`${table.name}\``],
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
