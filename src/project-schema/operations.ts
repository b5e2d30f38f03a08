// The Query and Mutation fields of a project: per resource and for users, only the routes that exist, with who may call them.
import type { Access, ResourceMethod, ResourceOptions } from '../model/resource.js';
import type { GraphField } from './field-types.js';
import type { Names } from '../model/names.js';
import { graphqlFieldNames, graphqlPageNames } from '../model/graphql-names.js';

/** A field of Query or Mutation, mirroring one route. */
export interface Operation {
  root: 'Query' | 'Mutation';
  name: string;
  arguments: OperationArgument[];
  /** The returned type: `Article` (nullable single read), `[Article!]!`, `Boolean!`. */
  returns: { type: string; list: boolean; nullable: boolean };
  /** `client`: the client key (CLIENT_KEY) or the master key, as sign-up takes them. */
  access: Access | 'client';
  description?: string;
}

export interface OperationArgument {
  name: string;
  type: 'ID' | 'String' | 'Int' | string;
  nullable: boolean;
  /** `views_in: [Float!]`: a list of non-null values. */
  list?: boolean;
  defaultInteger?: number;
}

const id: OperationArgument = { name: 'id', type: 'ID', nullable: false };

/** `q`, `page`, `limit`, `sort`, `fields`: what every list route accepts. */
const LIST_ARGUMENTS: OperationArgument[] = [
  { name: 'q', type: 'String', nullable: true },
  { name: 'page', type: 'Int', nullable: true, defaultInteger: 1 },
  { name: 'limit', type: 'Int', nullable: true, defaultInteger: 10 },
  { name: 'sort', type: 'String', nullable: true },
  { name: 'fields', type: 'String', nullable: true },
];

/**
 * The page field's arguments: the list's, with REST's `after` and `count`; `page` has no default,
 * since a page number and a cursor do not go together.
 */
const PAGE_ARGUMENTS: OperationArgument[] = [
  ...LIST_ARGUMENTS.map(({ defaultInteger, ...argument }) =>
    argument.name === 'page' ? argument : { ...argument, defaultInteger },
  ),
  { name: 'after', type: 'String', nullable: true },
  { name: 'count', type: 'Boolean', nullable: true },
];

const PAGE_DESCRIPTION =
  'A page of the list with its count over all pages (null with count: false) and, with after (empty for the first page), the cursor of the next page: what REST answers as X-Total-Count and Link.';

/** The type names one resource's operations use. */
export interface OperationTypes {
  names: Names;
  object: string;
  /** Absent when the DTO has no fields: the mutation then takes no input. */
  createInput?: string;
  updateInput?: string;
  /** The owner field's name, when update and delete are its author's or an admin's. */
  owner?: string;
  /** The list's filters beside `q` (see filterArguments). */
  filters?: OperationArgument[];
}

/** GraphQL's spelling of a filter's operator: a name cannot hold the dot of `views.gte`. */
const OPERATORS = { gte: '_gte', lte: '_lte', in: '_in' };

/**
 * The filters of a resource's list as arguments, typed as the object's fields: `views: Float`,
 * `views_gte`, `views_lte` and `views_in: [Float!]` for `?views=`, `?views.gte=`, `?views.lte=` and
 * `?views.in=` (ranges and lists on numbers and dates only), `category: ID` and `tags: ID` for
 * references (a list of references: the entries holding that id), and `createdAt` as a date.
 */
export function filterArguments(
  resource: ResourceOptions,
  fields: readonly GraphField[],
): OperationArgument[] {
  const typeOf = (name: string, fallback: string) =>
    fields.find((field) => field.name === name)?.type ?? fallback;
  const scalars = resource.fields
    .filter((field) => !field.array && field.type !== 'text')
    .map((field) => ({
      name: field.names.camel,
      type: typeOf(field.names.camel, FILTER_TYPES[field.type]),
      ranges: field.type === 'number' || field.type === 'date',
    }));
  const references = (resource.references ?? []).map((reference) => ({
    name: reference.names.camel,
    type: 'ID',
    ranges: false,
  }));
  const created = { name: 'createdAt', type: typeOf('createdAt', 'DateTime'), ranges: true };
  return [...scalars, ...references, created].flatMap(({ name, type, ranges }) => [
    { name, type, nullable: true },
    ...(ranges
      ? [
          { name: `${name}${OPERATORS.gte}`, type, nullable: true },
          { name: `${name}${OPERATORS.lte}`, type, nullable: true },
          { name: `${name}${OPERATORS.in}`, type, nullable: true, list: true },
        ]
      : []),
  ]);
}

