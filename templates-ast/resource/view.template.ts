// `src/articles/article.view.ts`: what clients see of an entry (dates as ISO 8601 UTC), and its list spec.
import type { ProjectOptions } from '../../src/model/project.js';
import type { FieldOptions, ResourceOptions } from '../../src/model/resource.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import {
  classOf,
  code,
  constant,
  decorator,
  functionOf,
  interfaceOf,
  tsFile,
  viewProperty,
} from '../_shared/ts.js';
import { jsonType, listableFieldNames, searchableFields, sortableFieldNames } from './fields.js';
import { recordType, resourcePaths } from './paths.js';
import {
  expansionName,
  filterSpecs,
  referencedView,
  referenceViewProperty,
  referenceViewValue,
} from './reference-api.js';
import { referencesOf } from './references.js';

export const viewName = (resource: ResourceOptions): string => `${resource.names.pascal}View`;
export const listSpecName = (resource: ResourceOptions): string =>
  `${resource.names.snake.toUpperCase()}_LIST`;
export const toViewName = (resource: ResourceOptions): string => `to${viewName(resource)}`;

export function viewTemplate(project: ProjectOptions, resource: ResourceOptions): TypeScriptFile {
  const { camel } = resource.names;
  const mongo = project.database === 'mongodb';
  const owner = resource.owner;
  const record = recordType(project, resource);
  const quoted = (names: string[]) => names.map((name) => `'${name}'`).join(', ');
  const references = referencesOf(resource);
  const views = references.map((reference) => referencedView(project, reference));
  const viewNames = [...new Set(views.map((view) => view.view))];
  const ownerType = mongo ? 'PublicUserView | null' : 'PublicUserView';
  const ownerValue = owner
    ? mongo
      ? `${camel}.${owner.camel} ? toPublicUserView(${camel}.${owner.camel}) : null`
      : `toPublicUserView(${camel}.${owner.camel})`
    : '';
  return tsFile(
    resourcePaths(project, resource).view,
    [
      pkg(
        '@nestjs/swagger',
        ...(references.length ? ['ApiExtraModels'] : []),
        'ApiProperty',
        ...(references.length ? ['getSchemaPath'] : []),
      ),
      ...views.map((view) => ({ from: view.from, named: [view.view] })),
      ...(mongo && references.some((reference) => reference.many)
        ? [pkgTypes('mongoose', 'Types')]
        : []),
      { from: resourcePaths(project, resource).model, types: [record] },
      use('listQuery', 'ListSpec'),
      ...(owner
        ? [
            {
              from: 'src/users/user.view.ts',
              named: ['PublicUserView', 'toPublicUserView'],
            },
          ]
        : []),
    ],
    [
      classOf({
        name: viewName(resource),
        decorators: references.length ? [decorator('ApiExtraModels', ...viewNames)] : [],
        properties: [
          viewProperty('id', '{ type: String }'),
          ...resource.fields.map((field) =>
            viewProperty(
              field.names.camel,
              apiPropertyOf(field),
              field.optional ? `${jsonType(field)} | null` : jsonType(field),
            ),
          ),
          ...(owner
            ? [
                viewProperty(
                  owner.camel,
                  `{ type: () => PublicUserView${mongo ? ', nullable: true' : ''} }`,
                  ownerType,
                ),
              ]
            : []),
          ...references.map((reference) => referenceViewProperty(project, reference)),
          viewProperty('createdAt', DATE_TIME),
          viewProperty('updatedAt', DATE_TIME),
        ],
      }),
      ...(references.length
        ? [
            interfaceOf({
              name: expansionName(resource),
              docs: ['The referenced entries `expand` loaded, as views by id.'],
              properties: references.map((reference) => ({
                name: reference.names.camel,
                type: `ReadonlyMap<string, ${referencedView(project, reference).view}>`,
                hasQuestionToken: true,
              })),
            }),
          ]
        : []),
      constant(
        listSpecName(resource),
        `{ fields: [${quoted(listableFieldNames(resource))}], sort: [${quoted(sortableFieldNames(resource))}], search: [${quoted(searchableFields(resource).map((field) => field.names.camel))}], filters: ${filterSpecs(project, resource)}, expand: [${quoted(references.map((reference) => reference.names.camel))}] }`,
        {
          type: 'ListSpec',
          docs: [
            `\`GET /${resource.endpoint}\`: what \`q\` searches, the fields \`fields\` and \`sort\` may name, the filters and what \`expand\` may embed.`,
          ],
        },
      ),
      functionOf({
        name: toViewName(resource),
        parameters: [
          { name: camel, type: record },
          ...(references.length
            ? [{ name: 'expanded', type: expansionName(resource), initializer: '{}' }]
            : []),
        ],
        returnType: viewName(resource),
        statements: code(
          'return {',
          `  id: ${camel}.id,`,
          ...resource.fields.map(
            (field) =>
              `  ${field.names.camel}: ${fieldValue(`${camel}.${field.names.camel}`, field)},`,
          ),
          ...(owner ? [`  ${owner.camel}: ${ownerValue},`] : []),
          ...references.map(
            (reference) =>
              `  ${reference.names.camel}: ${referenceViewValue(project, camel, reference)},`,
          ),
          `  createdAt: ${camel}.createdAt.toISOString(),`,
          `  updatedAt: ${camel}.updatedAt.toISOString(),`,
          '};',
        ),
      }),
      ...(resource.fields.some((field) => field.type === 'date')
        ? [
            functionOf({
              name: 'iso',
              isExported: false,
              docs: ['A stored date as ISO 8601 UTC (a list of dates is stored as JSON text).'],
              parameters: [{ name: 'value', type: 'Date | string' }],
              returnType: 'string',
              statements: code('return new Date(value).toISOString();'),
            }),
          ]
        : []),
    ],
  );
}

const DATE_TIME = "{ type: String, format: 'date-time' }";

const SCHEMA_TYPES = { string: 'String', text: 'String', number: 'Number', boolean: 'Boolean' };

/** `@ApiProperty`'s options for a field: dates as date-time text, lists as arrays, null when optional. */
function apiPropertyOf(field: FieldOptions): string {
  const type = field.type === 'date' ? 'String' : SCHEMA_TYPES[field.type];
  const parts = [
    `type: ${field.array ? `[${type}]` : type}`,
    ...(field.type === 'date' ? ["format: 'date-time'"] : []),
    ...(field.optional ? ['nullable: true'] : []),
  ];
  return `{ ${parts.join(', ')} }`;
}

/** The field as the view shows it: dates as ISO text, a missing optional value as null. */
function fieldValue(access: string, field: FieldOptions): string {
  if (field.type === 'date') {
    if (field.array) return `${access}.map(iso)`;
    return field.optional ? `${access} ? iso(${access}) : null` : `iso(${access})`;
  }
  return field.optional ? `${access} ?? null` : access;
}
