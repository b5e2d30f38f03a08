// Fields of the project's GraphQL types from its classes, from restsmith.json's records, and as references answer them.
import { listIdsName } from '../../templates-ast/resource/reference-properties.js';
import type { FieldOptions, ReferenceOptions } from '../model/resource.js';
import { graphField, type GraphField, type TypeContext } from './field-types.js';
import type { PropertyShape } from './project-sources.js';

/**
 * References as the API answers them: `category: Category!` (`Category` when optional) and
 * `tags: [Tag!]!`, whose stored ids (`categoryId`, `tagIds`) are how, not what.
 */
export function withReferences(fields: GraphField[], references: ReferenceOptions[]): GraphField[] {
  const byName = new Map(references.map((reference) => [reference.names.camel, reference]));
  const storage = new Set(
    references.map((reference) =>
      reference.many ? listIdsName(reference) : `${reference.names.camel}Id`,
    ),
  );
  return fields
    .filter((field) => !storage.has(field.name))
    .map((field) => {
      const reference = byName.get(field.name);
      if (!reference) return field;
      return {
        ...field,
        type: reference.target.pascal,
        list: reference.many,
        nullable: !reference.many && reference.optional,
      };
    });
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The class's properties as fields; a name GraphQL cannot spell (`'my-field'`, `$meta`) is left out, with a warning. */
export function classFields(
  className: string,
  properties: readonly PropertyShape[],
  context: TypeContext,
): GraphField[] {
  return properties.flatMap((property) => {
    if (GRAPHQL_NAME.test(property.name) && !property.name.startsWith('__')) {
      return [graphField(className, property, context)];
    }
    context.warn(
      `${className}.${property.name}: not a GraphQL field name (letters, digits and _), so it is left out`,
    );
    return [];
  });
}

const RECORD_TYPES: Record<FieldOptions['type'], string> = {
  string: 'String',
  text: 'String',
  number: 'Float',
  boolean: 'Boolean',
  date: 'DateTime',
};

/** Fields as restsmith.json records them, for a resource whose class is not found. */
export function recordFields(fields: FieldOptions[]): GraphField[] {
  return fields.map((field) => ({
    name: field.names.camel,
    type: RECORD_TYPES[field.type],
    list: field.array,
    nullable: field.optional,
  }));
}

export function ownerField(owner: string | undefined): GraphField[] {
  return owner ? [{ name: owner, type: 'User', list: false, nullable: false }] : [];
}
