// .restsmith/base.json: what restsmith generated for a project, untouched by its user, so that `rest upgrade`
// can tell the user's changes from the templates' (the base of its three-way merge).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UserError } from '../model/user-error.js';
import type { EditedFile } from './plan.js';

export const BASE_FILE = '.restsmith/base.json';

export interface RecordedBase {
  /** The restsmith that wrote the newest of these files. */
  restsmith: string;
  /** Path from the project root to the text restsmith wrote there. */
  files: Record<string, string>;
  /**
   * SQL projects: each table as the migrations restsmith wrote made it (templates-ast's TableSpec), so
   * that an upgrade whose templates change a table writes the migration for the difference.
   */
  tables?: Record<string, unknown>;
}

/** Tables a command made or changed (`set`, each with its `name`), and tables it dropped. */
export interface TableChanges {
  set?: { name: string }[];
  drop?: string[];
}

/**
 * Files a project's history or its user owns, which no upgrade regenerates: the record itself,
 * restsmith.json, .env (secrets), migrations (history: a migration that ran never changes) with
 * MongoDB's migration runner (which rest api brings with a project's first rename or removal), and
 * the GraphQL schema (printed from the project's own classes after every change).
 */
export function isRegenerated(path: string): boolean {
  return !(
    path === BASE_FILE ||
    path === 'restsmith.json' ||
    path === '.env' ||
    /(^|\/)migrations(\/|\.ts$)/.test(path) ||
    /\/database\/(migrate|mongo-migration)\.ts$/.test(path) ||
    path.endsWith('/graphql/schema.graphql')
  );
}

/** The recorded base of the project at `root`, or undefined for a project made before it was recorded. */
export async function readBase(root: string): Promise<RecordedBase | undefined> {
  const text = await readFile(join(root, BASE_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  let data: Partial<RecordedBase> | undefined;
  try {
    data = JSON.parse(text) as Partial<RecordedBase>;
  } catch {
    data = undefined;
  }
  if (
    typeof data?.files !== 'object' ||
    data.files === null ||
    typeof data.restsmith !== 'string'
  ) {
    throw new UserError(
      `${BASE_FILE} is not the record restsmith writes (not valid JSON, or no "files"): a merge or a hand edit broke it`,
      {
        hint: `Restore it from git (git checkout -- ${BASE_FILE}, or from the last commit that changed it), then run the command again.`,
      },
    );
  }
  // Only what upgrades regenerate: a record written by an earlier build may hold more.
  const files = Object.entries(data.files as Record<string, string>).filter(([path]) =>
    isRegenerated(path),
  );
  return { ...(data as RecordedBase), files: Object.fromEntries(files) };
}

/** The record's file: one entry per file, paths sorted, so that a commit changes only the entries that moved. */
export function baseFile(base: RecordedBase): EditedFile {
  const files = Object.fromEntries(
    Object.entries(base.files)
      .filter(([path]) => isRegenerated(path))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const tables = base.tables && Object.keys(base.tables).length > 0 ? { tables: base.tables } : {};
  return {
    path: BASE_FILE,
    text: `${JSON.stringify({ restsmith: base.restsmith, ...tables, files }, null, 2)}\n`,
    edit: true,
  };
}

/**
 * The base after a command that writes `files` into a project with a recorded base: a created file
 * is recorded as written; an edit is applied to the recorded text as to the user's (`pure`); a
 * deleted file leaves the record. A project without a record gets none (`rest upgrade --base-from`
 * makes its first).
 */
export async function withRecordedBase(
  root: string,
  files: EditedFile[],
  version: string,
  tables: TableChanges = {},
): Promise<EditedFile[]> {
  const base = await readBase(root);
  if (!base) return files;
  const next = { ...base.files };
  for (const file of files) {
    if (!isRegenerated(file.path)) continue;
    if (file.remove) delete next[file.path];
    else if (!file.edit) next[file.path] = file.text;
    else if (file.pure && next[file.path] !== undefined) {
      try {
        next[file.path] = file.pure(next[file.path]!);
      } catch {
        // The recorded text cannot take the edit: it stays, and rest upgrade merges the edit as the user's.
      }
    }
  }
  const recordedTables = base.tables ? { ...base.tables } : undefined;
  if (recordedTables) {
    for (const name of tables.drop ?? []) delete recordedTables[name];
    for (const table of tables.set ?? []) recordedTables[table.name] = table;
  }
  return [...files, baseFile({ restsmith: version, files: next, tables: recordedTables })];
}
