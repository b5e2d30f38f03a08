// The properties references add to an entity (TypeORM) or a schema (Mongoose).
import pluralize from 'pluralize';
import type { OptionalKind, PropertyDeclarationStructure } from 'ts-morph';
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import { pkg } from '../_shared/pieces.js';
import { decorator, property } from '../_shared/ts.js';
import { referenceIdColumn } from '../database/sql-dialects.js';
import {
  joinColumns,
  joinTableName,
  referenceColumn,
  referencedModel,
  referencesOf,
  typeormOnDelete,
} from './references.js';

interface Properties {
  properties: OptionalKind<PropertyDeclarationStructure>[];
  imports: ImportRef[];
}

/** What deleting the referenced entry does, in the words of the docs above a reference. */
function onDeleteDocs(reference: ReferenceOptions, resource: ResourceOptions): string {
  const target = `the ${reference.target.kebab.replace(/-/g, ' ')}`;
  const self = resource.names.kebab.replace(/-/g, ' ');
  const id = `${reference.many ? `The ids of its ${reference.names.camel}` : `The id of ${target}`}`;
  const rule = reference.many
    ? 'a deleted one leaves the list'
    : {
        restrict: `${target} cannot be deleted while a ${self} refers to it`,
        'set null': `cleared when ${target} is deleted`,
        cascade: `the ${self} is deleted with ${target}`,
      }[reference.onDelete];
  return `${id}: ${rule}.`;
}

/** `tagIds`: where an entity reads the ids of a list reference. */
export const listIdsName = (reference: ReferenceOptions): string =>
  `${pluralize.singular(reference.names.camel)}Ids`;

/**
 * A single reference is its id column (`categoryId`, indexed) and the relation that declares the
 * foreign key; a list is a join table, read back as ids by `@RelationId`.
 */
export function entityReferences(project: ProjectOptions, resource: ResourceOptions): Properties {
  const references = referencesOf(resource);
  const properties = references.flatMap((reference) => {
    const model = referencedModel(project, reference).className;
    const name = reference.names.camel;
    if (reference.many) return entityList(resource, reference, model);
    const nullable = reference.optional ? ', nullable: true' : '';
    return [
      property(
        referenceColumn(reference),
        reference.optional ? 'string | null' : 'string',
        [
          decorator('Index'),
          decorator('Column', `{ ${referenceIdColumn(project.database)}${nullable} }`),
        ],
        { docs: [onDeleteDocs(reference, resource)] },
      ),
      property(
        name,
        reference.optional ? `${model} | null` : model,
        [
          decorator(
            'ManyToOne',
            `() => ${model}`,
            `{ nullable: ${reference.optional}, onDelete: ${typeormOnDelete(reference)} }`,
          ),
          decorator('JoinColumn', `{ name: '${referenceColumn(reference)}' }`),
        ],
        { hasQuestionToken: true },
      ),
    ];
  });
  return {
    properties,
    imports: references.length
      ? [
          pkg(
            'typeorm',
            ...(references.some((reference) => !reference.many) ? ['JoinColumn', 'ManyToOne'] : []),
            ...(references.some((reference) => reference.many)
              ? ['JoinTable', 'ManyToMany', 'RelationId']
              : []),
          ),
          ...references.map((reference) => referencedModel(project, reference).import),
        ]
      : [],
  };
}

function entityList(resource: ResourceOptions, reference: ReferenceOptions, model: string) {
  const name = reference.names.camel;
  const { own, target } = joinColumns(resource, reference);
  const { camel, pascal } = resource.names;
  return [
    property(
      name,
      `${model}[]`,
      [
        decorator('ManyToMany', `() => ${model}`),
        decorator(
          'JoinTable',
          `{ name: '${joinTableName(resource, reference)}', joinColumn: { name: '${own}' }, inverseJoinColumn: { name: '${target}' } }`,
        ),
      ],
      { hasQuestionToken: true },
    ),
    property(
      listIdsName(reference),
      'string[]',
      [decorator('RelationId', `(${camel}: ${pascal}) => ${camel}.${name}`)],
      { docs: [onDeleteDocs(reference, resource)] },
    ),
  ];
}

/** ObjectId references to the referenced models; a list is an array of them. */
export function schemaReferences(project: ProjectOptions, resource: ResourceOptions): Properties {
  const references = referencesOf(resource);
  const properties = references.map((reference) => {
    const model = referencedModel(project, reference).className;
    const prop = reference.many
      ? `{ type: [{ type: Types.ObjectId, ref: ${model}.name }], default: [], index: true }`
      : `{ type: Types.ObjectId, ref: ${model}.name, index: true${reference.optional ? ', default: null' : ', required: true'}, onDelete: '${reference.onDelete}' }`;
    // Typed as the ids they hold: `expand` reads the referenced entries in one query per reference
    // (see the service), never populating entry by entry.
    return property(
      reference.names.camel,
      reference.many
        ? 'Types.ObjectId[]'
        : reference.optional
          ? 'Types.ObjectId | null'
          : 'Types.ObjectId',
      [decorator('Prop', prop)],
      { docs: [onDeleteDocs(reference, resource)] },
    );
  });
  return {
    properties,
    imports: references.length
      ? [
          pkg('mongoose', 'Types'),
          ...references.map((reference) => referencedModel(project, reference).import),
        ]
      : [],
  };
}
