// Enums: `enum Direction { NORTH SOUTH }`, one value per line in the order added.
import { SchemaError } from './errors.js';
import { kindGuards, kindKey, type Branded } from './kinds.js';
import { assertDescription, assertEnumValueName, assertName } from './names.js';

export class EnumType implements Branded {
  readonly [kindKey] = 'EnumType' as const;
  readonly name: string;
  readonly description: string | null;
  readonly #values: string[] = [];

  constructor(name: string, description: string | null = null, values: readonly string[] = []) {
    this.name = assertName(name, 'enum');
    this.description = assertDescription(description, `enum ${name}`);
    if (!Array.isArray(values)) {
      throw new SchemaError(`enum ${name} values must be an array of names, got ${typeof values}`);
    }
    for (const value of values) this.addEnum(value);
  }

  addEnum(value: string): this {
    assertEnumValueName(value, this.name);
    if (this.#values.includes(value)) {
      throw new SchemaError(
        `enum ${this.name} already has the value ${value}: add each value once`,
      );
    }
    this.#values.push(value);
    return this;
  }

  /** Alias of `addEnum`. */
  add(value: string): this {
    return this.addEnum(value);
  }

  getValues(): readonly string[] {
    return this.#values;
  }
}

const guards = kindGuards<EnumType>('EnumType');
export const isEnumType = guards.is;
export const assertEnumType = guards.assert;
