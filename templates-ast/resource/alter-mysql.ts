// MySQL's and MariaDB's statements of a table changed in place: columns added (rows filled), renamed (RENAME COLUMN, MariaDB 10.5+ and MySQL 8), dropped.
import { mysqlColumn, mysqlKey, mysqlSearch } from '../database/mysql.dialect.js';
import type { ColumnSpec, ForeignKey } from '../database/sql-tables.js';
import {
  foreignKeyName,
  fullTextIndexName,
  indexName,
  onDeleteSql,
} from '../database/sql-names.js';
import { added, backfilled, removed, type TableChange } from './alter-columns.js';
import { foreignKeyOf, joinTableChanges } from './alter-references.js';

const tick = (name: string) => `\`${name}\``;

/**
 * A required column comes in empty, the rows get a value, then it turns NOT NULL: no default is
 * left behind (the entity has none), and MySQL 8 allows no literal default on a text column.
 */
function addColumn(table: string, column: ColumnSpec): string[] {
  const filled = backfilled(column, 'mysql');
  if (filled === column || filled.nullable) {
    return [`ALTER TABLE ${tick(table)} ADD ${mysqlColumn(filled)}`];
  }
  return [
    `ALTER TABLE ${tick(table)} ADD ${mysqlColumn({ ...column, nullable: true })}`,
    `UPDATE ${tick(table)} SET ${tick(column.name)} = ${filled.default}`,
    `ALTER TABLE ${tick(table)} MODIFY ${mysqlColumn(column)}`,
  ];
}

/** The index and the constraint of a reference column just added. */
const addKey = (table: string, key: ForeignKey): string[] => [
  `CREATE INDEX ${tick(indexName(table, key.column))} ON ${tick(table)} (${tick(key.column)})`,
  `ALTER TABLE ${tick(table)} ADD CONSTRAINT ${tick(foreignKeyName(table, key.column))} FOREIGN KEY (${tick(key.column)}) REFERENCES ${tick(key.table)}(\`id\`) ${onDeleteSql(key.onDelete, key.onUpdate)}`,
];

/** A column of --indexes gets its index back; one of a reference, its key. */
function indexesOf(change: TableChange, column: ColumnSpec): string[] {
  const table = change.to.name;
  const key = foreignKeyOf(change.to, column);
  if (key) return addKey(table, key);
  return change.to.indexes.includes(column.name)
    ? [
        `CREATE INDEX ${tick(indexName(table, column.name))} ON ${tick(table)} (${mysqlKey(change.to, column.name)})`,
      ]
    : [];
}

/** MySQL refuses to drop a column its foreign key needs: the key goes first, the index with the column. */
function dropColumn(change: TableChange, column: ColumnSpec): string[] {
  const table = change.from.name;
  return [
    ...(foreignKeyOf(change.from, column)
      ? [`ALTER TABLE ${tick(table)} DROP FOREIGN KEY ${tick(foreignKeyName(table, column.name))}`]
      : []),
    `ALTER TABLE ${tick(table)} DROP COLUMN ${tick(column.name)}`,
  ];
}

/**
 * The FULLTEXT index names its columns: when the searched columns change (not merely renamed,
 * which the index follows) it is dropped first and made again last.
 */
export function mysqlAlter(change: TableChange): string[] {
  const table = change.to.name;
  const searchedBefore = change.from.search.map((name) => change.renames.get(name) ?? name);
  const research = searchedBefore.join() !== change.to.search.join();
  return [
    ...(research && change.from.search.length > 0
      ? [`DROP INDEX ${tick(fullTextIndexName(table))} ON ${tick(table)}`]
      : []),
    ...added(change).flatMap((column) => [
      ...addColumn(table, column),
      ...indexesOf(change, column),
    ]),
    ...[...change.renames].flatMap(([from, to]) => [
      `ALTER TABLE ${tick(table)} RENAME COLUMN ${tick(from)} TO ${tick(to)}`,
      // An index of --indexes is named after its column: it follows the column's new name.
      ...(change.from.indexes.includes(from)
        ? [
            `ALTER TABLE ${tick(table)} RENAME INDEX ${tick(indexName(table, from))} TO ${tick(indexName(table, to))}`,
          ]
        : []),
    ]),
    ...removed(change).flatMap((column) => dropColumn(change, column)),
    ...(change.joins ? joinTableChanges('mysql', change.joins.from, change.joins.to) : []),
    ...(research ? mysqlSearch(change.to) : []),
  ];
}
