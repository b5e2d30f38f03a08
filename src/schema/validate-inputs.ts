// validate(): input types that could never be written (non-null cycles) or deprecate a required field.
import { problem, type SchemaProblem } from './errors.js';
import { kindOf } from './kinds.js';
import type { InputType } from './object-types.js';
import type { Schema } from './schema.js';
import { isRequired, shapeOf } from './type-shape.js';

/** Fields that must hold a value of another input type: non-null, not a list. */
function requiredInputFields(input: InputType) {
  return input.getFields().filter((field) => {
    const shape = shapeOf(field);
    return shape.nonNull && !shape.list && kindOf(field.type) === 'InputType';
  });
}

/** Cycles through non-null singular fields, after graphql-js validateInputObjectCircularRefs. */
function cycleProblems(inputs: readonly InputType[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const done = new Set<string>();
  const visit = (input: InputType, path: string[], onPath: Map<string, number>): void => {
    if (done.has(input.name)) return;
    done.add(input.name);
    onPath.set(input.name, path.length);
    for (const field of requiredInputFields(input)) {
      const target = field.type as InputType;
      const start = onPath.get(target.name);
      const fieldPath = [...path, `${input.name}.${field.name}`];
      if (start === undefined) visit(target, fieldPath, onPath);
      else {
        const cycle = fieldPath.slice(start).join(' -> ');
        problems.push(
          problem(
            target.name,
            `refers to itself through non-null fields (${cycle}), so no value can be written: make one of them nullable`,
          ),
        );
      }
    }
    onPath.delete(input.name);
  };
  for (const input of inputs) visit(input, [], new Map());
  return problems;
}

function deprecationProblems(inputs: readonly InputType[]): SchemaProblem[] {
  return inputs.flatMap((input) =>
    input
      .getFields()
      .filter((field) => field.isDeprecated() && isRequired(shapeOf(field), null))
      .map((field) =>
        problem(
          `${input.name}.${field.name}`,
          'is required (non-null), so it cannot be deprecated: make it nullable first',
        ),
      ),
  );
}

export function inputProblems(schema: Schema): SchemaProblem[] {
  return [...cycleProblems(schema.getInputs()), ...deprecationProblems(schema.getInputs())];
}
