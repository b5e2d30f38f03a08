// What POST and PUT take (`dto/create-article.dto.ts`) and what PATCH takes (`dto/update-article.dto.ts`, a mapped type of it).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ResourceOptions } from '../../src/model/resource.js';
import { classOf, tsFile } from '../_shared/ts.js';
import { dtoProperty } from './fields.js';
import { resourcePaths } from './paths.js';
import { referenceDtoProperty } from './reference-api.js';
import { referencesOf } from './references.js';

export function createDtoTemplate(
  project: ProjectOptions,
  resource: ResourceOptions,
): TypeScriptFile {
  const properties = [
    ...resource.fields.map((field) => dtoProperty(field)),
    ...referencesOf(resource).map((reference) => referenceDtoProperty(project, reference)),
  ];
  return tsFile(
    resourcePaths(project, resource).createDto,
    properties.flatMap((field) => field.imports),
    [
      classOf({
        name: `Create${resource.names.pascal}Dto`,
        properties: properties.map((field) => field.property),
      }),
    ],
  );
}

/**
 * PATCH's body: the create DTO's rules through `PartialType`, so that the two cannot diverge. A field
 * left out keeps its value; null clears an optional field and is refused on a required one
 * (`skipNullProperties: false` checks a null against the field's rules).
 */
export function updateDtoTemplate(
  project: ProjectOptions,
  resource: ResourceOptions,
): TypeScriptFile {
  const paths = resourcePaths(project, resource);
  const create = `Create${resource.names.pascal}Dto`;
  return tsFile(
    paths.updateDto,
    [
      { from: '@nestjs/swagger', named: ['PartialType'] },
      { from: paths.createDto, named: [create] },
    ],
    [
      classOf({
        name: `Update${resource.names.pascal}Dto`,
        extends: `PartialType(${create}, { skipNullProperties: false })`,
        docs: [
          "What PATCH takes: a field left out keeps its value; null clears an optional one and is a 400 on a required one. The rules are the create DTO's.",
        ],
        properties: [],
      }),
    ],
  );
}
