// What references add to the API: ids in bodies and answers, `expand`, and the filters of a list.
import type { OptionalKind, PropertyDeclarationStructure } from 'ts-morph';
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import { use } from '../_shared/pieces.js';
import { decorator, property } from '../_shared/ts.js';
import { listIdsName } from './reference-properties.js';
import { joinColumns, joinTableName, referenceColumn, referencesOf } from './references.js';
import { isIndexed } from './fields.js';

/** Longest accepted list of ids, as for a list field. */
const MAX_IDS = 100;

/** The view of a referenced resource: `CategoryView` from `src/categories/category.view.ts`. */
export function referencedView(project: ProjectOptions, reference: ReferenceOptions) {
  const { kebab, pascal, pluralKebab } = reference.target;
  if (kebab === 'user') {
    return { from: 'src/users/user.view.ts', view: 'PublicUserView', toView: 'toPublicUserView' };
  }
  return {
    from: `${project.sourceDir}/${pluralKebab}/${kebab}.view.ts`,
    view: `${pascal}View`,
    toView: `to${pascal}View`,
  };
}

/** `category`, `a category`: how messages and docs name the referenced resource. */
export const targetWords = (reference: ReferenceOptions): string =>
  reference.target.kebab.replace(/-/g, ' ');

const idFormat = (project: ProjectOptions) =>
  project.database === 'mongodb' ? "pattern: '^[0-9a-f]{24}$'" : "format: 'uuid'";

/** A reference in a create or update body: the id (or ids) of existing entries, checked for form. */
export function referenceDtoProperty(
  project: ProjectOptions,
  reference: ReferenceOptions,
): { property: OptionalKind<PropertyDeclarationStructure>; imports: ImportRef[] } {
  const mongo = project.database === 'mongodb';
  const check = mongo ? 'IsMongoId' : 'IsUUID';
  const what = targetWords(reference);
  // A list left out of a new entry is empty; a single reference is required unless declared optional.
  const optional = reference.many || reference.optional;
  const swagger = optional ? 'ApiPropertyOptional' : 'ApiProperty';
  const schema = reference.many
    ? `{ type: [String], description: 'The ids of ${what} entries (at most ${MAX_IDS})' }`
    : `{ type: String, ${idFormat(project)}, description: 'The id of a ${what}'${reference.optional ? ', nullable: true' : ''} }`;
  const decorators = [
    decorator(swagger, schema),
    ...(reference.many ? [decorator('FormValue', "'text'", '{ list: true }')] : []),
    ...(optional ? [decorator('IsOptional')] : []),
    ...(reference.many ? [decorator('IsArray'), decorator('ArrayMaxSize', String(MAX_IDS))] : []),
    reference.many
      ? decorator(check, ...(mongo ? [] : ["'all'"]), '{ each: true }')
      : decorator(check),
  ];
  const type = reference.many ? 'string[]' : reference.optional ? 'string | null' : 'string';
  return {
    property: property(reference.names.camel, type, decorators, { hasQuestionToken: optional }),
    imports: [
      { from: '@nestjs/swagger', named: [swagger] },
      ...(reference.many ? [use('formValue', 'FormValue')] : []),
      {
        from: 'class-validator',
        named: [
          ...(optional ? ['IsOptional'] : []),
          ...(reference.many ? ['IsArray', 'ArrayMaxSize'] : []),
          check,
        ],
      },
    ],
  };
}

/** `ArticleExpansion`: the referenced views `expand` loaded, by id, one map per reference. */
export const expansionName = (resource: ResourceOptions): string =>
  `${resource.names.pascal}Expansion`;

/** The id (or ids) an entry holds for a reference, as text. */
export function referenceIds(project: ProjectOptions, entry: string, reference: ReferenceOptions) {
  if (project.database !== 'mongodb') {
    return `${entry}.${reference.many ? listIdsName(reference) : referenceColumn(reference)}`;
  }
  const field = `${entry}.${reference.names.camel}`;
  if (reference.many) return `${field}.map((id: Types.ObjectId) => id.toHexString())`;
  return reference.optional ? `${field}?.toHexString() ?? null` : `${field}.toHexString()`;
}

/** A reference in a view: the id(s), or the referenced entries' views where `expand` named it. */
export function referenceViewProperty(project: ProjectOptions, reference: ReferenceOptions) {
  const { view } = referencedView(project, reference);
  const name = reference.names.camel;
  const what = targetWords(reference);
  // An optional reference is null when cleared: the id's branch says so (OpenAPI 3.0 has no null type,
  // and `nullable` needs a `type` beside it, which a oneOf has not).
  const nullable = !reference.many && reference.optional ? ', nullable: true' : '';
  const oneOf = `oneOf: [{ type: 'string', ${idFormat(project)}${nullable} }, { $ref: getSchemaPath(${view}) }]`;
  const schema = reference.many
    ? `{ type: 'array', items: { ${oneOf} }, description: 'The ids of its ${name}; their views with ?expand=${name}' }`
    : `{ ${oneOf}, description: 'The id of its ${what}; its view with ?expand=${name}' }`;
  const type = reference.many
    ? `(string | ${view})[]`
    : `string | ${view}${reference.optional ? ' | null' : ''}`;
  return property(name, type, [decorator('ApiProperty', schema)], { hasExclamationToken: true });
}

/** The value of a reference in `toArticleView`. */
export function referenceViewValue(
  project: ProjectOptions,
  entry: string,
  reference: ReferenceOptions,
): string {
  const ids = referenceIds(project, entry, reference);
  const expanded = `expanded.${reference.names.camel}`;
  if (reference.many) return `${ids}.map((id: string) => ${expanded}?.get(id) ?? id)`;
  if (!reference.optional) return `${expanded}?.get(${ids}) ?? ${ids}`;
  const held =
    project.database === 'mongodb'
      ? {
          value: `${entry}.${reference.names.camel}`,
          id: `${entry}.${reference.names.camel}.toHexString()`,
        }
      : {
          value: `${entry}.${referenceColumn(reference)}`,
          id: `${entry}.${referenceColumn(reference)}`,
        };
  return `${held.value} ? (${expanded}?.get(${held.id}) ?? ${held.id}) : null`;
}

/**
 * The filters of a list, for the ListSpec: scalar fields (`scan` where no index holds them), and
 * references by id (each has an index).
 */
export function filterSpecs(project: ProjectOptions, resource: ResourceOptions): string {
  const sql = project.database !== 'mongodb';
  const scalars = resource.fields
    .filter((field) => !field.array && field.type !== 'text')
    // Without an index of its own a filter is a scan, which the list bounds as it bounds a search.
    .map(
      (field) =>
        `${field.names.camel}: { type: '${field.type}'${isIndexed(resource, field) ? '' : ', scan: true'} }`,
    );
  const references = referencesOf(resource).map((reference) => {
    const name = reference.names.camel;
    if (!sql) return `${name}: { type: 'id' }`;
    if (!reference.many) return `${name}: { type: 'id', column: '${referenceColumn(reference)}' }`;
    const { own, target } = joinColumns(resource, reference);
    const table = joinTableName(resource, reference);
    return `${name}: { type: 'id', join: { table: '${table}', own: '${own}', target: '${target}' } }`;
  });
  return `{ ${[...scalars, ...references, "createdAt: { type: 'date' }"].join(', ')} }`;
}
