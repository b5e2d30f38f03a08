// Fields and arguments: a name, a type with its modifier, arguments, defaults, deprecation and applied directives.
import { applyDirective, type AppliedDirective } from './applied-directives.js';
import type { DirectiveType } from './directive-type.js';
import type { EnumType } from './enum-type.js';
import { SchemaError } from './errors.js';
import { describe, kindGuards, kindKey, kindOf, type Branded, type Kind } from './kinds.js';
import { assertDescription, assertName, assertPrintableText } from './names.js';
import type { InputType, InterfaceType, ObjectType } from './object-types.js';
import type { BuiltInScalarType, ScalarType } from './scalars.js';
import { TypeModifier, assertTypeModifier } from './type-modifier.js';
import type { UnionType } from './union-type.js';
import { assertValue, type Value } from './values.js';

/** Anything a field or argument can have as its type. */
export type NamedType =
  ScalarType | BuiltInScalarType | ObjectType | InterfaceType | UnionType | EnumType | InputType;

const namedKinds: ReadonlySet<Kind> = new Set<Kind>([
  'ScalarType',
  'BuiltInScalarType',
  'ObjectType',
  'InterfaceType',
  'UnionType',
  'EnumType',
  'InputType',
]);

export function isNamedType(value: unknown): value is NamedType {
  const kind = kindOf(value);
  return kind !== undefined && namedKinds.has(kind);
}

function assertNamedType(type: unknown, where: string): NamedType {
  if (isNamedType(type)) return type;
  const hint =
    typeof type === 'string' ? ' (pass the type object, e.g. new IntegerType(), not its name)' : '';
  throw new SchemaError(
    `${where} type must be a scalar, object, interface, union, enum or input type, got ${describe(type)}${hint}`,
  );
}

function optionalModifier(modifier: unknown, where: string): TypeModifier | null {
  return modifier === null || modifier === undefined ? null : assertTypeModifier(modifier, where);
}

const noModifier = new TypeModifier();

// Shared by every field and argument that has none, until it gets one: most have none, and the
// serializer reads the length of both lists on every field; one shared array stays in the cache
// where two of each field's own would not (see bench/schema).
const noArguments: readonly Argument[] = Object.freeze([]);
const noDirectives: readonly AppliedDirective[] = Object.freeze([]);

/** Type texts made so far (`String!`, `[Int]`), each kept once however many fields print it. */
const typeTexts = new Map<string, string>();
/** Past this many the table starts again: a bound for processes that build schema after schema. */
const typeTextLimit = 10_000;

/**
 * The type as printed, one string shared by every field and argument of that type: a string of
 * their own each cost about a tenth of a plain schema's serialize time, spent fetching them from memory
 * (see bench/schema).
 */
function typeTextOf(type: NamedType, modifier: TypeModifier | null): string {
  const text = effectiveModifier(type, modifier).wrap(type.name);
  const known = typeTexts.get(text);
  if (known !== undefined) return known;
  if (typeTexts.size >= typeTextLimit) typeTexts.clear();
  typeTexts.set(text, text);
  return text;
}

/** `list` with `item` added: a list of its own in place of the shared empty one, else the same list. */
function withItem<T>(list: readonly T[], item: T): readonly T[] {
  if (list.length === 0) return [item];
  (list as T[]).push(item);
  return list;
}

/** The modifier that applies: the one given, else the built-in scalar's own, else none. */
export function effectiveModifier(type: NamedType, modifier: TypeModifier | null): TypeModifier {
  if (modifier) return modifier;
  if (type[kindKey] === 'BuiltInScalarType') return type.typeModifier ?? noModifier;
  return noModifier;
}

/** `Int = 10` in `friends(limit: Int = 10)`. */
export class Argument implements Branded {
  readonly [kindKey] = 'Argument' as const;
  readonly name: string;
  readonly type: NamedType;
  readonly typeModifier: TypeModifier | null;
  readonly defaultValue: Value | null;
  #directives: readonly AppliedDirective[] = noDirectives;
  // Settled once: the serializer asks for it on every argument of every print (see Field).
  readonly #typeText: string;

  constructor(
    name: string,
    type: NamedType,
    typeModifier: TypeModifier | null = null,
    defaultValue: Value | null = null,
  ) {
    this.name = assertName(name, 'argument');
    this.type = assertNamedType(type, `argument ${name}`);
    this.typeModifier = optionalModifier(typeModifier, `argument ${name} modifier`);
    this.#typeText = typeTextOf(this.type, this.typeModifier);
    this.defaultValue =
      defaultValue === null ? null : assertValue(defaultValue, `argument ${name} default`);
  }

