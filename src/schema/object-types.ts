// Types with fields: `type` (ObjectType), `interface` (InterfaceType) and `input` (InputType).
import { applyDirective, type AppliedDirective } from './applied-directives.js';
import type { DirectiveType } from './directive-type.js';
import { SchemaError } from './errors.js';
import { assertField, type Field } from './field.js';
import { kindGuards, kindKey, type Branded } from './kinds.js';
import { assertDescription, assertName } from './names.js';
import type { Value } from './values.js';

abstract class FieldContainer {
  readonly name: string;
  readonly description: string | null;
  readonly #fields: Field[] = [];
  readonly #fieldNames = new Set<string>();
  readonly #directives: AppliedDirective[] = [];

  protected constructor(
    name: string,
    description: string | null,
    private readonly what: string,
  ) {
    this.name = assertName(name, what);
    this.description = assertDescription(description, `${what} ${name}`);
  }

  addField(field: Field): this {
    assertField(field, `${this.what} ${this.name} field`);
    if (this.#fieldNames.has(field.name)) {
      throw new SchemaError(
        `${this.what} ${this.name} already has a field ${field.name}: rename or drop one of them`,
      );
    }
    this.#fieldNames.add(field.name);
    this.#fields.push(field);
    return this;
  }

  /** Applies `directive` to the type itself (declared on OBJECT, INTERFACE or INPUT_OBJECT): `type User @key {`. */
  addDirective(directive: DirectiveType, args?: Record<string, Value>): this {
    this.#directives.push(applyDirective(directive, args, `${this.what} ${this.name}`));
    return this;
  }

  getDirectives(): readonly AppliedDirective[] {
    return this.#directives;
  }

  getFields(): readonly Field[] {
    return this.#fields;
  }

  getField(name: string): Field | undefined {
    return this.#fieldNames.has(name)
      ? this.#fields.find((field) => field.name === name)
      : undefined;
  }
}

/** An interface: `interface Entity { id: ID! }`. */
export class InterfaceType extends FieldContainer implements Branded {
  readonly [kindKey] = 'InterfaceType' as const;

  constructor(name: string, description: string | null = null) {
    super(name, description, 'interface');
  }
}

const interfaceGuards = kindGuards<InterfaceType>('InterfaceType');
export const isInterfaceType = interfaceGuards.is;
export const assertInterfaceType = interfaceGuards.assert;

/** An object type: `type User implements Entity { ... }`. */
export class ObjectType extends FieldContainer implements Branded {
  readonly [kindKey] = 'ObjectType' as const;
  readonly #interfaces: InterfaceType[] = [];

  constructor(name: string, description: string | null = null) {
    super(name, description, 'type');
  }

  implements(iface: InterfaceType): this {
    assertInterfaceType(iface, `type ${this.name} implements`);
    if (this.#interfaces.some((known) => known.name === iface.name)) {
      throw new SchemaError(
        `type ${this.name} already implements ${iface.name}: implement it once`,
      );
    }
    this.#interfaces.push(iface);
    return this;
  }

  getInterfaces(): readonly InterfaceType[] {
    return this.#interfaces;
  }
}

const objectGuards = kindGuards<ObjectType>('ObjectType');
export const isObjectType = objectGuards.is;
export const assertObjectType = objectGuards.assert;

/** An input object: `input ListUsersInput { limit: Int }`; its fields take no arguments. */
export class InputType extends FieldContainer implements Branded {
  readonly [kindKey] = 'InputType' as const;

  constructor(name: string, description: string | null = null) {
    super(name, description, 'input');
  }
}

const inputGuards = kindGuards<InputType>('InputType');
export const isInputType = inputGuards.is;
export const assertInputType = inputGuards.assert;
