// `rest schema print` inside a project: find it, read its classes and restsmith.json, print its GraphQL SDL.
import { resolve } from 'node:path';
import { UserError } from '../model/user-error.js';
import { readProjectConfig } from '../model/project-config.js';
import { SchemaSerializer, type SchemaProblem } from '../schema/index.js';
import { writeSchemaText } from '../schema-print/print-module.js';
import { buildProjectSchema } from './build-schema.js';
import { projectRootOrThrow } from './find-project.js';
import { projectModel } from './project-model.js';

export interface PrintProjectSchemaOptions {
  /** Where to start looking for restsmith.json (upward). */
  cwd: string;
  /** Check the schema first (default true). */
  validate?: boolean;
  /** Write the text here (relative to cwd) instead of returning it only. */
  out?: string;
  /** Told once about each field printed as String because its type has no GraphQL equivalent. */
  warn?: (message: string) => void;
}

export type PrintProjectSchemaResult =
  | { readonly printed: true; readonly text: string; readonly file?: string }
  | { readonly printed: false; readonly problems: readonly SchemaProblem[] };

/**
 * The SDL of the project at or above `cwd`.
 * @example
 * const result = await printProjectSchema({ cwd: 'my-api', warn: console.warn });
 * if (result.printed) process.stdout.write(result.text); // 'directive @auth(requires: Role = USER) on ...'
 */
export async function printProjectSchema(
  options: PrintProjectSchemaOptions,
): Promise<PrintProjectSchemaResult> {
  const root = await projectRootOrThrow(options.cwd);
  const { config } = await readProjectConfig(root);
  const warned = new Set<string>();
  const warn = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    options.warn?.(message);
  };
  // ts-morph (and TypeScript with it) loads only here, so `rest schema print <module>` does not pay for it.
  const { ProjectSources } = await import('./project-sources.js');
  const model = projectModel(config, new ProjectSources(root, config.sourceDir), warn);
  if (model.operations.length === 0) {
    throw new UserError(
      `${config.name} has nothing to describe: no user accounts and no resources in restsmith.json`,
      { hint: 'Add a resource with `rest api <name>`, then print again.' },
    );
  }
  const schema = buildProjectSchema(model);
  const problems = options.validate === false ? [] : schema.validate();
  if (problems.length > 0) return { printed: false, problems };
  const text = new SchemaSerializer().serialize(schema);
  if (!options.out) return { printed: true, text };
  return {
    printed: true,
    text,
    file: await writeSchemaText(resolve(options.cwd, options.out), text),
  };
}
