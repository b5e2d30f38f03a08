// `rest api` as a library: reads the project, renders the resource's files, edits the AppModule and restsmith.json, writes once.
import { readdir, readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import {
  MIGRATIONS_FOLDER,
  MIGRATIONS_LIST,
} from '../../templates-ast/database/migration.template.js';
import { resourceMigrationFile } from '../../templates-ast/resource/migration.template.js';
import { PIECES } from '../../templates-ast/_shared/pieces.js';
import { projectFiles } from '../../templates-ast/project.js';
import { resourceFiles } from '../../templates-ast/resource.js';
import { addModuleToAppModule, resourceModule } from './app-module-editor.js';
import { formatFile } from '../engine/format.js';
import { isProjectPath, type GeneratedFile } from '../engine/generated-file.js';
import { addMigrationToList } from './migrations-editor.js';
import { UserError } from '../model/user-error.js';
import { names } from '../model/names.js';
import type { ProjectOptions } from '../model/project.js';
import type { ResourceOptions } from '../model/resource.js';
import { type EditedFile, type WritePlan } from '../engine/plan.js';
import { CONFIG_FILE, type ProjectConfig } from '../model/config-record.js';
import { projectOptions, readProjectConfig, recordResource } from '../model/project-config.js';
import { renderFiles } from '../engine/render.js';
import { resourceOptions, type ResourceContext, type ResourceInput } from './resource-options.js';
import { createStagingProject, stagedPath } from '../engine/staging.js';
import { writeFiles } from '../engine/write.js';
import { withRecordedBase } from '../engine/base-record.js';
import { restsmithVersion } from '../loader/version.js';
import { resourceTables } from '../../templates-ast/database/project-tables.js';

export interface AddResourceOptions {
  force?: boolean;
  dryRun?: boolean;
  /** Files the command adds from what is about to be written: the GraphQL schema, printed anew. */
  beforeWrite?: (files: EditedFile[]) => EditedFile[];
}

export interface AddedResource {
  resource: ResourceOptions;
  plan: WritePlan;
}

/** Endpoints every project made by `rest new` serves already. */
const BUILT_IN_ENDPOINTS = ['users', 'auth', 'docs'];

/**
 * Adds one resource to the project at `root`. Nothing is written when any step refuses.
 * @example await addResource('my-api', { name: 'article', fields: 'title content:text' })
 */
export async function addResource(
  root: string,
  input: ResourceInput,
  options: AddResourceOptions = {},
): Promise<AddedResource> {
  const loaded = await readProjectConfig(root);
  const context = await resourceContext(root, loaded.config, options.force === true, input.name);
  const resource = resourceOptions(input, context);
  const project = projectOptions(loaded.config);
  await checkEnvelopeSupport(root, project.sourceDir, resource);
  const generated = resourceFiles(project, resource);
  const pieces = await missingPieces(root, project, generated);
  // The files format on the formatter thread while this one edits the AppModule.
  const [rendered, appModule, migrations, config] = await Promise.all([
    renderResourceFiles(root, [...generated, ...pieces]),
    appModuleEdit(root, project.sourceDir, resource),
    project.database === 'mongodb' ? [] : migrationsEdit(root, resource).then((edit) => [edit]),
    configEdit(root, recordResource(loaded, resource)),
  ]);
  const files = await withRecordedBase(
    root,
    [...rendered, appModule, ...migrations, config],
    restsmithVersion(),
    { set: project.database === 'mongodb' ? [] : resourceTables(resource) },
  );
  const plan = await writeFiles(root, options.beforeWrite?.(files) ?? files, {
    mode: 'existing',
    force: options.force,
    dryRun: options.dryRun,
  });
  return { resource, plan };
}

/** What the new resource must not collide with; with --force, the resource itself is no collision. */
export async function resourceContext(
  root: string,
  config: ProjectConfig,
  force: boolean,
  name: string,
): Promise<ResourceContext> {
  const kebab = names(name.trim()).kebab;
  const again = force ? config.resources.find((record) => record.name === kebab) : undefined;
  const others = config.resources.filter((record) => record !== again);
  const entries = await readdir(join(root, config.sourceDir), { withFileTypes: true }).catch(
    () => [],
  );
  const ownFolder = again ? names(again.name).pluralKebab : undefined;
  return {
    auth: config.auth,
    envelope: config.envelope ?? false,
    emailConfirmation: config.emailConfirmation ?? false,
    resources: others.map((record) => record.name),
    owned: others.filter((record) => record.owner).map((record) => record.name),
    modules: entries
      .filter((entry) => entry.isDirectory() && entry.name !== ownFolder)
      .map((entry) => entry.name),
    endpoints: [...BUILT_IN_ENDPOINTS, ...others.map((record) => record.endpoint)],
    migrationTimestamp: again?.migration ?? (await nextMigrationTimestamp(root, config)),
    graphql: config.graphql ?? false,
    restOnly: others.filter((record) => record.graphql === false).map((record) => record.name),
  };
}

/** A project made before `--envelope` has no PagedEnvelope in its paging.ts: say so rather than write code that cannot compile. */
async function checkEnvelopeSupport(
  root: string,
  sourceDir: string,
  resource: ResourceOptions,
): Promise<void> {
  if (!resource.envelope || !resource.methods.list) return;
  const path = join(root, sourceDir, 'common/paging.ts');
  const text = await readFile(path, 'utf8').catch(() => '');
  if (/export function PagedEnvelope\b/.test(text)) return;
  throw new UserError(
    `An enveloped list (--envelope, or "envelope" in restsmith.json) needs PagedEnvelope in ${sourceDir}/common/paging.ts, which this project predates.`,
    {
      hint: 'Pass --no-envelope, or copy src/common/paging.ts from a project made by a newer `rest new`.',
    },
  );
}

/**
 * Shared pieces that a project made by an older `rest new` lacks and that a resource imports
 * (form values, MongoDB's delete rules): written as `rest new` writes them today.
 * Each stands alone and is new to the project, so no file of the user's changes; any other missing
 * file is left to the import check, which names it.
 */
const PIECES_WRITTEN_WHEN_MISSING: readonly string[] = [
  PIECES.formValue.from,
  PIECES.deleteRules.from,
];

async function missingPieces(
  root: string,
  project: ProjectOptions,
  files: GeneratedFile[],
): Promise<GeneratedFile[]> {
  const imported = new Set(
    files.flatMap((file) =>
      file.kind === 'typescript' ? file.imports.map((ref) => ref.from) : [],
    ),
  );
  const wanted = PIECES_WRITTEN_WHEN_MISSING.filter((path) => imported.has(path));
  const missing: string[] = [];
  for (const path of wanted) {
    const there = await readFile(join(root, path)).then(
      () => true,
      () => false,
    );
    if (!there) missing.push(path);
  }
  if (missing.length === 0) return [];
  return projectFiles(project).filter((file) => missing.includes(file.path));
}

/** Now, or just after the newest migration in the project if the clock says otherwise. */
export async function nextMigrationTimestamp(root: string, config: ProjectConfig): Promise<number> {
  const folder = join(root, config.sourceDir, MIGRATIONS_FOLDER);
  const files = await readdir(folder).catch(() => [] as string[]);
  const newest = Math.max(0, ...files.map((file) => Number(/^(\d{13})-/.exec(file)?.[1] ?? 0)));
  return Math.max(Date.now(), newest + 1);
}

/**
 * Renders the templates beside the project files they import (the shared pieces, users), so that
 * every relative import is checked to name a file. The check is the engine's syntax check: the
 * full type check costs seconds, and these templates are proven by the whole-project tests
 * (test/api), where the generated project's own tsc, lint and tests run.
 */
export async function renderResourceFiles(
  root: string,
  files: GeneratedFile[],
): Promise<EditedFile[]> {
  const project = createStagingProject(files);
  const generated = new Set(files.map((file) => file.path));
  const imported = new Set(
    files.flatMap((file) =>
      file.kind === 'typescript' ? file.imports.map((ref) => ref.from) : [],
    ),
  );
  for (const path of imported) {
    if (!isProjectPath(path) || generated.has(path)) continue;
    const text = await readFile(join(root, path), 'utf8').catch(() => undefined);
    // A missing file stays missing: the check then names the import that points nowhere.
    if (text !== undefined) project.createSourceFile(stagedPath(path), text, { overwrite: true });
  }
  return renderFiles(files, { project, projectRoot: root, check: 'syntax' });
}

async function appModuleEdit(
  root: string,
  sourceDir: string,
  resource: ResourceOptions,
): Promise<EditedFile> {
  const path = posix.join(sourceDir, 'app.module.ts');
  const text = await readFile(join(root, path), 'utf8').catch(() => undefined);
  const added = resourceModule(sourceDir, resource);
  const edited = addModuleToAppModule(text, path, added);
  return {
    path,
    text: edited,
    edit: true,
    pure: (generated) => addModuleToAppModule(generated, path, added),
  };
}

/** The resource's migration listed in src/database/migrations.ts, after the earlier ones. */
async function migrationsEdit(root: string, resource: ResourceOptions): Promise<EditedFile> {
  const text = await readFile(join(root, MIGRATIONS_LIST), 'utf8').catch(() => undefined);
  const edited = addMigrationToList(text, MIGRATIONS_LIST, resourceMigrationFile(resource));
  // Formatted as prettier would: the list grows one class per resource and stays lint-clean.
  const formatted = await formatFile({ path: MIGRATIONS_LIST, text: edited, projectRoot: root });
  return { path: MIGRATIONS_LIST, text: formatted, edit: true };
}

/** restsmith.json formatted as the project formats it, so its own lint stays clean. */
async function configEdit(root: string, text: string): Promise<EditedFile> {
  const formatted = await formatFile({ path: CONFIG_FILE, text, projectRoot: root });
  return { path: CONFIG_FILE, text: formatted, edit: true };
}
