// Where a resource's files go, where `nest g resource` would put them.
import type { ProjectOptions } from '../../src/model/project.js';
import type { ResourceOptions } from '../../src/model/resource.js';

export interface ResourcePaths {
  module: string;
  controller: string;
  /** `--nested`: the routes under the referenced resources' endpoints. */
  nestedController: string;
  service: string;
  /** The SQL entity or the Mongoose schema. */
  model: string;
  view: string;
  createDto: string;
  updateDto: string;
  e2e: string;
}

export function resourcePaths(project: ProjectOptions, resource: ResourceOptions): ResourcePaths {
  const { kebab, pluralKebab } = resource.names;
  const folder = `${project.sourceDir}/${pluralKebab}`;
  return {
    module: `${folder}/${pluralKebab}.module.ts`,
    controller: `${folder}/${pluralKebab}.controller.ts`,
    nestedController: `${folder}/nested-${pluralKebab}.controller.ts`,
    service: `${folder}/${pluralKebab}.service.ts`,
    model:
      project.database === 'mongodb'
        ? `${folder}/schemas/${kebab}.schema.ts`
        : `${folder}/entities/${kebab}.entity.ts`,
    view: `${folder}/${kebab}.view.ts`,
    createDto: `${folder}/dto/create-${kebab}.dto.ts`,
    updateDto: `${folder}/dto/update-${kebab}.dto.ts`,
    e2e: `test/${pluralKebab}.e2e-spec.ts`,
  };
}

/** The type a service hands out: the entity, or the Mongoose document (with its owner populated). */
export function recordType(project: ProjectOptions, resource: ResourceOptions): string {
  const { pascal } = resource.names;
  if (project.database !== 'mongodb') return pascal;
  return resource.owner ? `Populated${pascal}` : `${pascal}Document`;
}
