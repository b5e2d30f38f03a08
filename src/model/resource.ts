// The normalised options of a resource (`rest api`, or a resource given to `rest new`): computed once, read by every template.
import type { Names } from './names.js';

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

/** What deleting a referenced entry does to the entries that refer to it. */
export const DELETE_RULES = ['restrict', 'set null', 'cascade'] as const;
export type DeleteRule = (typeof DELETE_RULES)[number];

/** `category:ref:category` (one), `category?:ref:category` (optional), `tags:ref:tag[]` (a list). */
export interface ReferenceOptions {
  /** The field: `category`, `tags`. */
  names: Names;
  /** The referenced resource (`category`), or `user`. */
  target: Names;
  /** A list (`tags:ref:tag[]`), stored in a join table. */
  many: boolean;
  optional: boolean;
  /**
   * restrict (the default) refuses to delete a referenced entry, set null (optional references)
   * clears the field, cascade (`--cascade <field>`) deletes the referring entries with it. A list
   * loses the deleted entry from its items.
   */
  onDelete: DeleteRule;
}

/** Whether the resource has GraphQL fields: the project serves GraphQL and it was not left out. */
export const servesGraphql = (
  project: { graphql: boolean },
  resource: Pick<ResourceOptions, 'graphql'>,
): boolean => project.graphql && resource.graphql !== false;

export interface ResourceOptions {
  names: Names;
  /** URL path without the leading slash, e.g. `articles`. */
  endpoint: string;
  /** Route kinds that exist, each with who may call it. */
  methods: Partial<Record<ResourceMethod, Access>>;
  fields: FieldOptions[];
  /** Links to other resources; none when missing (resources written before references). */
  references?: ReferenceOptions[];
  /** Route kinds that also need a confirmed e-mail (`--confirmed POST`); none when missing. */
  confirmed?: ResourceMethod[];
  /** Name of the field storing the creating user (`--owner author`), if any. */
  owner?: Names;
  /** Its list answers `{ rows, count }` instead of the array with X-Total-Count; false when missing. */
  envelope?: boolean;
  /** `--nested`: each reference also lists the entries of one referenced entry (`GET /categories/:id/articles`). */
  nested?: boolean;
  /** `--indexes`: filterable fields (camel names) with an index of their own; none when missing. */
  indexes?: string[];
  /** `--no-graphql` in a project with GraphQL: REST only, left out of the schema; served when missing. */
  graphql?: false;
  /** When `rest api` added it (ms since 1970): names its migration, which sorts after the earlier ones. */
  migrationTimestamp: number;
}
