// validate(): an argument's default value is one its type accepts (`limit: Int = 10`, not `= "ten"`).
import { problem, type SchemaProblem } from './errors.js';
import type { Argument } from './field.js';
import { kindOf } from './kinds.js';
import type { Schema } from './schema.js';
import { shapeOf } from './type-shape.js';
import type { Value } from './values.js';

const int32 = 2 ** 31;

function printsAsInt(value: Value): boolean {
  if (value.valueKind !== 'Integer' && value.valueKind !== 'Float') return false;
  const number = value.getValue() as number;
  return Number.isInteger(number) && number >= -int32 && number < int32;
}

const builtInAccepts: Record<string, (value: Value) => boolean> = {
  Int: printsAsInt,
  Float: (value) => value.valueKind === 'Integer' || value.valueKind === 'Float',
  String: (value) => value.valueKind === 'String',
  Boolean: (value) => value.valueKind === 'Boolean',
  // ID takes a string or an integer literal of any size.
  ID: (value) =>
    value.valueKind === 'String' ||
    (value.valueKind !== 'Boolean' && /^-?\d+$/.test(value.toString())),
};

/** Why `argument`'s default does not fit its type, or null when it does. */
function defaultMismatch(argument: Argument): string | null {
  const value = argument.defaultValue;
  if (value === null) return null;
  const shape = shapeOf(argument);
  const kind = kindOf(argument.type);
  if (value.valueKind === 'Null') {
    return shape.nonNull
      ? `is non-null, so its default cannot be null: drop the default or make it nullable`
      : null;
  }
  if (kind === 'ScalarType') return null;
  if (kind === 'EnumType' || kind === 'InputType') {
    return `has ${kind === 'EnumType' ? 'an enum' : 'an input'} type, whose defaults restsmith/schema values cannot express: drop the default`;
  }
  const accepts = builtInAccepts[argument.type.name];
  if (accepts && !accepts(value)) {
    return `has type ${argument.typeText}, which does not accept the default ${value.toString()}: use a default of that type`;
  }
  return null;
}

export function defaultValueProblems(schema: Schema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const check = (coordinate: string, argument: Argument) => {
    const mismatch = defaultMismatch(argument);
    if (mismatch) problems.push(problem(coordinate, mismatch));
  };
  for (const type of [...schema.getInterfaces(), ...schema.getObjects()]) {
    for (const field of type.getFields()) {
      for (const argument of field.getArguments())
        check(`${type.name}.${field.name}(${argument.name}:)`, argument);
    }
  }
  for (const directive of schema.getDirectives()) {
    for (const argument of directive.getArguments())
      check(`@${directive.name}(${argument.name}:)`, argument);
  }
  return problems;
}
