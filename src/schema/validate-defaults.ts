// validate(): an argument's default value is one its type accepts (`limit: Int = 10`, not `= "ten"`; `role: Role = USER`).
import { problem, type SchemaProblem } from './errors.js';
import type { EnumType } from './enum-type.js';
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

type ValueUse = 'default' | 'value';

/**
 * Why `argument` cannot take `value`, as the rest of a problem about the argument, or null when it
 * can; `use` says whether the value is its default or one passed to an applied directive.
 */
export function valueMismatch(argument: Argument, value: Value, use: ValueUse): string | null {
  if (value.valueKind === 'Null') {
    if (!shapeOf(argument).nonNull) return null;
    return use === 'default'
      ? 'is non-null, so its default cannot be null: drop the default or make it nullable'
      : 'is non-null, so it cannot be null: pass a value of its type';
  }
  const kind = kindOf(argument.type);
  if (kind === 'ScalarType') return null;
  if (kind === 'EnumType') return enumMismatch(argument.type as EnumType, value, use);
  if (kind === 'InputType') {
    return `has an input type, whose ${use}s restsmith/schema values cannot express: ${use === 'default' ? 'drop the default' : 'leave the argument out'}`;
  }
  const accepts = builtInAccepts[argument.type.name];
  if (accepts && !accepts(value)) {
    return `has type ${argument.typeText}, which does not accept the ${use} ${value.toString()}: use a ${use} of that type`;
  }
  return null;
}

/** An enum argument takes a ValueEnum naming one of the enum's values. */
function enumMismatch(enumType: EnumType, value: Value, use: ValueUse): string | null {
  const values = enumType.getValues();
  if (value.valueKind !== 'Enum') {
    return `has type ${enumType.name}, an enum, which does not accept the ${use} ${value.toString()}: use a ValueEnum naming one of ${values.join(', ')}`;
  }
  if (values.includes(value.getValue())) return null;
  return `has type ${enumType.name}, which has no value ${value.toString()}: use one of ${values.join(', ')}`;
}

export function defaultValueProblems(schema: Schema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const check = (coordinate: string, argument: Argument) => {
    const mismatch =
      argument.defaultValue === null
        ? null
        : valueMismatch(argument, argument.defaultValue, 'default');
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
