// The migrations an upgrade needs when the new templates change a table, written as rest api writes its own.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MIGRATIONS_LIST,
  migrationTemplate,
  type MigrationFile,
} from '../../templates-ast/database/migration.template.js';
import { projectTables } from '../../templates-ast/database/project-tables.js';
import type { TableSpec } from '../../templates-ast/database/sql-tables.js';
import { added, removed, type TableChange } from '../../templates-ast/resource/alter-columns.js';
import {
  alterMigrationFile,
  alterMigrationTemplate,
} from '../../templates-ast/resource/alter-migration.template.js';
import type { GeneratedFile } from '../engine/generated-file.js';
import { formatFile } from '../engine/format.js';
import type { EditedFile } from '../engine/plan.js';
import { renderFiles } from '../engine/render.js';
import type { ProjectConfig } from '../model/config-record.js';
import type { ProjectOptions } from '../model/project.js';
import { nextMigrationTimestamp } from '../resource/add-resource.js';
import { addMigrationToList } from '../resource/migrations-editor.js';

export interface SchemaMigrations {
  files: EditedFile[];
  notes: string[];
  /** The tables as this restsmith's migrations make them: the record after the upgrade. */
  tables: Record<string, TableSpec>;
}

/**
 * For each table whose recorded shape (what the project's migrations made) differs from this
 * restsmith's: a migration adding or removing its columns, or creating a table new to this version.
 * A change of another kind (a column's type, an index alone) is named, with TypeORM's way to write it.
 */
export async function schemaMigrations(
  root: string,
  config: ProjectConfig,
  options: ProjectOptions,
  recorded: Record<string, unknown>,
  version: string,
): Promise<SchemaMigrations> {
  const now = projectTables(options);
  const result: SchemaMigrations = {
    files: [],
    notes: [],
    tables: Object.fromEntries(now.map((table) => [table.name, table])),
  };
  let timestamp = await nextMigrationTimestamp(root, config);
  const written: { file: MigrationFile; template: GeneratedFile }[] = [];
  for (const table of now) {
    const before = recorded[table.name] as TableSpec | undefined;
    if (JSON.stringify(before) === JSON.stringify(table)) continue;
    const words = [before ? 'upgrade' : 'create', camel(table.name)];
    const file = alterMigrationFile(words, timestamp);
    if (!before) {
      const docs = `The ${table.name} table, new in restsmith ${version}.`;
      written.push({ file, template: migrationTemplate(options.database, file, table, docs) });
    } else {
      const change: TableChange = { from: before, to: table, renames: new Map() };
      if (!columnsOnly(change)) {
        result.notes.push(
          `the ${table.name} table changes in restsmith ${version} beyond added or removed columns: write its migration with npm run migration:generate -- src/database/migrations/Upgrade (TypeORM compares the entities with the database of .env), review it and commit it.`,
        );
        continue;
      }
      const docs = `${table.name} as restsmith ${version} makes it: the rows keep their other columns.`;
      written.push({
        file,
        template: alterMigrationTemplate(options.database, file, change, docs),
      });
    }
    timestamp += 1;
  }
  for (const name of Object.keys(recorded)) {
    if (!now.some((table) => table.name === name)) {
      result.notes.push(
        `restsmith ${version} makes no ${name} table any more: it stays with its rows; drop it in a migration of your own once nothing needs them.`,
      );
    }
  }
  if (written.length > 0) result.files = await migrationFiles(root, written);
  return result;
}

async function migrationFiles(
  root: string,
  written: { file: MigrationFile; template: GeneratedFile }[],
): Promise<EditedFile[]> {
  const templates = written.map(({ template }) => template);
  const rendered = await renderFiles(templates, { projectRoot: root, check: 'syntax' });
  let list = await readFile(join(root, MIGRATIONS_LIST), 'utf8').catch(() => undefined);
  for (const { file } of written) list = addMigrationToList(list, MIGRATIONS_LIST, file);
  const text = await formatFile({ path: MIGRATIONS_LIST, text: list!, projectRoot: root });
  return [...rendered, { path: MIGRATIONS_LIST, text, edit: true }];
}

const camel = (table: string) =>
  table.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Only whole columns come and go: every column both have is the same, and nothing else changes but for them. */
function columnsOnly(change: TableChange): boolean {
  const moved = new Set([...added(change), ...removed(change)].map((column) => column.name));
  const kept = (table: TableSpec) => ({
    ...table,
    columns: table.columns.filter((column) => !moved.has(column.name)),
    unique: table.unique.filter((name) => !moved.has(name)),
    indexes: table.indexes.filter((name) => !moved.has(name)),
    references: table.references.filter((reference) => !moved.has(reference.column)),
    search: table.search,
  });
  return JSON.stringify(kept(change.from)) === JSON.stringify(kept(change.to));
}
