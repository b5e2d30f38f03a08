// `rest api <name> --add-fields/--remove-fields/--rename-field/--add-methods/--remove-methods/--access` on a resource that exists: every file edited in place, a migration when columns change, one write.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { camelCase } from 'change-case';
import { MIGRATIONS_LIST } from '../../../templates-ast/database/migration.template.js';
import {
  alterMigrationFile,
  alterMigrationTemplate,
} from '../../../templates-ast/resource/alter-migration.template.js';
import { resourceTable } from '../../../templates-ast/resource/migration.template.js';
import { joinTable, listReferences } from '../../../templates-ast/resource/references.js';
import { UserError } from '../../model/user-error.js';
import { formatFile } from '../../engine/format.js';
import type { EditedFile, WritePlan } from '../../engine/plan.js';
import { renderFiles } from '../../engine/render.js';
import { writeFiles } from '../../engine/write.js';
import { withRecordedBase, type TableChanges } from '../../engine/base-record.js';
import { resourceTables } from '../../../templates-ast/database/project-tables.js';
import { restsmithVersion } from '../../loader/version.js';
import type { ProjectOptions } from '../../model/project.js';
import { nextMigrationTimestamp } from '../add-resource.js';
import { addMigrationToList } from '../migrations-editor.js';
import { names } from '../../model/names.js';
import type { ResourceOptions } from '../../model/resource.js';
import { CONFIG_FILE, type LoadedConfig } from '../../model/config-record.js';
import {
  projectOptions,
  readProjectConfig,
  resourceFromRecord,
  resourceRecord,
} from '../../model/project-config.js';
import {
  changeFields,
  type FieldChange,
  type FieldChangeInput,
  type ReferenceTargets,
} from './field-changes.js';
import { changeMethods, describeMethodChange, type MethodChangeInput } from './method-changes.js';
import { mongoMigrationFiles } from './mongo-migration-files.js';
import { resourceEdits } from './resource-files.js';
import { refuseRestOnlyReference } from '../resource-options.js';

export interface ResourceEditInput extends FieldChangeInput, MethodChangeInput {
  name: string;
  /** `--graphql`/`--no-graphql`: give the resource GraphQL fields or take them away. */
  graphql?: boolean;
}

export interface EditedResource {
  resource: ResourceOptions;
  plan: WritePlan;
  /** What the user should know beyond the files: dropped columns, MongoDB's stored documents. */
  notes: string[];
}

/**
 * Changes the fields of the resource `input.name` in every file that names them, keeping the
 * user's own code; writes nothing when any file refuses.
 * @example await editResource('my-api', { name: 'article', addFields: 'summary:text' })
 */
export async function editResource(
  root: string,
  input: ResourceEditInput,
  options: { dryRun?: boolean; beforeWrite?: (files: EditedFile[]) => EditedFile[] } = {},
): Promise<EditedResource> {
  const loaded = await readProjectConfig(root);
  const kebab = names(input.name.trim()).kebab;
  const record = loaded.config.resources.find((found) => found.name === kebab);
  if (!record) {
    throw new UserError(`There is no resource "${kebab}" in ${CONFIG_FILE}.`, {
      hint: 'Add it first: rest api <name> --fields "...". Field edits change resources that exist.',
    });
  }
  const project = projectOptions(loaded.config);
  const before = resourceFromRecord(record, loaded.config.envelope);
  if (input.graphql !== undefined) {
    return toggleGraphql(root, loaded, project, before, input, options);
  }
  const { change, methods } = changesOf(before, input, {
    resources: loaded.config.resources.map((found) => found.name),
    auth: project.auth,
    dropped: await droppedFields(root, loaded.config.sourceDir, before),
  });
  if (!change && !methods) {
    const plan = await writeFiles(root, [], { mode: 'existing', dryRun: options.dryRun });
    return { resource: before, plan, notes: [`${kebab} has this change already: nothing to do.`] };
  }
  const after: ResourceOptions = {
    ...before,
    fields: change?.fields ?? before.fields,
    references: change?.references ?? before.references,
    methods: methods ?? before.methods,
    ...indexesAfter(before, change),
  };
  checkReferencesServed(loaded, project, after);
  const [edited, migration] = await Promise.all([
    resourceEdits(root, project, before, after, change?.renames ?? new Map()),
    !change
      ? []
      : nextMigrationTimestamp(root, loaded.config).then((timestamp) =>
          project.database === 'mongodb'
            ? mongoMigrationFiles(root, project.packageManager, before, after, change, timestamp)
            : migrationFiles(root, project, before, after, change, timestamp),
        ),
  ]);
  const config = await configEdit(root, loaded, after);
  const files = await withRecordedBase(
    root,
    [...edited.files, ...migration, config],
    restsmithVersion(),
    project.database === 'mongodb' ? {} : tableChanges(before, after),
  );
  const plan = await writeFiles(root, options.beforeWrite?.(files) ?? files, {
    mode: 'existing',
    dryRun: options.dryRun,
  });
  const notes = [
    ...(change
      ? notesOn(project, after, change)
      : [`Routes of ${kebab}: ${describeMethodChange(before.methods, after.methods).join('; ')}.`]),
    ...edited.notes,
  ];
  return { resource: after, plan, notes };
}

