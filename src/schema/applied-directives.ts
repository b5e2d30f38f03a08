// Directives applied to a definition, `@auth(requires: ADMIN)`: what is checked when one is applied.
import type { DirectiveType } from './directive-type.js';
import { SchemaError } from './errors.js';
import { describe, kindOf } from './kinds.js';
import { assertName, builtInDirectiveNames } from './names.js';
import { isValue, type Value } from './values.js';

/** One application of a directive: the definition and the argument values given, in the order given. */
export interface AppliedDirective {
  readonly directive: DirectiveType;
  readonly args: Readonly<Record<string, Value>>;
}

const noArguments: Readonly<Record<string, Value>> = Object.freeze({});

/**
 * Checks what the application itself decides (a DirectiveType, argument names, Values). Whether the
 * directive is in the schema, may stand here and declares these arguments is for validate(): the
 * directive can still gain locations and arguments after it is applied.
 */
export function applyDirective(directive: unknown, args: unknown, where: string): AppliedDirective {
  if (kindOf(directive) !== 'DirectiveType') {
    const hint =
      typeof directive === 'string'
        ? ' (pass the DirectiveType added to the schema, not its name)'
        : '';
    throw new SchemaError(
      `${where} directive must be a DirectiveType, got ${describe(directive)}${hint}`,
    );
  }
  const { name } = directive as DirectiveType;
  if (builtInDirectiveNames.has(name)) {
    const fix =
      name === 'deprecated'
        ? 'deprecate a field with field.deprecate(reason)'
        : 'apply a directive of your own';
    throw new SchemaError(`${where}: @${name} is built in and cannot be applied here: ${fix}`);
  }
  return Object.freeze({
    directive: directive as DirectiveType,
    args: args === undefined ? noArguments : argumentValues(args, `${where} @${name}`),
  });
}

function argumentValues(args: unknown, where: string): Readonly<Record<string, Value>> {
  if (typeof args !== 'object' || args === null || Array.isArray(args) || isValue(args)) {
    throw new SchemaError(
      `${where} arguments must be an object of Values, such as { requires: new ValueEnum('ADMIN') }, got ${describe(args)}`,
    );
  }
  const values: Record<string, Value> = {};
  for (const [name, value] of Object.entries(args)) {
    assertName(name, `${where} argument`);
    if (!isValue(value)) {
      throw new SchemaError(
        `${where} argument ${name} must be a Value (new ValueString(...), new ValueInteger(...), new ValueEnum(...), ...), got ${describe(value)}`,
      );
    }
    values[name] = value;
  }
  return Object.freeze(values);
}
