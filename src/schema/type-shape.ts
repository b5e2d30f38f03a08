// A field's or argument's type as GraphQL compares it: named type, list, and where it is non-null.
import { effectiveModifier, type NamedType } from './field.js';
import { kindOf } from './kinds.js';
import type { InterfaceType, ObjectType } from './object-types.js';
import type { TypeModifier } from './type-modifier.js';
import type { UnionType } from './union-type.js';

export interface TypeShape {
  readonly named: NamedType;
  readonly list: boolean;
  readonly nonNull: boolean;
  readonly itemNonNull: boolean;
}

export function shapeOf(typed: { type: NamedType; typeModifier: TypeModifier | null }): TypeShape {
  const modifier = effectiveModifier(typed.type, typed.typeModifier);
  return modifier.listable
    ? {
        named: typed.type,
        list: true,
        nonNull: !modifier.nullableList,
        itemNonNull: !modifier.nullable,
      }
    : { named: typed.type, list: false, nonNull: !modifier.nullable, itemNonNull: false };
}

export function isEqualShape(a: TypeShape, b: TypeShape): boolean {
  return (
    a.named.name === b.named.name &&
    a.list === b.list &&
    a.nonNull === b.nonNull &&
    a.itemNonNull === b.itemNonNull
  );
}

/** Whether an object field of type `sub` may stand for an interface field of type `sup` (graphql-js isTypeSubTypeOf). */
export function isSubShape(sub: TypeShape, sup: TypeShape): boolean {
  if (sup.nonNull && !sub.nonNull) return false;
  if (sub.list !== sup.list) return false;
  if (sup.list && sup.itemNonNull && !sub.itemNonNull) return false;
  return sub.named.name === sup.named.name || isPossibleType(sup.named, sub.named);
}

function isPossibleType(abstract: NamedType, candidate: NamedType): boolean {
  if (kindOf(candidate) !== 'ObjectType') return false;
  const object = candidate as ObjectType;
  if (kindOf(abstract) === 'InterfaceType') {
    return object.getInterfaces().some((iface: InterfaceType) => iface.name === abstract.name);
  }
  if (kindOf(abstract) === 'UnionType') {
    return (abstract as UnionType).getObjectTypes().some((member) => member.name === object.name);
  }
  return false;
}

/** An argument or input field that must be given: non-null with no default. */
export function isRequired(shape: TypeShape, defaultValue: unknown): boolean {
  return shape.nonNull && (defaultValue === null || defaultValue === undefined);
}
