// src/graphql/schema.graphql of a project with GraphQL (`--graphql`): printed from the files about to be written and those on disk.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { EditedFile } from '../engine/plan.js';
import { CONFIG_FILE, type ProjectConfig } from '../model/config-record.js';
import { checkConfig } from '../model/project-config-check.js';
import { SchemaSerializer } from '../schema/index.js';
import { buildProjectSchema } from './build-schema.js';
import { projectModel } from './project-model.js';
import { ProjectSources } from './project-sources.js';

/** Where the schema lives in a project, beside the resolvers' runtime (src/graphql/). */
export const graphqlSchemaPath = (sourceDir: string): string =>
  posix.join(sourceDir, 'graphql', 'schema.graphql');

const HEADER = [
  "# The GraphQL schema POST /graphql serves, printed by restsmith from the project's classes",
  '# (entities, DTOs) and restsmith.json. `rest api` prints it again: change those, not this file.',
  '',
].join('\n');

const NO_FIELDS =
  '# Nothing yet: this project has no user accounts and no resources. `rest api <name>` adds one.\n';

/**
 * `files` with the project's schema added (or rewritten), when its restsmith.json (the one about to
 * be written, else the one on disk) asks for GraphQL; else `files` as they are.
 * @example
 * const files = await withGraphqlSchema('my-api', rendered); // [...rendered, { path: 'src/graphql/schema.graphql', ... }]
 */
export function withGraphqlSchema<T extends EditedFile>(
  root: string,
  files: T[],
): (T | EditedFile)[] {
  const config = configOf(root, files);
  if (!config?.graphql) return files;
  const path = graphqlSchemaPath(config.sourceDir);
  const staged = new Map(
    files.filter((file) => !file.remove).map((file) => [file.path, file.text]),
  );
  const text = graphqlSchemaText(root, config, staged);
  return [
    ...files.filter((file) => file.path !== path),
    { path, text, ...(existsSync(join(root, path)) ? { edit: true } : {}) },
  ];
}

/** The SDL of the project: the same text `rest schema print` prints, under a header. */
export function graphqlSchemaText(
  root: string,
  config: ProjectConfig,
  staged?: ReadonlyMap<string, string>,
): string {
  // Types that have no GraphQL equivalent print as String; `rest schema print` tells about them.
  const model = projectModel(config, new ProjectSources(root, config.sourceDir, staged), () => {});
  // GraphQL needs a Query type: without accounts, the first resource brings one.
  if (model.operations.length === 0) return `${HEADER}${NO_FIELDS}`;
  const schema = buildProjectSchema(model);
  const problems = schema.validate();
  if (problems.length > 0) {
    throw new Error(
      `restsmith built a GraphQL schema it cannot print:\n${problems.map((problem) => problem.message).join('\n')}`,
    );
  }
  return HEADER + new SchemaSerializer().serialize(schema);
}

function configOf(root: string, files: readonly EditedFile[]): ProjectConfig | undefined {
  const staged = files.find((file) => file.path === CONFIG_FILE && !file.remove)?.text;
  const text =
    staged ??
    (existsSync(join(root, CONFIG_FILE))
      ? readFileSync(join(root, CONFIG_FILE), 'utf8')
      : undefined);
  return text === undefined ? undefined : checkConfig(JSON.parse(text));
}
