// The migrations' SQL of MySQL and MariaDB: backticks, InnoDB tables, one FULLTEXT index for `q`.
import type { ColumnSpec, ColumnType, Dialect, TableSpec } from './sql-tables.js';
import { foreignKeyName, fullTextIndexName, indexName, onDeleteSql } from './sql-names.js';

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

export function mysqlColumn(column: ColumnSpec): string {
  const type = MYSQL_TYPES[column.type];
  if (/NOT NULL/.test(type)) return `\`${column.name}\` ${type}`;
  const nullable = column.nullable ? ' NULL' : ' NOT NULL';
  const fallback = column.default === undefined ? '' : ` DEFAULT ${column.default}`;
  return `\`${column.name}\` ${type}${nullable}${fallback}`;
}

/** An index key: text columns are indexed by their first 255 characters (InnoDB's key limit). */
export const mysqlKey = (table: TableSpec, name: string): string =>
  table.columns.find((column) => column.name === name)?.type === 'text'
    ? `\`${name}\`(255)`
    : `\`${name}\``;

export const MYSQL: Dialect = {
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
    ...mysqlSearch(table),
  ],
  down: (table) => [`DROP TABLE \`${table.name}\``],
};

/** The FULLTEXT index of `q`, words as typed: no stop words (MySQL's list holds "com", as in every e-mail address). */
export const mysqlSearch = (table: TableSpec): string[] =>
  table.search.length > 0
    ? [
        'SET SESSION innodb_ft_enable_stopword = OFF',
        `CREATE FULLTEXT INDEX \`${fullTextIndexName(table.name)}\` ON \`${table.name}\` (${ticks(table.search)})`,
      ]
    : [];
