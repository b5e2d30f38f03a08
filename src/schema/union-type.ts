// Unions: `union MyUnion = Dog | Cat | Bird`, members in the order added.
import { SchemaError } from './errors.js';
import { kindGuards, kindKey, type Branded } from './kinds.js';
import { assertDescription, assertName } from './names.js';
import { assertObjectType, type ObjectType } from './object-types.js';

export class UnionType implements Branded {
  readonly [kindKey] = 'UnionType' as const;
  readonly name: string;
  readonly description: string | null;
  readonly #members: ObjectType[] = [];

  constructor(name: string, description: string | null = null) {
    this.name = assertName(name, 'union');
    this.description = assertDescription(description, `union ${name}`);
  }

  addObjectType(objectType: ObjectType): this {
    assertObjectType(objectType, `union ${this.name} member`);
    if (this.#members.some((member) => member.name === objectType.name)) {
      throw new SchemaError(
        `union ${this.name} already includes ${objectType.name}: add each member once`,
      );
    }
    this.#members.push(objectType);
    return this;
  }

  getObjectTypes(): readonly ObjectType[] {
    return this.#members;
  }
}

const guards = kindGuards<UnionType>('UnionType');
export const isUnionType = guards.is;
export const assertUnionType = guards.assert;
