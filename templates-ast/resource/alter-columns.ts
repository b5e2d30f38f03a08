// What an altered table changes, as every SQL dialect reads it: the columns added and removed, and the value rows get in a required one.
import type { Database } from '../../src/model/project.js';
import type { ColumnSpec, ColumnType, TableSpec } from '../database/sql-tables.js';

/** What a column changes into: `renames` maps old column names to new ones. */
export interface TableChange {
  from: TableSpec;
  to: TableSpec;
  renames: ReadonlyMap<string, string>;
  /** The join tables of the list references before and after. */
  joins?: { from: TableSpec[]; to: TableSpec[] };
}

/** The current time, as each database spells it in a statement. */
const NOW: Partial<Record<Database, string>> = {
  sqlite: "datetime('now')",
  mysql: 'CURRENT_TIMESTAMP(6)',
};

/**
 * What rows that exist get in a column added as required: the database needs a value for them.
 * PostgreSQL and MySQL drop it again (the entity has no default); SQLite cannot, and keeps it.
 */
const BACKFILL: Partial<Record<ColumnType, (database: Database) => string>> = {
  'varchar(255)': () => "''",
  text: () => "''",
  integer: () => '0',
  double: () => '0',
  boolean: () => 'false',
  time: (database) => NOW[database] ?? 'now()',
};

export const added = (change: TableChange): ColumnSpec[] =>
  change.to.columns.filter(
    (column) =>
      !change.from.columns.some(
        (old) => (change.renames.get(old.name) ?? old.name) === column.name,
      ),
  );

export const removed = (change: TableChange): ColumnSpec[] =>
  change.from.columns.filter(
    (old) =>
      !change.to.columns.some(
        (column) => column.name === (change.renames.get(old.name) ?? old.name),
      ),
  );

/** A required column with the value the rows get; no id can be made up for a reference: one comes back nullable (the down of a removed one). */
export const backfilled = (column: ColumnSpec, database: Database): ColumnSpec =>
  column.nullable || column.default !== undefined
    ? column
    : column.type === 'uuid'
      ? { ...column, nullable: true }
      : { ...column, default: BACKFILL[column.type]?.(database) ?? "''" };
