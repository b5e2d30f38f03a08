// What references change in an altered table: a foreign-key column with its index, a join table, and SQLite's rebuild.
import { sqliteSearch } from '../database/postgres-sqlite.dialects.js';
import { dialectOf } from '../database/sql-dialects.js';
import type { ColumnSpec, ForeignKey, TableSpec } from '../database/sql-tables.js';
import { foreignKeyName, indexName, onDeleteSql, searchTableName } from '../database/sql-names.js';

/** The foreign key of `column` in `table`, if it is a reference. */
export const foreignKeyOf = (table: TableSpec, column: ColumnSpec): ForeignKey | undefined =>
  table.references.find((key) => key.column === column.name);

/** PostgreSQL: the index and the constraint of a reference column just added. */
export function postgresKey(table: string, key: ForeignKey): string[] {
  return [
    `CREATE INDEX "${indexName(table, key.column)}" ON "${table}" ("${key.column}")`,
    `ALTER TABLE "${table}" ADD CONSTRAINT "${foreignKeyName(table, key.column)}" FOREIGN KEY ("${key.column}") REFERENCES "${key.table}"("id") ${onDeleteSql(key.onDelete, key.onUpdate)}`,
  ];
}

/**
 * SQLite cannot add or drop a foreign key of a table: it is built again with the new columns and
 * keys, as TypeORM does (its migrations run with foreign keys off, so the rows that refer to this
 * table stay). The rows are copied column by column (a new column starts empty); the indexes and
 * the search table come back.
 */
export function sqliteRebuild(
  from: TableSpec,
  to: TableSpec,
  fill: (column: ColumnSpec) => string | undefined,
): string[] {
  const temporary = `temporary_${to.name}`;
  const [create = '', ...indexes] = dialectOf('sqlite').up({ ...to, search: [] });
  // The columns kept, and the new required ones with the value the rows get.
  const copied = to.columns.flatMap((column) => {
    if (from.columns.some((old) => old.name === column.name)) {
      return [{ name: column.name, value: `"${column.name}"` }];
    }
    const value = column.nullable ? undefined : fill(column);
    return value === undefined ? [] : [{ name: column.name, value }];
  });
  const names = copied.map((column) => `"${column.name}"`).join(', ');
  const values = copied.map((column) => column.value).join(', ');
  return [
    ...(from.search.length > 0
      ? [
          ...['insert', 'delete', 'update'].map(
            (event) => `DROP TRIGGER IF EXISTS "${searchTableName(from.name)}_${event}"`,
          ),
          `DROP TABLE IF EXISTS "${searchTableName(from.name)}"`,
        ]
      : []),
    create.replace(`CREATE TABLE "${to.name}"`, `CREATE TABLE "${temporary}"`),
    `INSERT INTO "${temporary}" (${names}) SELECT ${values} FROM "${from.name}"`,
    `DROP TABLE "${from.name}"`,
    `ALTER TABLE "${temporary}" RENAME TO "${to.name}"`,
    ...indexes,
    ...(to.search.length > 0 ? sqliteSearch(to) : []),
  ];
}

/** Join tables of list references: made for the lists added, dropped with the lists removed. */
export function joinTableChanges(
  database: 'mysql' | 'postgres' | 'sqlite',
  from: TableSpec[],
  to: TableSpec[],
): string[] {
  const dialect = dialectOf(database);
  const named = (list: TableSpec[], table: TableSpec) =>
    list.some((other) => other.name === table.name);
  return [
    ...to.filter((table) => !named(from, table)).flatMap(dialect.up),
    ...from.filter((table) => !named(to, table)).flatMap(dialect.down),
  ];
}
