// `src/articles/articles.controller.ts`: the routes of a resource, each with who may call it.
import type { MethodDeclarationStructure, OptionalKind } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ResourceMethod, ResourceOptions } from '../../src/model/resource.js';
import { pagedDecorator, pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, param, tsFile } from '../_shared/ts.js';
import { resourcePaths } from './paths.js';
import { referencesOf } from './references.js';
import { serviceName } from './service.template.js';
import { listSpecName, toViewName, viewName } from './view.template.js';

type Method = OptionalKind<MethodDeclarationStructure>;

export const controllerName = (resource: ResourceOptions): string =>
  `${resource.names.pluralPascal}Controller`;

export function controllerTemplate(
  project: ProjectOptions,
  resource: ResourceOptions,
): TypeScriptFile {
  const { pascal } = resource.names;
  const paths = resourcePaths(project, resource);
  const { create, list, read, update, delete: remove } = resource.methods;
  const owned = resource.owner !== undefined && Boolean(create || update || remove);
  const referenced = referencesOf(resource).length > 0;
  const verbs = [
    ...(create ? ['Post'] : []),
    ...(list || read ? ['Get'] : []),
    ...(update ? ['Patch', 'Put'] : []),
    ...(remove ? ['Delete', 'HttpCode'] : []),
  ];
  return tsFile(
    paths.controller,
    [
      pkg(
        '@nestjs/common',
        ...(create || update ? ['Body'] : []),
        'Controller',
        ...verbs,
        ...(read || update || remove ? ['Param'] : []),
      ),
      pkg(
        '@nestjs/swagger',
        ...(create ? ['ApiCreatedResponse'] : []),
        ...(remove ? ['ApiNoContentResponse'] : []),
        ...(read || update ? ['ApiOkResponse'] : []),
        'ApiTags',
      ),
      use(
        'apiDocs',
        ...(create || update ? ['ApiBodies'] : []),
        'ApiErrors',
        ...(list ? ['ApiListQuery'] : []),
        ...(read && referenced ? ['ApiExpand'] : []),
      ),
      ...(read && referenced ? [use('listFilters', 'ExpandParam')] : []),
      use('access', 'Access'),
      ...(owned ? [use('currentUser', 'CurrentUser', 'AuthUser')] : []),
      ...(list
        ? [
            use('listQuery', 'ListQueryParams', 'selectFields', 'ListQuery'),
            use('paging', pagedDecorator(resource.envelope), 'Page'),
          ]
        : []),
      ...(read || update || remove ? [use('parseId', 'ParseIdPipe')] : []),
      ...(create || update ? [{ from: paths.createDto, named: [`Create${pascal}Dto`] }] : []),
      ...(update ? [{ from: paths.updateDto, named: [`Update${pascal}Dto`] }] : []),
      {
        from: paths.view,
        named: [
          viewName(resource),
          toViewName(resource),
          ...(list || (read && referenced) ? [listSpecName(resource)] : []),
        ],
      },
      { from: paths.service, named: [serviceName(resource)] },
    ],
    [
      classOf({
        name: controllerName(resource),
        decorators: [
          decorator('ApiTags', `'${resource.endpoint}'`),
          ...(create || update ? [decorator('ApiBodies')] : []),
          decorator('Controller', `'${resource.endpoint}'`),
        ],
        ctors: [{ parameters: [injected(resource.names.pluralCamel, serviceName(resource))] }],
        methods: routes(resource),
      }),
    ],
  );
}

