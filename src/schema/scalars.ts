// Custom scalars (`scalar Url`) and the five built-in scalars with their default modifier.
import { assertDescription, assertName, builtInScalarNames } from './names.js';
import { SchemaError } from './errors.js';
import { kindGuards, kindKey, type Branded } from './kinds.js';
import { assertTypeModifier, type TypeModifier } from './type-modifier.js';

/** A custom scalar: `new ScalarType('Url', 'An absolute http(s) address')` prints `scalar Url`. */
export class ScalarType implements Branded {
  readonly [kindKey] = 'ScalarType' as const;
  readonly name: string;
  readonly description: string | null;

  constructor(name: string, description: string | null = null) {
    this.name = assertName(name, 'scalar');
    if (builtInScalarNames.has(name)) {
      throw new SchemaError(
        `scalar ${name} is built in: use ${name === 'Int' ? 'IntegerType' : name + 'Type'} instead of a ScalarType`,
      );
    }
    this.description = assertDescription(description, `scalar ${name}`);
  }
}

export type BuiltInScalarName = 'Boolean' | 'Float' | 'ID' | 'Int' | 'String';

/** A built-in scalar; its modifier applies where a Field or Argument is given none. */
export abstract class BuiltInScalarType implements Branded {
  readonly [kindKey] = 'BuiltInScalarType' as const;
  abstract readonly name: BuiltInScalarName;
  readonly typeModifier: TypeModifier | null;

  constructor(typeModifier: TypeModifier | null = null) {
    this.typeModifier =
      typeModifier === null ? null : assertTypeModifier(typeModifier, 'built-in scalar modifier');
  }
}

export class BooleanType extends BuiltInScalarType {
  readonly name = 'Boolean' as const;
}
export class FloatType extends BuiltInScalarType {
  readonly name = 'Float' as const;
}
export class IDType extends BuiltInScalarType {
  readonly name = 'ID' as const;
}
/** GraphQL's `Int`. */
export class IntegerType extends BuiltInScalarType {
  readonly name = 'Int' as const;
}
export class StringType extends BuiltInScalarType {
  readonly name = 'String' as const;
}

const scalarGuards = kindGuards<ScalarType>('ScalarType');
export const isScalarType = scalarGuards.is;
export const assertScalarType = scalarGuards.assert;

const builtInGuards = kindGuards<BuiltInScalarType>('BuiltInScalarType');
export const isBuiltInScalarType = builtInGuards.is;
export const assertBuiltInScalarType = builtInGuards.assert;
