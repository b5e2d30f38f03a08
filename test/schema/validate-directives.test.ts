// validate() on applied directives: each problem it reports is one graphql-js refuses the printed text for.
import { buildSchema, getDirectiveValues, parse, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  Argument,
  DirectiveLocation,
  DirectiveType,
  Field,
  Schema,
  StringType,
  TypeModifier,
  ValueEnum,
  ValueInteger,
  ValueNull,
  ValueString,
} from '../../src/schema/index.js';
import { accounts, schemaWith } from './directive-schemas.js';
import { printInvalid } from './sdl.js';

const nonNull = new TypeModifier(false);

/** What graphql-js says about the printed text: buildSchema's checks, then coercing directive arguments. */
function graphqlJsRefusal(text: string): string {
  try {
    const rebuilt = buildSchema(text);
    visit(parse(text), {
      Directive(node) {
        getDirectiveValues(rebuilt.getDirective(node.name.value)!, { directives: [node] });
      },
    });
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
  return '';
}

describe('validate() reports applied directives graphql-js would refuse', () => {
  const cases: Array<
    [string, (auth: DirectiveType, tag: DirectiveType) => Schema, string[], string]
  > = [
    [
      'a directive not added to the schema',
      (auth) => schemaWith([new Field('me', new StringType()).addDirective(auth)]),
      [
        'Query.me: applies @auth, which was never added to the schema: add it with schema.addDirective(auth)',
      ],
      'Unknown directive "@auth".',
    ],
    // The text is the same either way; the problem is that the schema holds another definition.
    [
      'another directive of the added name',
      (auth) =>
        schemaWith([new Field('me', new StringType()).addDirective(accounts().auth)], (s) =>
          s.addDirective(auth),
        ),
      [
        'Query.me: applies a different DirectiveType named @auth than the one added to the schema: apply the added one',
      ],
      '',
    ],
    [
      'a directive at a location it does not declare',
      (auth) =>
        schemaWith([new Field('me', new StringType())], (s) =>
          s.addDirective(auth).getObjects()[0].addDirective(auth),
        ),
      [
        'Query: applies @auth, which is not declared on OBJECT (its locations: FIELD_DEFINITION): add DirectiveLocation.OBJECT to @auth with addLocation(), or remove it here',
      ],
      'Directive "@auth" may not be used on OBJECT.',
    ],
    [
      'an argument the directive does not declare',
      (auth) =>
        schemaWith(
          [new Field('me', new StringType()).addDirective(auth, { role: new ValueEnum('ADMIN') })],
          (s) => s.addDirective(auth),
        ),
      [
        'Query.me @auth(role:): @auth declares no argument role: use one of requires, or declare it with addArgument()',
      ],
      'Unknown argument "role" on directive "@auth".',
    ],
    [
      'a required argument left out',
      (_, tag) =>
        schemaWith([new Field('me', new StringType()).addDirective(tag)], (s) =>
          s.addDirective(tag),
        ),
      [
        'Query.me @tag: @tag requires the argument name: String!, which is missing here: pass it, or give that argument a default',
      ],
      'Directive "@tag" argument "name" of type "String!" is required, but it was not provided.',
    ],
    [
      'a directive that is not repeatable, applied twice',
      (auth) =>
        schemaWith([new Field('me', new StringType()).addDirective(auth).addDirective(auth)], (s) =>
          s.addDirective(auth),
        ),
      [
        'Query.me: applies @auth 2 times, but @auth is not repeatable: apply it once, or call setRepeatable(true) on it',
      ],
      'The directive "@auth" can only be used once at this location.',
    ],
    [
      'a string for an enum argument',
      (auth) =>
        schemaWith(
          [
            new Field('me', new StringType()).addDirective(auth, {
              requires: new ValueString('ADMIN'),
            }),
          ],
          (s) => s.addDirective(auth),
        ),
      [
        'Query.me @auth(requires:): has type Role, an enum, which does not accept the value "ADMIN": use a ValueEnum naming one of USER, ADMIN',
      ],
      'Argument "requires" has invalid value "ADMIN".',
    ],
    [
      'an enum value its enum does not have',
      (auth) =>
        schemaWith(
          [
            new Field('me', new StringType()).addDirective(auth, {
              requires: new ValueEnum('SUPER'),
            }),
          ],
          (s) => s.addDirective(auth),
        ),
      [
        'Query.me @auth(requires:): has type Role, which has no value SUPER: use one of USER, ADMIN',
      ],
      'Argument "requires" has invalid value SUPER.',
    ],
    [
      'null or a number for a non-null string argument',
      (_, tag) =>
        schemaWith(
          [
            new Field('me', new StringType()).addDirective(tag, { name: new ValueNull() }),
            new Field('you', new StringType()).addDirective(tag, { name: new ValueInteger(3) }),
          ],
          (s) => s.addDirective(tag),
        ),
      [
        'Query.me @tag(name:): is non-null, so it cannot be null: pass a value of its type',
        'Query.you @tag(name:): has type String!, which does not accept the value 3: use a value of that type',
      ],
      'Argument "name" of non-null type "String!" must not be null.',
    ],
  ];
  for (const [what, build, problems, refusal] of cases) {
    it(what, () => {
      const { role, auth } = accounts();
      const tag = new DirectiveType('tag')
        .addLocation(DirectiveLocation.FIELD_DEFINITION)
        .addArgument(new Argument('name', new StringType(nonNull)));
      const schema = build(auth, tag).addEnum(role);
      const text = printInvalid(schema, problems);
      expect(graphqlJsRefusal(text)).toBe(refusal);
    });
  }
});
