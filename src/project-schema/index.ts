// The GraphQL schema of a generated project, read from its classes and restsmith.json (`rest schema print` in a project).
export { printProjectSchema } from './print-project.js';
export type { PrintProjectSchemaOptions, PrintProjectSchemaResult } from './print-project.js';
export { findProjectRoot } from './find-project.js';
