// `src/articles/articles.resolver.ts`: a resource's fields of Query and Mutation, and its references, calling its service.
import type { MethodDeclarationStructure, OptionalKind } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ResourceMethod, ResourceOptions } from '../../src/model/resource.js';
import { graphqlFieldNames, graphqlPageNames } from '../../src/model/graphql-names.js';
import { use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';
import { resourcePaths } from '../resource/paths.js';
import { referencesOf } from '../resource/references.js';
import { serviceName } from '../resource/service.template.js';
import { listSpecName, toViewName, viewName } from '../resource/view.template.js';

type Method = OptionalKind<MethodDeclarationStructure>;

export const resolverName = (resource: ResourceOptions): string =>
  `${resource.names.pluralPascal}Resolver`;

export const resolverPath = (project: ProjectOptions, resource: ResourceOptions): string =>
  resourcePaths(project, resource).service.replace(/\.service\.ts$/, '.resolver.ts');

/** The names of the fields, as the printed schema has them. */
export const fieldNames = (resource: ResourceOptions): Record<ResourceMethod, string> =>
  graphqlFieldNames(resource.names);

export function resolverTemplate(
  project: ProjectOptions,
  resource: ResourceOptions,
): TypeScriptFile {
  const { pascal } = resource.names;
  const paths = resourcePaths(project, resource);
  const { create, list, read, update, delete: remove } = resource.methods;
  const owned = resource.owner !== undefined && Boolean(create || update || remove);
  const references = referencesOf(resource);
  const usesContext = owned || references.length > 0;
  const marks = [
    'Resolver',
    ...(list || read ? ['Query'] : []),
    ...(create || update || remove ? ['Mutation'] : []),
    ...(references.length > 0 ? ['ResolveField'] : []),
    'BatchLoad',
  ];
  return tsFile(
    resolverPath(project, resource),
    [
      use('access', 'Access'),
      ...(owned ? [use('currentUser', 'AuthUser')] : []),
      use('graphql', ...marks),
      ...(usesContext ? [use('graphqlContext', 'GraphqlContext')] : []),
      use(
        'graphqlInput',
        ...(read || update || remove ? ['checkedId'] : []),
        ...(create || update ? ['checkedInput'] : []),
        ...(list ? ['listQueryOf', 'pageAnswer', 'PageAnswer'] : []),
      ),
      ...(create ? [{ from: paths.createDto, named: [`Create${pascal}Dto`] }] : []),
      ...(update ? [{ from: paths.updateDto, named: [`Update${pascal}Dto`] }] : []),
      {
        from: paths.view,
        named: [toViewName(resource), ...(list ? [listSpecName(resource)] : [])],
        types: [viewName(resource)],
      },
      { from: paths.service, named: [serviceName(resource)] },
    ],
    [
      classOf({
        name: resolverName(resource),
        docs: [
          `The ${resource.names.pluralCamel} in GraphQL: the fields of src/graphql/schema.graphql that mirror their REST routes,`,
          'with the same access, checks and service.',
        ],
        decorators: [decorator('Resolver')],
        ctors: [{ parameters: [injected(resource.names.pluralCamel, serviceName(resource))] }],
        methods: [...fields(resource), ...referenceFields(resource), batchLoad(resource)],
      }),
    ],
  );
}

/** Query and Mutation fields for the methods the resource has, in route order. */
function fields(resource: ResourceOptions): Method[] {
  const { pascal, pluralCamel } = resource.names;
  const view = viewName(resource);
  const toView = toViewName(resource);
  const service = `this.${pluralCamel}`;
  const names = fieldNames(resource);
  const owned = resource.owner !== undefined;
  const user = owned ? ', context.user as AuthUser' : '';
  const context = owned ? [{ name: 'context', type: 'GraphqlContext' }] : [];
  const mark = (kind: ResourceMethod) => [
    decorator(kind === 'list' || kind === 'read' ? 'Query' : 'Mutation', `'${names[kind]}'`),
    decorator(
      'Access',
      `'${resource.methods[kind]}'`,
      ...(resource.confirmed?.includes(kind) ? ["'confirmed'"] : []),
    ),
  ];
  const all: Record<ResourceMethod, Method> = {
    list: {
      name: 'list',
      isAsync: true,
      decorators: mark('list'),
      parameters: [{ name: 'args', type: 'Record<string, unknown>' }],
      returnType: `Promise<${view}[]>`,
      statements: code(
        `const page = await ${service}.list(listQueryOf(args, ${listSpecName(resource)}));`,
        `return page.items.map((item) => ${toView}(item));`,
      ),
    },
    read: {
      name: 'findOne',
      isAsync: true,
      decorators: mark('read'),
      parameters: [{ name: 'args', type: '{ id: string }' }],
      returnType: `Promise<${view}>`,
      statements: code(`return ${toView}(await ${service}.findOne(checkedId(args.id)));`),
    },
    create: {
      name: 'create',
      isAsync: true,
      decorators: mark('create'),
      parameters: [{ name: 'args', type: '{ input?: unknown }' }, ...context],
      returnType: `Promise<${view}>`,
      statements: code(
        `const input = await checkedInput(Create${pascal}Dto, args.input);`,
        `return ${toView}(await ${service}.create(input${user}));`,
      ),
    },
    update: {
      name: 'update',
      isAsync: true,
      docs: ["PATCH's rules: a field left out keeps its value."],
      decorators: mark('update'),
      parameters: [{ name: 'args', type: '{ id: string; input?: unknown }' }, ...context],
      returnType: `Promise<${view}>`,
      statements: code(
        `const changes = await checkedInput(Update${pascal}Dto, args.input);`,
        `return ${toView}(await ${service}.update(checkedId(args.id), changes${user}));`,
      ),
    },
    delete: {
      name: 'remove',
      isAsync: true,
      decorators: mark('delete'),
      parameters: [{ name: 'args', type: '{ id: string }' }, ...context],
      returnType: 'Promise<boolean>',
      statements: code(`await ${service}.remove(checkedId(args.id)${user});`, 'return true;'),
    },
  };
  const page: Method = {
    name: 'page',
    isAsync: true,
    docs: [
      "The list's page with its count and the next page's cursor, as REST's headers give them.",
    ],
    decorators: [
      decorator('Query', `'${graphqlPageNames(resource.names).field}'`),
      ...mark('list').slice(1),
    ],
    parameters: [{ name: 'args', type: 'Record<string, unknown>' }],
    returnType: `Promise<PageAnswer<${view}>>`,
    statements: code(
      `const page = await ${service}.list(listQueryOf(args, ${listSpecName(resource)}));`,
      `return pageAnswer(page, ${toView});`,
    ),
  };
  const order: ResourceMethod[] = ['list', 'read', 'create', 'update', 'delete'];
  return order
    .filter((kind) => resource.methods[kind])
    .flatMap((kind) => (kind === 'list' ? [all.list, page] : [all[kind]]));
}

/** A reference's field: the referenced entries of every entry of the request, loaded in one query. */
function referenceFields(resource: ResourceOptions): Method[] {
  const view = viewName(resource);
  const entry = resource.names.camel;
  return referencesOf(resource).map((reference) => {
    const name = reference.names.camel;
    const target = reference.target.pascal;
    return {
      name,
      docs: [
        `Its ${name}, loaded with those of the other ${resource.names.pluralCamel} of the request.`,
      ],
      decorators: [decorator('ResolveField', `'${resource.names.pascal}'`, `'${name}'`)],
      parameters: [
        { name: entry, type: view },
        { name: 'context', type: 'GraphqlContext' },
      ],
      returnType: reference.many ? 'Promise<unknown[]>' : 'Promise<unknown>',
      statements: code(
        reference.many
          ? `return context.loadMany('${target}', ${entry}.${name} as string[]);`
          : `return context.load('${target}', ${entry}.${name} as string${reference.optional ? ' | null' : ''});`,
      ),
    };
  });
}

/** What the references to this resource load: its entries by id, in one query. */
function batchLoad(resource: ResourceOptions): Method {
  const { pascal, pluralCamel } = resource.names;
  return {
    name: 'byIds',
    isAsync: true,
    decorators: [decorator('BatchLoad', `'${pascal}'`)],
    parameters: [{ name: 'ids', type: 'readonly string[]' }],
    returnType: `Promise<${viewName(resource)}[]>`,
    statements: code(
      `return (await this.${pluralCamel}.findMany(ids)).map((item) => ${toViewName(resource)}(item));`,
    ),
  };
}
