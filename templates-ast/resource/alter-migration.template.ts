// `src/database/migrations/<timestamp>-<change>.ts`: a resource's table changed in place (columns added, renamed, dropped), data kept.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { Database } from '../../src/model/project.js';
import { pkgTypes } from '../_shared/pieces.js';
import { classOf, code, tsFile } from '../_shared/ts.js';
import { MIGRATIONS_FOLDER, queries, type MigrationFile } from '../database/migration.template.js';
import { foreignKeyOf, joinTableChanges, postgresKey, sqliteRebuild } from './alter-references.js';
import {
  columnSql,
  POSTGRES_TYPES,
  SQLITE_TYPES,
  sqliteSearch,
} from '../database/postgres-sqlite.dialects.js';
import type { ColumnSpec } from '../database/sql-tables.js';
import { added, backfilled, removed, type TableChange } from './alter-columns.js';
import { mysqlAlter } from './alter-mysql.js';
import { indexName, searchIndexName, searchTableName } from '../database/sql-names.js';

export type { TableChange } from './alter-columns.js';

/** `AddSummaryToArticles1763890000000` in `<timestamp>-add-summary-to-articles.ts`. */
export function alterMigrationFile(words: string[], timestamp: number): MigrationFile {
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  const kebab = words.map((word) => word.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase());
  return {
    className: `${pascal}${timestamp}`,
    path: `src/${MIGRATIONS_FOLDER}/${timestamp}-${kebab.join('-').replace(/_/g, '-')}.ts`,
  };
}

const joins = (database: 'postgres' | 'sqlite', change: TableChange) =>
  change.joins ? joinTableChanges(database, change.joins.from, change.joins.to) : [];

/** The index of a column added back with its index (--indexes), as a migration's down does. */
const addedIndex = (change: TableChange, column: ColumnSpec): string[] =>
  change.to.indexes.includes(column.name)
    ? [
        `CREATE INDEX "${indexName(change.to.name, column.name)}" ON "${change.to.name}" ("${column.name}")`,
      ]
    : [];

function postgres(change: TableChange): string[] {
  const table = change.to.name;
  const searchedBefore = change.from.search.map((name) => change.renames.get(name) ?? name);
  const newSearch = change.to.search.filter((name) => !searchedBefore.includes(name));
  return [
    ...added(change).flatMap((column) => {
      const spec = backfilled(column, 'postgres');
      const key = foreignKeyOf(change.to, column);
      return [
        `ALTER TABLE "${table}" ADD ${columnSql(spec, POSTGRES_TYPES, false)}`,
        ...(spec.nullable
          ? []
          : [`ALTER TABLE "${table}" ALTER COLUMN "${column.name}" DROP DEFAULT`]),
        // A reference column's index comes with its key; another column's from --indexes.
        ...(key ? postgresKey(table, key) : addedIndex(change, column)),
      ];
    }),
    ...[...change.renames].flatMap(([from, to]) => [
      `ALTER TABLE "${table}" RENAME COLUMN "${from}" TO "${to}"`,
      ...(change.from.search.includes(from)
        ? [
            `ALTER INDEX "${searchIndexName(table, from)}" RENAME TO "${searchIndexName(table, to)}"`,
          ]
        : []),
      // An index of --indexes is named after its column: it follows the column's new name.
      ...(change.from.indexes.includes(from)
        ? [`ALTER INDEX "${indexName(table, from)}" RENAME TO "${indexName(table, to)}"`]
        : []),
    ]),
    // Dropping a column drops its indexes and foreign key.
    ...removed(change).map((column) => `ALTER TABLE "${table}" DROP COLUMN "${column.name}"`),
    ...joins('postgres', change),
    ...(newSearch.length > 0 ? ['CREATE EXTENSION IF NOT EXISTS pg_trgm'] : []),
    ...newSearch.map(
      (column) =>
        `CREATE INDEX "${searchIndexName(table, column)}" ON "${table}" USING gin ("${column}" gin_trgm_ops)`,
    ),
  ];
}

/** SQLite's full-text table names its columns: it is built again around the columns' change. */
function sqlite(change: TableChange): string[] {
  const table = change.to.name;
  // A foreign key added by ADD COLUMN sits on the column, where TypeORM does not read it back.
  const keyed =
    removed(change).some((column) => foreignKeyOf(change.from, column)) ||
    added(change).some((column) => foreignKeyOf(change.to, column));
  if (keyed) {
    return [
      ...joins('sqlite', change),
      ...sqliteRebuild(change.from, change.to, (column) => backfilled(column, 'sqlite').default),
    ];
  }
  const search = searchTableName(table);
  const rebuild =
    change.from.search.join() !== change.to.search.join() ||
    change.from.search.some((name) => change.renames.has(name));
  return [
    ...(rebuild && change.from.search.length > 0
      ? [
          ...['insert', 'delete', 'update'].map(
            (event) => `DROP TRIGGER IF EXISTS "${search}_${event}"`,
          ),
          `DROP TABLE IF EXISTS "${search}"`,
        ]
      : []),
    ...added(change).flatMap((column) => [
      `ALTER TABLE "${table}" ADD COLUMN ${columnSql(backfilled(column, 'sqlite'), SQLITE_TYPES, true)}`,
      ...addedIndex(change, column),
    ]),
    ...[...change.renames].flatMap(([from, to]) => [
      `ALTER TABLE "${table}" RENAME COLUMN "${from}" TO "${to}"`,
      // SQLite cannot rename an index: the one named after the column is made again under the new name.
      ...(change.from.indexes.includes(from)
        ? [
            `DROP INDEX "${indexName(table, from)}"`,
            `CREATE INDEX "${indexName(table, to)}" ON "${table}" ("${to}")`,
          ]
        : []),
    ]),
    // SQLite refuses to drop an indexed column (--indexes): its index goes first.
    ...removed(change).flatMap((column) => [
      ...(change.from.indexes.includes(column.name)
        ? [`DROP INDEX "${indexName(table, column.name)}"`]
        : []),
      `ALTER TABLE "${table}" DROP COLUMN "${column.name}"`,
    ]),
    ...(rebuild && change.to.search.length > 0 ? sqliteSearch(change.to) : []),
    ...joins('sqlite', change),
  ];
}

const STATEMENTS: Partial<Record<Database, (change: TableChange) => string[]>> = {
  mysql: mysqlAlter,
  postgres,
  sqlite,
};

/** Up goes from the old table to the new; down back again (a dropped column comes back empty). */
export function alterMigrationTemplate(
  database: Database,
  file: MigrationFile,
  change: TableChange,
  docs: string,
): TypeScriptFile {
  const statements = STATEMENTS[database];
  if (!statements) throw new Error(`no SQL migrations for ${database}`);
  const back = new Map([...change.renames].map(([from, to]) => [to, from]));
  const runner = [{ name: 'queryRunner', type: 'QueryRunner' }];
  const method = (name: string, list: string[]) => ({
    name,
    isAsync: true,
    parameters: runner,
    returnType: 'Promise<void>',
    statements: code(...queries(list)),
  });
  return tsFile(
    file.path,
    [pkgTypes('typeorm', 'MigrationInterface', 'QueryRunner')],
    [
      classOf({
        name: file.className,
        docs: [docs],
        implements: ['MigrationInterface'],
        properties: [{ name: 'name', initializer: `'${file.className}'` }],
        methods: [
          method('up', statements(change)),
          method(
            'down',
            statements({
              from: change.to,
              to: change.from,
              renames: back,
              ...(change.joins ? { joins: { from: change.joins.to, to: change.joins.from } } : {}),
            }),
          ),
        ],
      }),
    ],
  );
}
