// The names and spellings every SQL dialect shares: TypeORM's constraint and index names, foreign-key rules, search indexes.
import { createHash } from 'node:crypto';
import type { DeleteRule } from '../../src/model/resource.js';
import type { TableSpec } from './sql-tables.js';

/**
 * TypeORM's default constraint and index names (DefaultNamingStrategy: a SHA-1 of table and
 * columns), so that `migration:generate` finds the entities and the migrations in agreement.
 */
const hashed = (prefix: string, length: number) => (table: string, column: string) =>
  `${prefix}_${createHash('sha1').update(`${table}_${column}`).digest('hex').slice(0, length)}`;
const primaryKeyName = hashed('PK', 27);
export const uniqueName = hashed('UQ', 27);
export const foreignKeyName = hashed('FK', 27);
export const indexName = hashed('IDX', 26);
/** TypeORM names a key of several columns after the sorted columns. */
export const keyName = (table: TableSpec): string =>
  primaryKeyName(table.name, [...(table.primaryKey ?? ['id'])].sort().join('_'));

/** `ON DELETE ...` of a foreign key; every dialect of today spells the rules the same. */
export const onDeleteSql = (rule: DeleteRule = 'cascade', onUpdate?: 'cascade'): string =>
  `ON DELETE ${rule.toUpperCase()} ON UPDATE ${onUpdate ? 'CASCADE' : 'NO ACTION'}`;
/** The search index of a column (PostgreSQL) or the full-text table of a table (SQLite). */
export const searchIndexName = (table: string, column: string): string =>
  `IDX_${table}_${column}_search`;
export const searchTableName = (table: string): string => `${table}_search`;

/** The FULLTEXT index over the searched columns of a table (one index: MATCH names them all). */
export const fullTextIndexName = (table: string): string => `IDX_${table}_search`;
