// TypeModifier: whether a type is non-null, a list, and whether the list itself is non-null.
import { SchemaError } from './errors.js';
import { kindGuards, kindKey, type Branded } from './kinds.js';

/**
 * `new TypeModifier(false, true, false)` on User prints `[User!]!`.
 * `nullable` applies to the item when `listable`, else to the type; `nullableList` only to lists.
 */
export class TypeModifier implements Branded {
  readonly [kindKey] = 'TypeModifier' as const;
  readonly nullable: boolean;
  readonly listable: boolean;
  readonly nullableList: boolean;

  // What goes around the type name, fixed once: modifiers are immutable and printed per field.
  readonly #prefix: string;
  readonly #suffix: string;

  constructor(nullable = true, listable = false, nullableList = true) {
    this.nullable = flag(nullable, 'nullable');
    this.listable = flag(listable, 'listable');
    this.nullableList = flag(nullableList, 'nullableList');
    const item = nullable ? '' : '!';
    this.#prefix = listable ? '[' : '';
    this.#suffix = listable ? item + ']' + (nullableList ? '' : '!') : item;
    Object.freeze(this);
  }

  /** The type text for `name`: `Int`, `Int!`, `[Int]`, `[Int!]`, `[Int]!` or `[Int!]!`. */
  wrap(name: string): string {
    return this.#prefix + name + this.#suffix;
  }
}

function flag(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') {
    throw new SchemaError(`TypeModifier ${name} must be true or false, got ${String(value)}`);
  }
  return value;
}

const guards = kindGuards<TypeModifier>('TypeModifier');
export const isTypeModifier = guards.is;
export const assertTypeModifier = guards.assert;
