// Schema: the registry of definitions, one namespace of type names, and the root operation types.
import { DirectiveType, assertDirectiveType } from './directive-type.js';
import { EnumType, assertEnumType } from './enum-type.js';
import { SchemaError, type SchemaProblem } from './errors.js';
import { describe, kindGuards, kindKey, type Branded } from './kinds.js';
import { builtInDirectiveNames, builtInScalarNames } from './names.js';
import {
  InputType,
  InterfaceType,
  ObjectType,
  assertInputType,
  assertInterfaceType,
  assertObjectType,
} from './object-types.js';
import { ScalarType, assertScalarType } from './scalars.js';
import { UnionType, assertUnionType } from './union-type.js';
import { validateSchema } from './validate.js';

export type DefinedType =
  ScalarType | ObjectType | InterfaceType | UnionType | EnumType | InputType;

/**
 * @example
 * const query = new ObjectType('Query').addField(new Field('hello', new StringType()));
 * const schema = new Schema().addObject(query).setQuery(query);
 * new SchemaSerializer().serialize(schema); // 'type Query {\n  hello: String\n}\n\nschema {\n  query: Query\n}\n'
 */
export class Schema implements Branded {
  readonly [kindKey] = 'Schema' as const;
  readonly #types = new Map<string, DefinedType>();
  readonly #directives: DirectiveType[] = [];
  readonly #interfaces: InterfaceType[] = [];
  readonly #scalars: ScalarType[] = [];
  readonly #enums: EnumType[] = [];
  readonly #unions: UnionType[] = [];
  readonly #objects: ObjectType[] = [];
  readonly #inputs: InputType[] = [];
  #query: ObjectType | null = null;
  #mutation: ObjectType | null = null;
  #subscription: ObjectType | null = null;

  addDirective(directive: DirectiveType): this {
    assertDirectiveType(directive, 'addDirective argument');
    if (builtInDirectiveNames.has(directive.name)) {
      throw new SchemaError(`@${directive.name} is a built-in directive: give yours another name`);
    }
    if (this.#directives.some((known) => known.name === directive.name)) {
      throw new SchemaError(
        `the schema already has a directive @${directive.name}: add each directive once`,
      );
    }
    this.#directives.push(directive);
    return this;
  }

  addInterface(iface: InterfaceType): this {
    this.#register(assertInterfaceType(iface, 'addInterface argument'), this.#interfaces);
    return this;
  }
  addScalar(scalar: ScalarType): this {
    this.#register(assertScalarType(scalar, 'addScalar argument'), this.#scalars);
    return this;
  }
  addEnum(enumType: EnumType): this {
    this.#register(assertEnumType(enumType, 'addEnum argument'), this.#enums);
    return this;
  }
  addUnion(union: UnionType): this {
    this.#register(assertUnionType(union, 'addUnion argument'), this.#unions);
    return this;
  }
  addObject(object: ObjectType): this {
    this.#register(assertObjectType(object, 'addObject argument'), this.#objects);
    return this;
  }
  addInput(input: InputType): this {
    this.#register(assertInputType(input, 'addInput argument'), this.#inputs);
    return this;
  }

  /** The query root; add the object with `addObject` as well. */
  setQuery(query: ObjectType | null): this {
    this.#query = query === null ? null : assertObjectType(query, 'setQuery argument');
    return this;
  }
  setMutation(mutation: ObjectType | null): this {
    this.#mutation = mutation === null ? null : assertObjectType(mutation, 'setMutation argument');
    return this;
  }
  setSubscription(subscription: ObjectType | null): this {
    this.#subscription =
      subscription === null ? null : assertObjectType(subscription, 'setSubscription argument');
    return this;
  }

  getDirectives(): readonly DirectiveType[] {
    return this.#directives;
  }
  getInterfaces(): readonly InterfaceType[] {
    return this.#interfaces;
  }
  getScalars(): readonly ScalarType[] {
    return this.#scalars;
  }
  getEnums(): readonly EnumType[] {
    return this.#enums;
  }
  getUnions(): readonly UnionType[] {
    return this.#unions;
  }
  getObjects(): readonly ObjectType[] {
    return this.#objects;
  }
  getInputs(): readonly InputType[] {
    return this.#inputs;
  }
  getQuery(): ObjectType | null {
    return this.#query;
  }
  getMutation(): ObjectType | null {
    return this.#mutation;
  }
  getSubscription(): ObjectType | null {
    return this.#subscription;
  }

  /** The added type of that name, whatever its kind. */
  getType(name: string): DefinedType | undefined {
    return this.#types.get(name);
  }

  /** What is wrong with the schema, without throwing; empty when it is a valid GraphQL schema. */
  validate(): SchemaProblem[] {
    return validateSchema(this);
  }

  #register<T extends DefinedType>(type: T, list: T[]): void {
    if (builtInScalarNames.has(type.name)) {
      throw new SchemaError(
        `${type.name} is a built-in scalar name: give ${describe(type)} another name`,
      );
    }
    const known = this.#types.get(type.name);
    if (known === type) {
      throw new SchemaError(`${describe(type)} is already in the schema: add it once`);
    }
    if (known) {
      throw new SchemaError(
        `the schema already has a type named ${type.name} (${describe(known)}): type names must be unique, rename one`,
      );
    }
    this.#types.set(type.name, type);
    list.push(type);
  }
}

const guards = kindGuards<Schema>('Schema');
export const isSchema = guards.is;
export const assertSchema = guards.assert;
