// The Query and Mutation fields of a project: per resource and for users, only the routes that exist, with who may call them.
import type { Access, ResourceMethod } from '../resource/options.js';
import type { Names } from '../resource/names.js';

/** A field of Query or Mutation, mirroring one route. */
export interface Operation {
  root: 'Query' | 'Mutation';
  name: string;
  arguments: OperationArgument[];
  /** The returned type: `Article` (nullable single read), `[Article!]!`, `Boolean!`. */
  returns: { type: string; list: boolean; nullable: boolean };
  access: Access;
  description?: string;
}

export interface OperationArgument {
  name: string;
  type: 'ID' | 'String' | 'Int' | string;
  nullable: boolean;
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

/** The type names one resource's operations use. */
export interface OperationTypes {
  names: Names;
  object: string;
  /** Absent when the DTO has no fields: the mutation then takes no input. */
  createInput?: string;
  updateInput?: string;
  /** The owner field's name, when update and delete are its author's or an admin's. */
  owner?: string;
}

/** Query and Mutation fields for the methods a resource has, in route order. */
export function resourceOperations(
  types: OperationTypes,
  methods: Partial<Record<ResourceMethod, Access>>,
): Operation[] {
  const { names, object } = types;
  const one = { type: object, list: false, nullable: false };
  const ownerOnly = types.owner
    ? `Only the ${names.camel}'s ${types.owner} or an admin may call it.`
    : undefined;
  const input = (name: string | undefined) =>
    name ? [{ name: 'input', type: name, nullable: false }] : [];
  const build: Record<ResourceMethod, (access: Access) => Operation> = {
    list: (access) => ({
      root: 'Query',
      name: names.pluralCamel === names.camel ? `${names.camel}List` : names.pluralCamel,
      arguments: LIST_ARGUMENTS,
      returns: { ...one, list: true },
      access,
    }),
    read: (access) => ({
      root: 'Query',
      name: names.camel,
      arguments: [id],
      returns: { ...one, nullable: true },
      access,
    }),
    create: (access) => ({
      root: 'Mutation',
      name: `create${names.pascal}`,
      arguments: input(types.createInput),
      returns: one,
      access,
    }),
    update: (access) => ({
      root: 'Mutation',
      name: `update${names.pascal}`,
      arguments: [id, ...input(types.updateInput)],
      returns: one,
      access,
      ...(ownerOnly && access === 'user' ? { description: ownerOnly } : {}),
    }),
    delete: (access) => ({
      root: 'Mutation',
      name: `delete${names.pascal}`,
      arguments: [id],
      returns: { type: 'Boolean', list: false, nullable: false },
      access,
      ...(ownerOnly && access === 'user' ? { description: ownerOnly } : {}),
    }),
  };
  const order: ResourceMethod[] = ['list', 'read', 'create', 'update', 'delete'];
  return order.flatMap((method) => {
    const access = methods[method];
    return access ? [build[method](access)] : [];
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
  return [...operations.slice(0, 2), me, ...operations.slice(2)];
}
