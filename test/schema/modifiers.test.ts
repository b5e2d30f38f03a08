// TypeModifier: the six shapes a type can take, for fields and arguments alike.
import { describe, expect, it } from 'vitest';
import {
  Argument,
  Field,
  IntegerType,
  ObjectType,
  Schema,
  StringType,
  TypeModifier,
} from '../../src/schema/index.js';
import { expectPrints, sdl } from './sdl.js';

const shapes: Array<[string, TypeModifier]> = [
  ['plain', new TypeModifier()],
  ['nonNull', new TypeModifier(false)],
  ['list', new TypeModifier(true, true)],
  ['listOfNonNull', new TypeModifier(false, true)],
  ['nonNullList', new TypeModifier(true, true, false)],
  ['nonNullListOfNonNull', new TypeModifier(false, true, false)],
];

describe('TypeModifier', () => {
  it('prints T, T!, [T], [T!], [T]! and [T!]! on fields and arguments', () => {
    const user = new ObjectType('User');
    for (const [name, modifier] of shapes) {
      user.addField(
        new Field(name, user, modifier).addArgument(
          new Argument('size', new IntegerType(), modifier),
        ),
      );
    }
    const query = new ObjectType('Query').addField(new Field('me', user));
    expectPrints(
      new Schema().addObject(user).addObject(query).setQuery(query),
      sdl`
      type User {
        plain(size: Int): User
        nonNull(size: Int!): User!
        list(size: [Int]): [User]
        listOfNonNull(size: [Int!]): [User!]
        nonNullList(size: [Int]!): [User]!
        nonNullListOfNonNull(size: [Int!]!): [User!]!
      }

      type Query {
        me: User
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('ignores nullableList on a type that is not a list', () => {
    expect(new TypeModifier(true, false, false).wrap('Int')).toBe('Int');
  });

  it("uses a built-in scalar's own modifier where the field or argument has none, and the field's over it", () => {
    const required = new IntegerType(new TypeModifier(false));
    const query = new ObjectType('Query')
      .addField(new Field('count', required).addArgument(new Argument('min', required)))
      .addField(new Field('counts', required, new TypeModifier(true, true)))
      .addField(
        new Field('label', new StringType()).setTypeModifier(new TypeModifier(false, true, false)),
      );
    expectPrints(
      new Schema().addObject(query).setQuery(query),
      sdl`
      type Query {
        count(min: Int!): Int!
        counts: [Int]
        label: [String!]!
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('cannot be changed once made, since fields share it', () => {
    const modifier = new TypeModifier(false);
    expect(() => Object.assign(modifier, { nullable: true })).toThrow(TypeError);
    expect(modifier.wrap('Int')).toBe('Int!');
  });

  it('refuses flags that are not booleans', () => {
    expect(() => new TypeModifier('no' as never)).toThrow(
      'TypeModifier nullable must be true or false, got no',
    );
  });
});