/** A reference added to a resource GraphQL serves cannot point at one it leaves out (`--no-graphql`). */
function checkReferencesServed(
  loaded: LoadedConfig,
  project: ProjectOptions,
  resource: ResourceOptions,
): void {
  if (!project.graphql || resource.graphql === false) return;
  const restOnly = loaded.config.resources
    .filter((record) => record.graphql === false)
    .map((record) => record.name);
  refuseRestOnlyReference(
    resource.names,
    resource.references ?? [],
    restOnly,
    `leave ${resource.names.kebab} out of it (rest api ${resource.names.kebab} --no-graphql)`,
  );
}

/**
 * `--graphql`/`--no-graphql` on a resource that exists: its resolver written or deleted (deleted only
 * as generated), its module's providers and its e2e spec's GraphQL tests changed in place, the
 * schema printed again. Refused where a type would refer to one the schema leaves out.
 */
async function toggleGraphql(
  root: string,
  loaded: LoadedConfig,
  project: ProjectOptions,
  before: ResourceOptions,
  input: ResourceEditInput,
  options: { dryRun?: boolean; beforeWrite?: (files: EditedFile[]) => EditedFile[] },
): Promise<EditedResource> {
  const kebab = before.names.kebab;
  const others = [
    input.addFields,
    input.removeFields,
    input.renameField,
    input.addMethods,
    input.removeMethods,
    input.access,
  ];
  if (others.some((flag) => flag !== undefined)) {
    throw new UserError('Change GraphQL in a command of its own.', {
      hint: `Run rest api ${kebab} --${input.graphql ? '' : 'no-'}graphql alone, then the other change.`,
    });
  }
  // --no-graphql is only recorded there: `rest graphql` will leave the resource out.
  if (input.graphql && !project.graphql) {
    throw new UserError(
      `${loaded.config.name} serves no GraphQL (restsmith.json has no "graphql": true).`,
      {
        hint: 'Give the project GraphQL first with rest graphql; it serves every resource but those left out.',
      },
    );
  }
  const served = (record: { graphql?: false }) => record.graphql !== false;
  if ((before.graphql !== false) === input.graphql) {
    const plan = await writeFiles(root, [], { mode: 'existing', dryRun: options.dryRun });
    const state = input.graphql ? 'has GraphQL fields already' : 'is left out of GraphQL already';
    return { resource: before, plan, notes: [`${kebab} ${state}: nothing to do.`] };
  }
  if (input.graphql) {
    checkReferencesServed(loaded, project, { ...before, graphql: undefined });
  } else {
    const referrers = loaded.config.resources.filter(
      (record) =>
        record.name !== kebab &&
        served(record) &&
        (resourceFromRecord(record).references ?? []).some((found) => found.target.kebab === kebab),
    );
    if (referrers.length > 0) {
      const list = referrers.map((record) => record.name).join(', ');
      throw new UserError(
        `${list} refer${referrers.length === 1 ? 's' : ''} to ${kebab} in GraphQL: without its type, their fields could not show it.`,
        {
          hint: `Leave ${list} out of GraphQL first (rest api <name> --no-graphql), or keep ${kebab} in it.`,
        },
      );
    }
  }
  const { graphql: _left, ...withGraphql } = before;
  const after: ResourceOptions = input.graphql ? withGraphql : { ...before, graphql: false };
  const edited = await resourceEdits(root, project, before, after, new Map());
  const config = await configEdit(root, loaded, after);
  const files = await withRecordedBase(root, [...edited.files, config], restsmithVersion());
  const plan = await writeFiles(root, options.beforeWrite?.(files) ?? files, {
    mode: 'existing',
    dryRun: options.dryRun,
  });
  const note = input.graphql
    ? `${kebab} has GraphQL fields now, in src/graphql/schema.graphql and its resolver.`
    : project.graphql
      ? `${kebab} is served by REST only now: its GraphQL fields and resolver are gone.`
      : `${kebab} is recorded as REST only: rest graphql will leave it out.`;
  return { resource: after, plan, notes: [note, ...edited.notes] };
}