const FILTER_TYPES = {
  string: 'String',
  text: 'String',
  number: 'Float',
  boolean: 'Boolean',
  date: 'DateTime',
} as const;

/** Query and Mutation fields for the methods a resource has, in route order. */
export function resourceOperations(
  types: OperationTypes,
  methods: Partial<Record<ResourceMethod, Access>>,
): Operation[] {
  const { names, object } = types;
  const field = graphqlFieldNames(names);
  const one = { type: object, list: false, nullable: false };
  const ownerOnly = types.owner
    ? `Only the ${names.camel}'s ${types.owner} or an admin may call it.`
    : undefined;
  const input = (name: string | undefined) =>
    name ? [{ name: 'input', type: name, nullable: false }] : [];
  const build: Record<ResourceMethod, (access: Access) => Operation> = {
    list: (access) => ({
      root: 'Query',
      name: field.list,
      arguments: [...LIST_ARGUMENTS, ...(types.filters ?? [])],
      returns: { ...one, list: true },
      access,
    }),
    read: (access) => ({
      root: 'Query',
      name: field.read,
      arguments: [id],
      returns: { ...one, nullable: true },
      access,
    }),
    create: (access) => ({
      root: 'Mutation',
      name: field.create,
      arguments: input(types.createInput),
      returns: one,
      access,
    }),
    update: (access) => ({
      root: 'Mutation',
      name: field.update,
      arguments: [id, ...input(types.updateInput)],
      returns: one,
      access,
      ...(ownerOnly && access === 'user' ? { description: ownerOnly } : {}),
    }),
    delete: (access) => ({
      root: 'Mutation',
      name: field.delete,
      arguments: [id],
      returns: { type: 'Boolean', list: false, nullable: false },
      access,
      ...(ownerOnly && access === 'user' ? { description: ownerOnly } : {}),
    }),
  };
  const page = graphqlPageNames(names);
  const order: ResourceMethod[] = ['list', 'read', 'create', 'update', 'delete'];
  return order.flatMap((method) => {
    const access = methods[method];
    if (!access) return [];
    if (method !== 'list') return [build[method](access)];
    const list = build.list(access);
    return [
      list,
      {
        ...list,
        name: page.field,
        arguments: [...PAGE_ARGUMENTS, ...(types.filters ?? [])],
        returns: { type: page.type, list: false, nullable: false },
        description: PAGE_DESCRIPTION,
      },
    ];
  });
}

/** The users routes every project with accounts has (see the HTTP contract of `rest new`). */
export function userOperations(types: OperationTypes): Operation[] {
  const operations = resourceOperations(types, {
    list: 'admin',
    read: 'public',
    create: 'master',
    update: 'user',
    delete: 'admin',
  });
  const me: Operation = {
    root: 'Query',
    name: 'me',
    arguments: [],
    returns: { type: 'User', list: false, nullable: false },
    access: 'user',
    description: 'The signed-in user.',
  };
  const update = operations.find((operation) => operation.name === 'updateUser');
  if (update) update.description = 'The user themself or an admin may call it.';
  // Sign-up takes the client key that apps hold; only the master key may set a role.
  const create = operations.find((operation) => operation.name === 'createUser');
  if (create) {
    create.access = 'client';
    create.description = 'Setting a role needs the master key.';
  }
  // `me` after `user`, the other read.
  const after = operations.findIndex((operation) => operation.name === 'user') + 1;
  return [...operations.slice(0, after), me, ...operations.slice(after)];
}
