// The record of a project in its restsmith.json: what `rest new` chose and the resources `rest api` added.
import type { AuthMethod, Database, HttpPlatform, PackageManager } from './project.js';
import type { Access, ResourceMethod } from './resource.js';

export const CONFIG_FILE = 'restsmith.json';

/** A resource as restsmith.json records it: fields in the `--fields` syntax, so a person can read it. */
export interface ResourceRecord {
  name: string;
  endpoint: string;
  methods: Partial<Record<ResourceMethod, Access>>;
  fields: string[];
  owner?: string;
  /** Route kinds that also need a confirmed e-mail (`--confirmed`). */
  confirmed?: ResourceMethod[];
  /** Reference fields whose entries are deleted with the referenced entry (`--cascade`). */
  cascade?: string[];
  /** Its list answers `{ rows, count }`; the project's `envelope` when left out. */
  envelope?: boolean;
  /** `--nested`: each reference lists the entries of one referenced entry (`GET /categories/:id/articles`). */
  nested?: boolean;
  /** `--indexes`: filterable fields with an index of their own. */
  indexes?: string[];
  /** `--no-graphql`: REST only in a project with GraphQL; served when left out. */
  graphql?: false;
  /** The timestamp of the resource's migration, so that `rest api --force` writes the same one again. */
  migration?: number;
}

export interface ProjectConfig {
  name: string;
  /** The restsmith that made the project or last upgraded it; left out of files written before rest upgrade. */
  restsmith?: string;
  database: Database;
  /** Left out of files written before --http: Express. */
  http?: HttpPlatform;
  sourceDir: string;
  auth: boolean;
  signInOnCreate: boolean;
  refreshTokens?: boolean;
  passwordReset: boolean;
  /** Left out of files written before these choices: no root, no redirect, arrays. */
  apiRoot?: string;
  forceHttps?: boolean;
  envelope?: boolean;
  emailConfirmation?: boolean;
  /** Left out of files written before --auth-methods: password only. */
  authMethods?: AuthMethod[];
  /** Left out of files written before --graphql: no GraphQL. */
  graphql?: boolean;
  packageManager: PackageManager;
  resources: ResourceRecord[];
  /** Keys other tools or people added are kept as they are. */
  [key: string]: unknown;
}

export interface LoadedConfig {
  config: ProjectConfig;
  /** The file's text, for the diff and to keep its indentation. */
  text: string;
}
