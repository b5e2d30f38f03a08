// Every file `rest api` creates for one resource: one entry per template in templates-ast/resource/.
import type { GeneratedFile } from '../src/engine/generated-file.js';
import type { ProjectOptions } from '../src/model/project.js';
import { controllerTemplate } from './resource/controller.template.js';
import { nestedControllerTemplate } from './resource/nested.controller.template.js';
import { nestedReferences } from './resource/nested.js';
import { createDtoTemplate, updateDtoTemplate } from './resource/dto.template.js';
import { modelTemplate } from './resource/model.template.js';
import { moduleTemplate } from './resource/module.template.js';
import { serviceTemplate } from './resource/service.template.js';
import { viewTemplate } from './resource/view.template.js';
import { e2eTemplate } from './resource/e2e.template.js';
import { resourceMigrationTemplate } from './resource/migration.template.js';
import { searchableFields } from './resource/fields.js';
import { resourcePaths } from './resource/paths.js';
import { schemaSpecTemplate } from './specs/schema.spec.template.js';
import { resolverTemplate } from './graphql/resolver.template.js';
import { servesGraphql, type ResourceOptions } from '../src/model/resource.js';

export function resourceFiles(options: ProjectOptions, resource: ResourceOptions): GeneratedFile[] {
  return [
    moduleTemplate(options, resource),
    controllerTemplate(options, resource),
    ...(nestedReferences(resource).length > 0 ? [nestedControllerTemplate(options, resource)] : []),
    serviceTemplate(options, resource),
    ...(servesGraphql(options, resource) ? [resolverTemplate(options, resource)] : []),
    modelTemplate(options, resource),
    viewTemplate(options, resource),
    ...(resource.methods.create || resource.methods.update
      ? [createDtoTemplate(options, resource)]
      : []),
    ...(resource.methods.update ? [updateDtoTemplate(options, resource)] : []),
    e2eTemplate(options, resource),
    options.database === 'mongodb'
      ? schemaSpecTemplate({
          path: resourcePaths(options, resource).model,
          schema: `${resource.names.pascal}Schema`,
          collection: resource.names.pluralSnake,
          search: searchableFields(resource).map((field) => field.names.camel),
        })
      : resourceMigrationTemplate(options, resource),
  ];
}
