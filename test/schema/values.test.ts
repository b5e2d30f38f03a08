// Values: their content, their GraphQL text, and how they print as argument defaults.
import { describe, expect, it } from 'vitest';
import {
  Argument,
  BooleanType,
  DirectiveLocation,
  DirectiveType,
  EnumType,
  Field,
  FloatType,
  IDType,
  ObjectType,
  Schema,
  StringType,
  ValueBoolean,
  ValueEnum,
  ValueFloat,
  ValueInteger,
  ValueNull,
  ValueString,
  assertValueEnum,
  isValue,
  isValueEnum,
} from '../../src/schema/index.js';
import { expectPrints, sdl } from './sdl.js';

describe('values', () => {
  it('give back their content and print their GraphQL text', () => {
    expect([new ValueBoolean(true).getValue(), String(new ValueBoolean(true))]).toEqual([
      true,
      'true',
    ]);
    expect([new ValueBoolean(false).getValue(), String(new ValueBoolean(false))]).toEqual([
      false,
      'false',
    ]);
    expect([new ValueInteger(-42).getValue(), String(new ValueInteger(-42))]).toEqual([-42, '-42']);
    expect([new ValueFloat(5.33).getValue(), String(new ValueFloat(5.33))]).toEqual([5.33, '5.33']);
    expect([new ValueNull().getValue(), String(new ValueNull())]).toEqual([null, 'null']);
    expect([new ValueString('hi').getValue(), String(new ValueString('hi'))]).toEqual([
      'hi',
      '"hi"',
    ]);
    expect([new ValueEnum('ADMIN').getValue(), String(new ValueEnum('ADMIN'))]).toEqual([
      'ADMIN',
      'ADMIN',
    ]);
  });

  it('tell an enum value from the others', () => {
    expect(isValue(new ValueEnum('ADMIN'))).toBe(true);
    expect(isValueEnum(new ValueEnum('ADMIN'))).toBe(true);
    expect(isValueEnum(new ValueString('ADMIN'))).toBe(false);
    expect(() => assertValueEnum(new ValueString('ADMIN'), 'requires')).toThrow(
      'requires must be a ValueEnum, got ValueString "ADMIN"',
    );
    expect(() => assertValueEnum('ADMIN')).toThrow(
      'value must be a ValueEnum, got the string "ADMIN"',
    );
  });

  it('escape quotes, backslashes and control characters in strings', () => {
    expect(new ValueString('say "hi" \\ bye\n\t\u0001\u007f').toString()).toBe(
      String.raw`"say \"hi\" \\ bye\n\t\u0001\u007F"`,
    );
    expect(new ValueString('héllo ☃ 😀').toString()).toBe('"héllo ☃ 😀"');
  });

  it('print floats as JavaScript prints numbers', () => {
    expect(new ValueFloat(1e21).toString()).toBe('1e+21');
    expect(new ValueFloat(-0.000001).toString()).toBe('-0.000001');
    expect(new ValueFloat(2).toString()).toBe('2');
  });

  it('refuse what GraphQL cannot write', () => {
    expect(() => new ValueFloat(Number.NaN)).toThrow(
      'ValueFloat needs a finite number (GraphQL has no NaN or Infinity), got NaN',
    );
    expect(() => new ValueFloat(Infinity)).toThrow('got Infinity');
    expect(() => new ValueInteger(1.5)).toThrow('ValueInteger needs a whole number, got 1.5');
    expect(() => new ValueBoolean('yes' as never)).toThrow(
      'ValueBoolean needs true or false, got "yes"',
    );
    expect(() => new ValueString('\ud800')).toThrow('ValueString contains a lone UTF-16 surrogate');
    expect(() => new ValueEnum('two words')).toThrow(
      'ValueEnum name "two words" is not a GraphQL name: use letters, digits and _, not starting with a digit',
    );
    expect(() => new ValueEnum('true')).toThrow(
      'ValueEnum "true" would read as a literal in GraphQL: use ValueBoolean',
    );
    expect(() => new ValueEnum('null')).toThrow('use ValueNull');
    expect(() => new ValueEnum(1 as never)).toThrow('ValueEnum needs an enum value name, got 1');
  });

  it('print as argument defaults that graphql-js reads back', () => {
    const query = new ObjectType('Query').addField(
      new Field('search', new StringType())
        .addArgument(new Argument('text', new StringType(), null, new ValueString('a "b"\n')))
        .addArgument(new Argument('exact', new BooleanType(), null, new ValueBoolean(false)))
        .addArgument(new Argument('score', new FloatType(), null, new ValueFloat(0.75)))
        .addArgument(new Argument('boost', new FloatType(), null, new ValueInteger(2)))
        .addArgument(new Argument('after', new IDType(), null, new ValueNull()))
        .addArgument(new Argument('first', new IDType(), null, new ValueInteger(5))),
    );
    expectPrints(
      new Schema().addObject(query).setQuery(query),
      sdl`
      type Query {
        search(text: String = "a \"b\"\n", exact: Boolean = false, score: Float = 0.75, boost: Float = 2, after: ID = null, first: ID = 5): String
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('print enum defaults bare, for field and directive arguments, and graphql-js reads them back', () => {
    const role = new EnumType('Role', null, ['USER', 'ADMIN']);
    const auth = new DirectiveType('auth')
      .addLocation(DirectiveLocation.FIELD_DEFINITION)
      .addArgument(new Argument('requires', role, null, new ValueEnum('USER')));
    const query = new ObjectType('Query').addField(
      new Field('users', new StringType()).addArgument(
        new Argument('role', role, null, new ValueEnum('ADMIN')),
      ),
    );
    expectPrints(
      new Schema().addDirective(auth).addEnum(role).addObject(query).setQuery(query),
      sdl`
      directive @auth(requires: Role = USER) on FIELD_DEFINITION

      enum Role {
        USER
        ADMIN
      }

      type Query {
        users(role: Role = ADMIN): String
      }

      schema {
        query: Query
      }
    `,
    );
  });
});
