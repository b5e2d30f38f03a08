// validate(): an object has every field of each interface it implements, with compatible types.
import { problem, type SchemaProblem } from './errors.js';
import type { Field } from './field.js';
import type { InterfaceType, ObjectType } from './object-types.js';
import type { Schema } from './schema.js';
import { isEqualShape, isRequired, isSubShape, shapeOf } from './type-shape.js';

function argumentProblems(
  object: ObjectType,
  iface: InterfaceType,
  field: Field,
  ifaceField: Field,
): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const at = `${object.name}.${field.name}`;
  for (const expected of ifaceField.getArguments()) {
    const actual = field.getArguments().find((argument) => argument.name === expected.name);
    if (!actual) {
      problems.push(
        problem(
          at,
          `interface ${iface.name} declares argument ${expected.name}: ${expected.typeText}, which is missing here: add it`,
        ),
      );
    } else if (!isEqualShape(shapeOf(actual), shapeOf(expected))) {
      problems.push(
        problem(
          `${at}(${actual.name}:)`,
          `has type ${actual.typeText}, but interface ${iface.name} declares ${expected.typeText}: argument types must be equal`,
        ),
      );
    }
  }
  for (const extra of field.getArguments()) {
    if (ifaceField.getArguments().some((argument) => argument.name === extra.name)) continue;
    if (!isRequired(shapeOf(extra), extra.defaultValue)) continue;
    problems.push(
      problem(
        `${at}(${extra.name}:)`,
        `is required but interface ${iface.name}'s ${field.name} has no such argument: make it nullable or give it a default`,
      ),
    );
  }
  return problems;
}

function implementationProblems(object: ObjectType, iface: InterfaceType): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const ifaceField of iface.getFields()) {
    const field = object.getField(ifaceField.name);
    if (!field) {
      problems.push(
        problem(
          object.name,
          `implements ${iface.name} but has no field ${ifaceField.name}: add ${ifaceField.name}: ${ifaceField.typeText}`,
        ),
      );
      continue;
    }
    if (!isSubShape(shapeOf(field), shapeOf(ifaceField))) {
      problems.push(
        problem(
          `${object.name}.${field.name}`,
          `has type ${field.typeText}, but interface ${iface.name} declares ${ifaceField.typeText}: use that type or a more specific one`,
        ),
      );
    }
    problems.push(...argumentProblems(object, iface, field, ifaceField));
  }
  return problems;
}

export function interfaceProblems(schema: Schema): SchemaProblem[] {
  return schema
    .getObjects()
    .flatMap((object) =>
      object.getInterfaces().flatMap((iface) => implementationProblems(object, iface)),
    );
}
