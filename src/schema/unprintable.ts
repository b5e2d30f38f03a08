// What no SDL can express: definitions with nothing in them, input fields with arguments.
import { problem, type SchemaProblem } from './errors.js';
import type { InputType, InterfaceType, ObjectType } from './object-types.js';
import type { Schema } from './schema.js';

function emptyFields(
  keyword: string,
  types: readonly (ObjectType | InterfaceType | InputType)[],
): SchemaProblem[] {
  return types
    .filter((type) => type.getFields().length === 0)
    .map((type) =>
      problem(
        type.name,
        `${keyword} ${type.name} has no fields: GraphQL needs at least one, add one with addField()`,
      ),
    );
}

function inputFieldArguments(inputs: readonly InputType[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const input of inputs) {
    for (const field of input.getFields()) {
      if (field.getArguments().length === 0) continue;
      problems.push(
        problem(
          `${input.name}.${field.name}`,
          `input fields take no arguments: remove them from ${field.name}`,
        ),
      );
    }
  }
  return problems;
}

/** Problems that stop the serializer: the text would not parse as SDL, or GraphQL forbids it outright. */
export function unprintableProblems(schema: Schema): SchemaProblem[] {
  const problems = [
    ...emptyFields('interface', schema.getInterfaces()),
    ...emptyFields('type', schema.getObjects()),
    ...emptyFields('input', schema.getInputs()),
    ...inputFieldArguments(schema.getInputs()),
  ];
  for (const union of schema.getUnions()) {
    if (union.getObjectTypes().length > 0) continue;
    problems.push(
      problem(union.name, `union ${union.name} has no members: add one with addObjectType()`),
    );
  }
  for (const enumType of schema.getEnums()) {
    if (enumType.getValues().length > 0) continue;
    problems.push(
      problem(enumType.name, `enum ${enumType.name} has no values: add one with addEnum()`),
    );
  }
  for (const directive of schema.getDirectives()) {
    if (directive.getLocations().length > 0) continue;
    problems.push(
      problem(
        `@${directive.name}`,
        `directive @${directive.name} has no location: add one with addLocation()`,
      ),
    );
  }
  return problems;
}