/** The fields indexed of their own (--indexes) once renamed fields are renamed and removed ones gone. */
function indexesAfter(
  resource: ResourceOptions,
  change: FieldChange | undefined,
): Pick<ResourceOptions, 'indexes'> {
  if (!resource.indexes || !change) return resource.indexes ? { indexes: resource.indexes } : {};
  const kept = change.fields.map((field) => field.names.camel);
  const indexes = resource.indexes
    .map((name) => change.renames.get(name) ?? name)
    .filter((name) => kept.includes(name));
  return indexes.length > 0 ? { indexes } : { indexes: undefined };
}

/** Field changes (one kind at a time, each its own migration) or route changes, not both at once. */
function changesOf(
  resource: ResourceOptions,
  input: ResourceEditInput,
  targets: ReferenceTargets,
): { change?: FieldChange; methods?: ResourceOptions['methods'] } {
  const fieldFlags = [input.addFields, input.removeFields, input.renameField];
  const methodFlags = [input.addMethods, input.removeMethods, input.access];
  if (fieldFlags.some((flag) => flag !== undefined)) {
    if (methodFlags.some((flag) => flag !== undefined)) {
      throw new UserError('Change the fields and the routes in two commands.', {
        hint: 'Run --add-fields/--remove-fields/--rename-field first, then --add-methods/--remove-methods/--access.',
      });
    }
    return { change: changeFields(resource, input, targets) };
  }
  return { methods: changeMethods(resource, input, targets.auth) };
}

async function migrationFiles(
  root: string,
  project: ProjectOptions,
  before: ResourceOptions,
  after: ResourceOptions,
  change: { renames: ReadonlyMap<string, string>; words: string[] },
  timestamp: number,
): Promise<EditedFile[]> {
  const file = alterMigrationFile(change.words, timestamp);
  const template = alterMigrationTemplate(
    project.database,
    file,
    {
      from: resourceTable(before),
      to: resourceTable(after),
      renames: change.renames,
      joins: { from: joinTables(before), to: joinTables(after) },
    },
    `${change.words.join(' ')}: the rows keep their other columns${change.renames.size > 0 ? ', and the renamed column keeps its values' : ''}.`,
  );
  const [rendered] = await renderFiles([template], { projectRoot: root, check: 'syntax' });
  const list = await readFile(join(root, MIGRATIONS_LIST), 'utf8').catch(() => undefined);
  const listed = addMigrationToList(list, MIGRATIONS_LIST, file);
  const formatted = await formatFile({ path: MIGRATIONS_LIST, text: listed, projectRoot: root });
  return [rendered!, { path: MIGRATIONS_LIST, text: formatted, edit: true }];
}

/** The resource's tables after the edit, for the record of rest upgrade; join tables of removed list references dropped. */
function tableChanges(before: ResourceOptions, after: ResourceOptions): TableChanges {
  const set = resourceTables(after);
  const drop = resourceTables(before)
    .map((table) => table.name)
    .filter((name) => !set.some((table) => table.name === name));
  return { set, drop };
}