/** The routes in `resource.methods`, in the order a reader expects them. */
function routes(resource: ResourceOptions): Method[] {
  const { pascal, pluralCamel } = resource.names;
  const view = viewName(resource);
  const toView = toViewName(resource);
  const service = `this.${pluralCamel}`;
  const id = param('id', 'string', [decorator('Param', "'id'", 'ParseIdPipe')]);
  const owned = resource.owner !== undefined;
  const referenced = referencesOf(resource).length > 0;
  const user = owned ? [param('user', 'AuthUser', [decorator('CurrentUser')])] : [];
  const andUser = owned ? ', user' : '';
  const access = (kind: ResourceMethod) =>
    decorator(
      'Access',
      `'${resource.methods[kind]}'`,
      ...(resource.confirmed?.includes(kind) ? ["'confirmed'"] : []),
    );
  const ok = decorator('ApiOkResponse', `{ type: ${view} }`);
  // An owner's entry is refused to other users (403); the rest of 401/403 comes with @Access.
  const errors = (...statuses: number[]) =>
    decorator('ApiErrors', ...[...statuses, ...(owned ? [403] : [])].sort().map(String));
  // PUT replaces the entry with a whole one (the create DTO's rules); PATCH changes what is sent.
  const update = (name: 'replace' | 'update', verb: 'Put' | 'Patch'): Method => ({
    name: name === 'replace' ? 'update' : 'patch',
    isAsync: true,
    decorators: [
      decorator(verb, "':id'"),
      access('update'),
      ok,
      errors(400, 404, ...(referenced ? [409] : [])),
    ],
    parameters: [
      id,
      name === 'replace'
        ? param('input', `Create${pascal}Dto`, [decorator('Body')])
        : param('changes', `Update${pascal}Dto`, [decorator('Body')]),
      ...user,
    ],
    returnType: `Promise<${view}>`,
    statements: code(
      `return ${toView}(await ${service}.${name}(id, ${name === 'replace' ? 'input' : 'changes'}${andUser}));`,
    ),
  });
  const all: Partial<Record<ResourceMethod, Method[]>> = {
    create: [
      {
        name: 'create',
        isAsync: true,
        decorators: [
          decorator('Post'),
          access('create'),
          decorator('ApiCreatedResponse', `{ type: ${view} }`),
          // 409: a referenced entry was deleted between the check and the write.
          decorator('ApiErrors', '400', ...(referenced ? ['409'] : [])),
        ],
        parameters: [param('input', `Create${pascal}Dto`, [decorator('Body')]), ...user],
        returnType: `Promise<${view}>`,
        statements: code(`return ${toView}(await ${service}.create(input${andUser}));`),
      },
    ],
    list: [
      {
        name: 'list',
        isAsync: true,
        decorators: [
          decorator('Get'),
          access('list'),
          decorator(pagedDecorator(resource.envelope), view),
          decorator('ApiListQuery', listSpecName(resource)),
        ],
        parameters: [
          param('query', 'ListQuery', [decorator('ListQueryParams', listSpecName(resource))]),
        ],
        returnType: `Promise<Page<Partial<${view}>>>`,
        statements: code(
          `const page = await ${service}.list(query);`,
          ...(referenced
            ? [
                `const expanded = await ${service}.expand(page.items, query.expand);`,
                `return { ...page, items: page.items.map((item) => selectFields(${toView}(item, expanded), query)) };`,
              ]
            : [
                `return { ...page, items: page.items.map((item) => selectFields(${toView}(item), query)) };`,
              ]),
        ),
      },
    ],
    read: [
      {
        name: 'findOne',
        isAsync: true,
        decorators: [
          decorator('Get', "':id'"),
          access('read'),
          ok,
          ...(referenced ? [decorator('ApiExpand', `${listSpecName(resource)}.expand`)] : []),
          decorator('ApiErrors', '400', '404'),
        ],
        parameters: [
          id,
          ...(referenced
            ? [
                param('expand', 'string[]', [
                  decorator('ExpandParam', `${listSpecName(resource)}.expand`),
                ]),
              ]
            : []),
        ],
        returnType: `Promise<${view}>`,
        statements: referenced
          ? code(
              `const ${resource.names.camel} = await ${service}.findOne(id);`,
              `return ${toView}(${resource.names.camel}, await ${service}.expand([${resource.names.camel}], expand));`,
            )
          : code(`return ${toView}(await ${service}.findOne(id));`),
      },
    ],
    update: [update('replace', 'Put'), update('update', 'Patch')],
    delete: [
      {
        name: 'remove',
        isAsync: true,
        decorators: [
          decorator('Delete', "':id'"),
          access('delete'),
          decorator('HttpCode', '204'),
          decorator('ApiNoContentResponse'),
          // 409: entries of another resource refer to it (a restrict rule), now or after a later `rest api`.
          errors(400, 404, 409),
        ],
        parameters: [id, ...user],
        returnType: 'Promise<void>',
        statements: code(`await ${service}.remove(id${andUser});`),
      },
    ],
  };
  return (['create', 'list', 'read', 'update', 'delete'] as const).flatMap((kind) =>
    resource.methods[kind] ? (all[kind] ?? []) : [],
  );
}
