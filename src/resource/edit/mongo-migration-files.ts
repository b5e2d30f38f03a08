// The migration of a MongoDB field rename or removal, with the runner and its npm scripts when the project has none yet.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MIGRATIONS_LIST } from '../../../templates-ast/database/migration.template.js';
import {
  mongoAlterMigrationTemplate,
  mongoMigrateTemplate,
  mongoMigrationScripts,
  mongoMigrationsTemplate,
  mongoMigrationTypeTemplate,
} from '../../../templates-ast/database/mongo-migrations.template.js';
import { alterMigrationFile } from '../../../templates-ast/resource/alter-migration.template.js';
import { formatFile } from '../../engine/format.js';
import type { EditedFile } from '../../engine/plan.js';
import { UserError } from '../../model/user-error.js';
import type { PackageManager } from '../../model/project.js';
import { renderResourceFiles } from '../add-resource.js';
import { addMigrationToList } from '../migrations-editor.js';
import type { ResourceOptions } from '../../model/resource.js';

interface StoredChange {
  renames: ReadonlyMap<string, string>;
  words: string[];
}

/** The fields whose stored values a change moves or clears; none for an addition. */
const removedFields = (before: ResourceOptions, after: ResourceOptions): string[] =>
  [...before.fields, ...(before.references ?? [])]
    .map((field) => field.names.camel)
    .filter(
      (name) =>
        ![...after.fields, ...(after.references ?? [])].some((field) => field.names.camel === name),
    );

/**
 * A renamed or removed field's stored values move (`$rename`) or go (`$unset`) in a migration
 * that `npm run migration:run` applies; an added field needs none (documents without it read as
 * missing, as optional fields do).
 */
export async function mongoMigrationFiles(
  root: string,
  packageManager: PackageManager,
  before: ResourceOptions,
  after: ResourceOptions,
  change: StoredChange,
  timestamp: number,
): Promise<EditedFile[]> {
  const removed = change.renames.size > 0 ? [] : removedFields(before, after);
  if (change.renames.size === 0 && removed.length === 0) return [];
  const file = alterMigrationFile(change.words, timestamp);
  const migration = mongoAlterMigrationTemplate(
    file,
    { collection: after.names.pluralSnake, renames: change.renames, removed },
    `${change.words.join(' ')}: ${removed.length > 0 ? 'the stored values of the removed fields are cleared' : 'the stored values move to the new name'}.`,
  );
  const list = await readFile(join(root, MIGRATIONS_LIST), 'utf8').catch(() => undefined);
  const runner = list === undefined ? [mongoMigrationTypeTemplate(), mongoMigrateTemplate()] : [];
  // Rendered beside the project files they import (the environment, the list), which are checked to exist.
  const rendered = await renderResourceFiles(root, [
    migration,
    ...runner,
    ...(list === undefined ? [mongoMigrationsTemplate()] : []),
  ]);
  const listText = list ?? rendered.find((found) => found.path === MIGRATIONS_LIST)!.text;
  const listed = await formatFile({
    path: MIGRATIONS_LIST,
    text: addMigrationToList(listText, MIGRATIONS_LIST, file),
    projectRoot: root,
  });
  return [
    ...rendered.filter((found) => found.path !== MIGRATIONS_LIST),
    { path: MIGRATIONS_LIST, text: listed, edit: list !== undefined },
    ...(list === undefined ? [await packageScripts(root, packageManager)] : []),
  ];
}

/** package.json with `migration:run` and `migration:revert`, every other key kept. */
async function packageScripts(root: string, packageManager: PackageManager): Promise<EditedFile> {
  const text = await readFile(join(root, 'package.json'), 'utf8').catch(() => undefined);
  const manifest = text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
  if (!manifest) {
    throw new UserError('There is no package.json at the root of the project.', {
      hint: 'Run rest api at the root of a project made by rest new (or pass --cwd).',
    });
  }
  const scripts = { ...(manifest.scripts as Record<string, string> | undefined) };
  for (const [name, command] of Object.entries(mongoMigrationScripts(`${packageManager} run`))) {
    scripts[name] ??= command;
  }
  const formatted = await formatFile({
    path: 'package.json',
    text: JSON.stringify({ ...manifest, scripts }, null, 2),
    projectRoot: root,
  });
  return { path: 'package.json', text: formatted, edit: true };
}
