// Kind brands shared by every definition, so checks work across copies of this library.
import { SchemaError } from './errors.js';

/**
 * A registered symbol rather than `instanceof`: a user's module loaded through tsx, or another
 * installed copy of restsmith, builds objects from a different class than the CLI's own.
 */
export const kindKey: unique symbol = Symbol.for('restsmith.schema.kind') as never;

export type Kind =
  | 'Schema'
  | 'ScalarType'
  | 'BuiltInScalarType'
  | 'ObjectType'
  | 'InterfaceType'
  | 'InputType'
  | 'UnionType'
  | 'EnumType'
  | 'DirectiveType'
  | 'Field'
  | 'Argument'
  | 'TypeModifier'
  | 'Value';

export interface Branded {
  readonly [kindKey]: Kind;
}

export function kindOf(value: unknown): Kind | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return (value as Partial<Branded>)[kindKey];
}

/** How a value reads in an error message: `ObjectType User`, `the string "Int"`. */
export function describe(value: unknown): string {
  const kind = kindOf(value);
  const name = (value as { name?: unknown } | null)?.name;
  if (kind && typeof name === 'string') return `${kind} ${name}`;
  if (kind) return withArticle(kind);
  if (typeof value === 'string') return `the string ${JSON.stringify(value)}`;
  if (value === null || value === undefined) return String(value);
  return withArticle(
    typeof value === 'object' ? 'object that is no schema definition' : typeof value,
  );
}

export function withArticle(noun: string): string {
  return `${/^[AEIOUaeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** Builds the `isX`/`assertX` pair for one kind. */
export function kindGuards<T>(kind: Kind) {
  const is = (value: unknown): value is T => kindOf(value) === kind;
  const assert = (value: unknown, where = 'value'): T => {
    if (!is(value)) {
      throw new SchemaError(`${where} must be ${withArticle(kind)}, got ${describe(value)}`);
    }
    return value;
  };
  return { is, assert };
}
