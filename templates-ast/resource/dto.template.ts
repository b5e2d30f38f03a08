// What POST and PUT/PATCH accept: `dto/create-article.dto.ts` and `dto/update-article.dto.ts`.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import type { ResourceOptions } from '../../src/resource/options.js';
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
    ...referencesOf(resource).map((reference) => referenceDtoProperty(project, reference, false)),
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

export function updateDtoTemplate(
  project: ProjectOptions,
  resource: ResourceOptions,
): TypeScriptFile {
  const properties = [
    ...resource.fields.map((field) => dtoProperty(field, true)),
    ...referencesOf(resource).map((reference) => referenceDtoProperty(project, reference, true)),
  ];
  return tsFile(
    resourcePaths(project, resource).updateDto,
    properties.flatMap((field) => field.imports),
    [
      classOf({
        name: `Update${resource.names.pascal}Dto`,
        docs: ['A field left out keeps its value; null clears an optional one.'],
        properties: properties.map((field) => field.property),
      }),
    ],
  );
}
