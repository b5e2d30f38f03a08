// The normalised options of a generated project and its resources: computed once, read by every template.
import type { Names } from './names.js';

export const DATABASES = ['mongodb', 'postgres', 'sqlite'] as const;
export type Database = (typeof DATABASES)[number];

export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** Who may call a route. */
export const ACCESS_LEVELS = ['public', 'master', 'user', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The route kinds of a resource, as `yo rest:api` offered them. */
export const RESOURCE_METHODS = ['create', 'list', 'read', 'update', 'delete'] as const;
export type ResourceMethod = (typeof RESOURCE_METHODS)[number];

export const FIELD_TYPES = ['string', 'text', 'number', 'boolean', 'date'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldOptions {
  names: Names;
  type: FieldType;
  /** `tags:string[]` */
  array: boolean;
  /** `views?:number` */
  optional: boolean;
}

export interface ResourceOptions {
  names: Names;
  /** URL path without the leading slash, e.g. `articles`. */
  endpoint: string;
  /** Route kinds that exist, each with who may call it. */
  methods: Partial<Record<ResourceMethod, Access>>;
  fields: FieldOptions[];
  /** Name of the field storing the creating user (`--owner author`), if any. */
  owner?: Names;
  /** When `rest api` added it (ms since 1970): names its migration, which sorts after the earlier ones. */
  migrationTimestamp: number;
}

export interface ProjectOptions {
  /** npm package name and folder name. */
  name: string;
  database: Database;
  /** User accounts (sign-up, sign-in, JWT, roles). */
  auth: boolean;
  /** POST /users answers `{ token, user }`. */
  signInOnCreate: boolean;
  packageManager: PackageManager;
  /** Source folder relative to the project root, `src`. */
  sourceDir: string;
  /** Secrets drawn once, so that templates stay pure functions. */
  secrets: { masterKey: string; jwtSecret: string };
  resources: ResourceOptions[];
  /** When `rest new` ran (ms since 1970): names the initial migration. */
  migrationTimestamp: number;
}
