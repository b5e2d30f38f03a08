// The tables a migration creates, as the SQL dialects read them: columns, keys, indexes, references.
import type { DeleteRule } from '../../src/model/resource.js';

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

export interface Dialect {
  up: (table: TableSpec) => string[];
  down: (table: TableSpec) => string[];
}
