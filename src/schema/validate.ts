// validate(): every reason graphql-js would reject the printed schema, as problems rather than throws.
import { problem, type SchemaProblem } from './errors.js';
import type { ObjectType } from './object-types.js';
import type { Schema } from './schema.js';
import { unprintableProblems } from './unprintable.js';
import { defaultValueProblems } from './validate-defaults.js';
import { appliedDirectiveProblems } from './validate-directives.js';
import { inputProblems } from './validate-inputs.js';
import { interfaceProblems } from './validate-interfaces.js';
import { referenceProblems } from './validate-references.js';

function rootProblem(
  schema: Schema,
  root: 'query' | 'mutation' | 'subscription',
  type: ObjectType | null,
) {
  if (!type || schema.getType(type.name) === type) return [];
  return [
    problem(
      `schema.${root}`,
      `${type.name} is not among the schema's objects: add it with schema.addObject(${type.name})`,
    ),
  ];
}

function rootProblems(schema: Schema): SchemaProblem[] {
  const missingQuery = schema.getQuery()
    ? []
    : [
        problem(
          'schema',
          'has no query root, which GraphQL requires: add an ObjectType and pass it to setQuery()',
        ),
      ];
  return [
    ...missingQuery,
    ...rootProblem(schema, 'query', schema.getQuery()),
    ...rootProblem(schema, 'mutation', schema.getMutation()),
    ...rootProblem(schema, 'subscription', schema.getSubscription()),
  ];
}

/** Problems in `schema`, in a stable order; an empty list means the printed text is a valid schema. */
export function validateSchema(schema: Schema): SchemaProblem[] {
  return [
    ...rootProblems(schema),
    ...unprintableProblems(schema),
    ...referenceProblems(schema),
    ...interfaceProblems(schema),
    ...inputProblems(schema),
    ...defaultValueProblems(schema),
    ...appliedDirectiveProblems(schema),
  ];
}
