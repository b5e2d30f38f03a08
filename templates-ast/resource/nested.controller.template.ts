// `src/articles/nested-articles.controller.ts` (--nested): `GET /categories/:id/articles`, the list restricted to one referenced entry.
import type { MethodDeclarationStructure, OptionalKind } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import { pagedDecorator, pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, param, tsFile } from '../_shared/ts.js';
import { nestedMethodName, nestedPath, nestedReferences } from './nested.js';
import { resourcePaths } from './paths.js';
import { targetWords } from './reference-api.js';
import { serviceName } from './service.template.js';
import { listSpecName, toViewName, viewName } from './view.template.js';

type Method = OptionalKind<MethodDeclarationStructure>;

export const nestedControllerName = (resource: ResourceOptions): string =>
  `Nested${resource.names.pluralPascal}Controller`;

/**
 * `src/articles/nested-articles.controller.ts`. A controller of its own because a controller's
 * routes share its prefix (`articles`), and these live under the referenced resources' endpoints.
 */
export function nestedControllerTemplate(
  project: ProjectOptions,
  resource: ResourceOptions,
): TypeScriptFile {
  const paths = resourcePaths(project, resource);
  const spec = listSpecName(resource);
  const paged = pagedDecorator(resource.envelope);
  return tsFile(
    paths.nestedController,
    [
      pkg('@nestjs/common', 'Controller', 'Get', 'Param'),
      pkg('@nestjs/swagger', 'ApiTags'),
      use('apiDocs', 'ApiErrors', 'ApiListQuery'),
      use('access', 'Access'),
      use('listQuery', 'ListQueryParams', 'selectFields', 'ListQuery'),
      use('paging', paged, 'Page'),
      use('parseId', 'ParseIdPipe'),
      { from: paths.view, named: [viewName(resource), toViewName(resource), spec] },
      { from: paths.service, named: [serviceName(resource)] },
    ],
    [
      classOf({
        name: nestedControllerName(resource),
        decorators: [decorator('ApiTags', `'${resource.endpoint}'`), decorator('Controller')],
        ctors: [{ parameters: [injected(resource.names.pluralCamel, serviceName(resource))] }],
        methods: nestedReferences(resource).map((reference) =>
          nestedRoute(project, resource, reference),
        ),
      }),
    ],
  );
}

/** The list route, as the resource's own, with the referenced entry's id in the path. */
function nestedRoute(
  project: ProjectOptions,
  resource: ResourceOptions,
  reference: ReferenceOptions,
): Method {
  const view = viewName(resource);
  const spec = listSpecName(resource);
  const service = `this.${resource.names.pluralCamel}`;
  const access = [
    `'${resource.methods.list}'`,
    ...(resource.confirmed?.includes('list') ? ["'confirmed'"] : []),
  ];
  return {
    name: nestedMethodName(reference),
    isAsync: true,
    docs: [
      `The ${resource.names.pluralKebab.replace(/-/g, ' ')} of one ${targetWords(reference)} (\`${reference.names.camel}\`), as the list answers them.`,
    ],
    decorators: [
      decorator('Get', `'${nestedPath(project, resource, reference)}'`),
      decorator('Access', ...access),
      decorator(pagedDecorator(resource.envelope), view),
      decorator('ApiListQuery', spec),
      // ApiListQuery documents the 400s of the query (and ParseIdPipe's).
      decorator('ApiErrors', '404'),
    ],
    parameters: [
      param('id', 'string', [decorator('Param', "'id'", 'ParseIdPipe')]),
      param('query', 'ListQuery', [decorator('ListQueryParams', spec)]),
    ],
    returnType: `Promise<Page<Partial<${view}>>>`,
    statements: code(
      `const page = await ${service}.${nestedMethodName(reference)}(id, query);`,
      `const expanded = await ${service}.expand(page.items, query.expand);`,
      `return { ...page, items: page.items.map((item) => selectFields(${toViewName(resource)}(item, expanded), query)) };`,
    ),
  };
}