  /** Applies `directive` (declared on ARGUMENT_DEFINITION) to the argument: `id: ID! @internal`. */
  addDirective(directive: DirectiveType, args?: Record<string, Value>): this {
    const applied = applyDirective(directive, args, `argument ${this.name}`);
    this.#directives = withItem(this.#directives, applied);
    return this;
  }

  getDirectives(): readonly AppliedDirective[] {
    return this.#directives;
  }

  /** The type as printed: `Int`, `[User]!`. */
  get typeText(): string {
    return this.#typeText;
  }
}

/** A field of an object, interface or input type. */
export class Field implements Branded {
  readonly [kindKey] = 'Field' as const;
  readonly name: string;
  readonly type: NamedType;
  readonly description: string | null;
  #typeModifier: TypeModifier | null;
  // The type as printed, settled when the modifier is set, not per print: finding the modifier reads
  // a brand off whichever of seven type classes the field has (a tenth of serialize's time), and
  // wrapping the name on every print touched the modifier and the type and made a string per field
  // (about a tenth of a plain schema's time; see bench/schema). A type's name is read-only.
  #typeText: string;
  #arguments: readonly Argument[] = noArguments;
  #deprecated = false;
  #deprecationReason: string | null = null;
  #directives: readonly AppliedDirective[] = noDirectives;

  constructor(
    name: string,
    type: NamedType,
    typeModifier: TypeModifier | null = null,
    description: string | null = null,
  ) {
    this.name = assertName(name, 'field');
    this.type = assertNamedType(type, `field ${name}`);
    this.#typeModifier = optionalModifier(typeModifier, `field ${name} modifier`);
    this.#typeText = typeTextOf(this.type, this.#typeModifier);
    this.description = assertDescription(description, `field ${name}`);
  }

  addArgument(argument: Argument): this {
    assertArgument(argument, `field ${this.name} argument`);
    if (this.#arguments.some((known) => known.name === argument.name)) {
      throw new SchemaError(
        `field ${this.name} already has an argument ${argument.name}: rename or drop one of them`,
      );
    }
    this.#arguments = withItem(this.#arguments, argument);
    return this;
  }

  setTypeModifier(typeModifier: TypeModifier | null): this {
    this.#typeModifier = optionalModifier(typeModifier, `field ${this.name} modifier`);
    this.#typeText = typeTextOf(this.type, this.#typeModifier);
    return this;
  }

  /** Marks the field `@deprecated`, with `reason` when given. */
  deprecate(reason: string | null = null): this {
    if (reason !== null && typeof reason !== 'string') {
      throw new SchemaError(
        `field ${this.name} deprecation reason must be a string, got ${typeof reason}`,
      );
    }
    this.#deprecated = true;
    this.#deprecationReason =
      reason === null ? null : assertPrintableText(reason, `field ${this.name} deprecation reason`);
    return this;
  }

  /**
   * Applies `directive`, which the schema must have (addDirective) and declare on FIELD_DEFINITION
   * (INPUT_FIELD_DEFINITION in an input type); validate() checks both and the arguments.
   * @example
   * new Field('deleteUser', new BooleanType())
   *   .addArgument(new Argument('id', new IDType(new TypeModifier(false))))
   *   .addDirective(auth, { requires: new ValueEnum('ADMIN') });
   * // prints `deleteUser(id: ID!): Boolean @auth(requires: ADMIN)`
   */
  addDirective(directive: DirectiveType, args?: Record<string, Value>): this {
    const applied = applyDirective(directive, args, `field ${this.name}`);
    this.#directives = withItem(this.#directives, applied);
    return this;
  }

  get typeModifier(): TypeModifier | null {
    return this.#typeModifier;
  }
  getArguments(): readonly Argument[] {
    return this.#arguments;
  }
  /** The directives applied with addDirective, in that order (not @deprecated: see isDeprecated()). */
  getDirectives(): readonly AppliedDirective[] {
    return this.#directives;
  }
  isDeprecated(): boolean {
    return this.#deprecated;
  }
  get deprecationReason(): string | null {
    return this.#deprecationReason;
  }
  get typeText(): string {
    return this.#typeText;
  }
}

const fieldGuards = kindGuards<Field>('Field');
export const isField = fieldGuards.is;
export const assertField = fieldGuards.assert;

const argumentGuards = kindGuards<Argument>('Argument');
export const isArgument = argumentGuards.is;
export const assertArgument = argumentGuards.assert;
