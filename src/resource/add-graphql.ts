// `rest graphql`: GraphQL for a project made without it, as `rest new --graphql` would have made it, hand edits kept.
import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { applyPatch, structuredPatch } from 'diff';
import { projectFiles } from '../../templates-ast/project.js';
import { resourceFiles } from '../../templates-ast/resource.js';
import type { EditedFile, WritePlan } from '../engine/plan.js';
import { renderFiles, type RenderedFile } from '../engine/render.js';
import { writeFiles } from '../engine/write.js';
import { withRecordedBase } from '../engine/base-record.js';
import { restsmithVersion } from '../loader/version.js';
import { formatFile } from '../engine/format.js';
import { CONFIG_FILE } from '../model/config-record.js';
import type { ProjectOptions } from '../model/project.js';
import { projectOptions, readProjectConfig } from '../model/project-config.js';
import { UserError } from '../model/user-error.js';
import { EditRefusedError, mergeChange } from './edit/tree-merge.js';
import { addModuleToAppModule } from './app-module-editor.js';

export interface AddGraphqlOptions {
  dryRun?: boolean;
  /** Files the command adds from what is about to be written: the GraphQL schema, printed. */
  beforeWrite?: (files: EditedFile[]) => EditedFile[];
}

/**
 * The project's files rendered without GraphQL and with it: what differs is carried into the user's
 * files (TypeScript node by node, package.json key by key, other text as a patch), files only GraphQL
 * has are created. A place the user changed that the change needs is refused, and nothing is written.
 * @example await addGraphql('my-api', { dryRun: true })
 */
export async function addGraphql(
  root: string,
  options: AddGraphqlOptions = {},
): Promise<WritePlan> {
  const loaded = await readProjectConfig(root);
  if (loaded.config.graphql) {
    throw new UserError(
      `${loaded.config.name} serves GraphQL already (restsmith.json says graphql: true)`,
      {
        hint: 'rest api prints src/graphql/schema.graphql again with every resource; nothing else to do.',
      },
    );
  }
  const before = projectOptions(loaded.config);
  const after: ProjectOptions = { ...before, graphql: true };
  const [old, next] = await Promise.all([render(root, before), render(root, after)]);
  const appModule = posix.join(before.sourceDir, 'app.module.ts');
  const files: EditedFile[] = [];
  for (const file of next) {
    if (file.path === CONFIG_FILE) continue;
    const previous = old.find((found) => found.path === file.path);
    if (previous?.text === file.text) continue;
    const own = await readFile(join(root, file.path), 'utf8').catch(() => undefined);
    if (own === undefined) files.push(file);
    else if (file.path === appModule) {
      // rest api has added the resources' modules since: the AppModule's own editor adds one more.
      const graphqlModule = {
        className: 'GraphqlModule',
        path: posix.join(before.sourceDir, 'graphql', 'graphql.module.ts'),
      };
      const text = addModuleToAppModule(own, appModule, graphqlModule);
      const pure = (generated: string) => addModuleToAppModule(generated, appModule, graphqlModule);
      files.push({ path: file.path, text, edit: true, pure });
    } else if (previous) {
      const pure = (generated: string) => merged(file, previous, generated);
      files.push({ path: file.path, text: merged(file, previous, own), edit: true, pure });
    }
  }
  files.push({ path: CONFIG_FILE, text: await configWithGraphql(root, loaded.text), edit: true });
  const recorded = await withRecordedBase(root, files, restsmithVersion());
  return writeFiles(root, options.beforeWrite?.(recorded) ?? recorded, {
    mode: 'existing',
    dryRun: options.dryRun,
  });
}

/** restsmith.json with `graphql: true` where `rest new` writes it (after authMethods), formatted as the project formats it. */
async function configWithGraphql(root: string, text: string): Promise<string> {
  const entries = Object.entries(JSON.parse(text) as Record<string, unknown>);
  const at = entries.findIndex(([key]) => key === 'authMethods') + 1 || entries.length;
  entries.splice(at, 0, ['graphql', true]);
  const json = `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`;
  return formatFile({ path: CONFIG_FILE, text: json, projectRoot: root });
}

/** Every file of the project and of its resources; what GraphQL does not change (migrations) is skipped. */
async function render(root: string, options: ProjectOptions): Promise<RenderedFile[]> {
  const files = [
    ...projectFiles(options),
    ...options.resources.flatMap((resource) => resourceFiles(options, resource)),
  ];
  return renderFiles(files, { projectRoot: root, check: 'syntax' });
}

function merged(file: RenderedFile, previous: RenderedFile, own: string): string {
  if (file.path.endsWith('.ts')) return mergeChange(own, previous.text, file.text, file.path);
  if (file.path.endsWith('package.json')) return mergedManifest(own, previous.text, file.text);
  return mergedText(file.path, own, previous.text, file.text);
}

/** package.json: the dependencies GraphQL adds, beside the user's, in order. */
function mergedManifest(own: string, before: string, after: string): string {
  const [user, old, next] = [own, before, after].map((text) => JSON.parse(text) as Manifest);
  for (const kind of ['dependencies', 'devDependencies'] as const) {
    const added = Object.entries(next![kind] ?? {}).filter(
      ([name]) => !(name in (old![kind] ?? {})),
    );
    if (added.length === 0) continue;
    const all = { ...user![kind], ...Object.fromEntries(added) };
    user![kind] = Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)));
  }
  return `${JSON.stringify(user, null, /^[ \t]+/m.exec(own)?.[0] ?? '  ')}\n`;
}

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** .env, the README, the Dockerfile: the template's change as a patch, placed by its context lines. */
function mergedText(path: string, own: string, before: string, after: string): string {
  const patch = structuredPatch(path, path, before, after, '', '', { context: 2 });
  const applied = applyPatch(own, patch, { fuzzFactor: 2 });
  if (applied === false) {
    throw new EditRefusedError(
      path,
      'the lines around the change',
      'differ too much from what rest new wrote to place the change.',
      `Nothing was written. Restore the lines rest new wrote there (git log -p ${path}), run rest graphql again, then put your changes back.`,
    );
  }
  return applied;
}