const joinTables = (resource: ResourceOptions) =>
  listReferences(resource).map((reference) => joinTable(resource, reference));

/** restsmith.json with the record replaced where it stands; every other key kept. */
async function configEdit(
  root: string,
  loaded: LoadedConfig,
  resource: ResourceOptions,
): Promise<EditedFile> {
  const record = resourceRecord(resource, loaded.config.database);
  const resources = loaded.config.resources.map((found) => {
    if (found.name !== record.name) return found;
    // Keys stay where they were; `cascade` goes with the last reference it named.
    const next = { ...found, fields: record.fields, methods: record.methods };
    if (record.cascade) next.cascade = record.cascade;
    else delete next.cascade;
    if (record.indexes) next.indexes = record.indexes;
    else delete next.indexes;
    if (record.graphql === false) next.graphql = false;
    else delete next.graphql;
    return next;
  });
  const text = JSON.stringify({ ...loaded.config, resources }, null, 2);
  const formatted = await formatFile({ path: CONFIG_FILE, text, projectRoot: root });
  return { path: CONFIG_FILE, text: formatted, edit: true };
}

function notesOn(
  project: ProjectOptions,
  resource: ResourceOptions,
  change: { renames: ReadonlyMap<string, string>; words: string[] },
): string[] {
  const collection = resource.names.pluralSnake;
  if (project.database === 'mongodb') {
    if (change.renames.size === 0 && change.words[0] !== 'drop') {
      return [
        'Stored documents need no migration: they read without the new fields until written.',
      ];
    }
    return [
      `Run the migration: npm run migration:run (with MONGODB_URI set) ${change.renames.size > 0 ? 'moves the stored values to the new name' : `clears the stored values of ${change.words.slice(1, -2).join(', ')} in ${collection}`}.`,
    ];
  }
  if (change.words[0] === 'drop') {
    return [
      `The migration DROPS the column(s) ${change.words.slice(1, -2).join(', ')} of ${collection}, and their data with them, when it runs (npm run migration:run).`,
    ];
  }
  return [`Run the migration: npm run migration:run (the app runs it on start as well).`];
}

/** The plan's files with a unified diff of each, created ones included (the migration). */
export function formatEditPlan(plan: WritePlan, diffs: boolean): string {
  const lines = plan.files.map((file) => `${file.action.padEnd(6)}  ${file.path}`);
  if (!diffs) return lines.join('\n');
  const patches = plan.files
    .filter((file) => file.action !== 'skip')
    .map((file) =>
      createTwoFilesPatch(
        file.action === 'create' ? '/dev/null' : `a/${file.path}`,
        file.action === 'delete' ? '/dev/null' : `b/${file.path}`,
        file.previous ?? '',
        file.text,
      ),
    );
  return [...lines, ...patches].join('\n');
}

/**
 * The fields earlier `--remove-fields` runs dropped from `resource`, as its migrations name them
 * (`1700000000000-drop-summary-published-at-from-articles.ts`): the camel names whose kebab words
 * stand together in such a name.
 */
async function droppedFields(
  root: string,
  sourceDir: string,
  resource: ResourceOptions,
): Promise<string[]> {
  const files = await readdir(join(root, sourceDir, 'database/migrations')).catch(() => []);
  const suffix = `-from-${resource.names.pluralKebab}.ts`;
  const words = files
    .map((file) => /^\d+-drop-(.+)$/.exec(file)?.[1])
    .filter((rest): rest is string => rest?.endsWith(suffix) === true)
    .map((rest) => `-${rest.slice(0, -suffix.length)}-`);
  const candidates = words.flatMap((dashed) =>
    dashed
      .slice(1, -1)
      .split('-')
      .flatMap((_, start, parts) =>
        parts.slice(start).map((__, length) => parts.slice(start, start + length + 1).join('-')),
      ),
  );
  return [...new Set(candidates.map((kebab) => camelCase(kebab)))];
}
