// `src/articles/articles.module.ts`: a resource's controller, service and persistence.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';
import { controllerName } from './controller.template.js';
import { nestedControllerName } from './nested.controller.template.js';
import { nestedReferences } from './nested.js';
import { resourcePaths } from './paths.js';
import { serviceName } from './service.template.js';
import { resolverName, resolverPath } from '../graphql/resolver.template.js';
import { servesGraphql, type ResourceOptions } from '../../src/model/resource.js';

export const moduleName = (resource: ResourceOptions): string =>
  `${resource.names.pluralPascal}Module`;

export function moduleTemplate(project: ProjectOptions, resource: ResourceOptions): TypeScriptFile {
  const { pascal } = resource.names;
  const mongo = project.database === 'mongodb';
  const paths = resourcePaths(project, resource);
  const nested = nestedReferences(resource).length > 0;
  const controllers = [
    controllerName(resource),
    ...(nested ? [nestedControllerName(resource)] : []),
  ];
  return tsFile(
    paths.module,
    [
      pkg('@nestjs/common', 'Module'),
      mongo ? pkg('@nestjs/mongoose', 'MongooseModule') : pkg('@nestjs/typeorm', 'TypeOrmModule'),
      { from: paths.model, named: mongo ? [pascal, `${pascal}Schema`] : [pascal] },
      { from: paths.controller, named: [controllerName(resource)] },
      ...(nested
        ? [{ from: paths.nestedController, named: [nestedControllerName(resource)] }]
        : []),
      { from: paths.service, named: [serviceName(resource)] },
      ...(servesGraphql(project, resource)
        ? [{ from: resolverPath(project, resource), named: [resolverName(resource)] }]
        : []),
    ],
    [
      classOf({
        name: moduleName(resource),
        decorators: [
          decorator(
            'Module',
            code(
              '{',
              mongo
                ? `  imports: [MongooseModule.forFeature([{ name: ${pascal}.name, schema: ${pascal}Schema }])],`
                : `  imports: [TypeOrmModule.forFeature([${pascal}])],`,
              `  controllers: [${controllers.join(', ')}],`,
              `  providers: [${[serviceName(resource), ...(servesGraphql(project, resource) ? [resolverName(resource)] : [])].join(', ')}],`,
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
