// Applied directives: printed as graphql-js prints them and read back by it; refused at once when misused.
import {
  buildSchema,
  getDirectiveValues,
  print as printNode,
  type GraphQLField,
  type GraphQLObjectType,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  Argument,
  BooleanType,
  DirectiveLocation,
  DirectiveType,
  Field,
  IDType,
  InputType,
  IntegerType,
  InterfaceType,
  ObjectType,
  Schema,
  SchemaError,
  SchemaSerializer,
  StringType,
  TypeModifier,
  ValueEnum,
  ValueNull,
  ValueString,
} from '../../src/schema/index.js';
import { accounts, schemaWith } from './directive-schemas.js';
import { expectPrints, sdl } from './sdl.js';

const nonNull = new TypeModifier(false);

/** The directives graphql-js read on a field, as it prints them. */
const appliedOn = (field: GraphQLField<unknown, unknown> | undefined) =>
  field?.astNode?.directives?.map((directive) => printNode(directive));

describe('applied directives', () => {
  it('print after the field, with enum arguments bare, and graphql-js reads them back', () => {
    const { role, auth } = accounts();
    const schema = schemaWith(
      [
        new Field('me', new StringType()).addDirective(auth),
        new Field('deleteUser', new BooleanType())
          .addArgument(new Argument('id', new IDType(nonNull)))
          .addDirective(auth, { requires: new ValueEnum('ADMIN') }),
      ],
      (s) => s.addDirective(auth).addEnum(role),
    );
    expectPrints(
      schema,
      sdl`
      directive @auth(requires: Role = USER) on FIELD_DEFINITION

      enum Role {
        USER
        ADMIN
      }

      type Query {
        me: String @auth
        deleteUser(id: ID!): Boolean @auth(requires: ADMIN)
      }

      schema {
        query: Query
      }
    `,
    );
    expect(schema.getObjects()[0].getFields()[1].getDirectives()).toEqual([
      { directive: auth, args: { requires: new ValueEnum('ADMIN') } },
    ]);
    const rebuilt = buildSchema(new SchemaSerializer().serialize(schema));
    const fields = rebuilt.getQueryType()!.getFields();
    expect(appliedOn(fields.me)).toEqual(['@auth']);
    expect(appliedOn(fields.deleteUser)).toEqual(['@auth(requires: ADMIN)']);
    const authDefinition = rebuilt.getDirective('auth')!;
    expect(authDefinition.args[0].defaultValue).toBe('USER');
    expect(getDirectiveValues(authDefinition, fields.me.astNode!)).toEqual({ requires: 'USER' });
  });

  it('print on types, interfaces, inputs, their fields and arguments, repeated in order, before @deprecated', () => {
    const tag = new DirectiveType('tag')
      .addArgument(new Argument('name', new StringType(nonNull)))
      .setRepeatable(true);
    for (const location of [
      DirectiveLocation.OBJECT,
      DirectiveLocation.INTERFACE,
      DirectiveLocation.INPUT_OBJECT,
      DirectiveLocation.FIELD_DEFINITION,
      DirectiveLocation.ARGUMENT_DEFINITION,
      DirectiveLocation.INPUT_FIELD_DEFINITION,
    ])
      tag.addLocation(location);
    const named = (name: string) => ({ name: new ValueString(name) });
    const node = new InterfaceType('Node')
      .addDirective(tag, named('core'))
      .addField(new Field('id', new IDType(nonNull)).addDirective(tag, named('key')));
    const filter = new InputType('Filter')
      .addDirective(tag, named('in'))
      .addField(new Field('q', new StringType()).addDirective(tag, named('search')));
    const query = new ObjectType('Query')
      .implements(node)
      .addDirective(tag, named('root'))
      .addDirective(tag, named('public'))
      .addField(new Field('id', new IDType(nonNull)))
      .addField(
        new Field('find', new StringType()).addArgument(
          new Argument('filter', filter).addDirective(tag, named('target')),
        ),
      )
      .addField(new Field('old', new IntegerType()).addDirective(tag, named('legacy')).deprecate());
    const schema = new Schema()
      .addDirective(tag)
      .addInterface(node)
      .addObject(query)
      .addInput(filter)
      .setQuery(query);
    expectPrints(
      schema,
      sdl`
      directive @tag(name: String!) repeatable on OBJECT | INTERFACE | INPUT_OBJECT | FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION

      interface Node @tag(name: "core") {
        id: ID! @tag(name: "key")
      }

      type Query implements Node @tag(name: "root") @tag(name: "public") {
        id: ID!
        find(filter: Filter @tag(name: "target")): String
        old: Int @tag(name: "legacy") @deprecated
      }

      input Filter @tag(name: "in") {
        q: String @tag(name: "search")
      }

      schema {
        query: Query
      }
    `,
    );
    const rebuilt = buildSchema(new SchemaSerializer().serialize(schema));
    const rebuiltQuery = rebuilt.getQueryType() as GraphQLObjectType;
    expect(rebuiltQuery.astNode?.directives?.map((d) => printNode(d))).toEqual([
      '@tag(name: "root")',
      '@tag(name: "public")',
    ]);
    expect(rebuiltQuery.getFields().old.deprecationReason).toBe('No longer supported');
  });
});

describe('applying a directive refuses at once', () => {
  const { auth } = accounts();
  const me = () => new Field('me', new StringType());
  it('what is not a DirectiveType, and the built-in directives', () => {
    expect(() => me().addDirective('auth' as never)).toThrow(
      'field me directive must be a DirectiveType, got the string "auth" (pass the DirectiveType added to the schema, not its name)',
    );
    expect(() => me().addDirective(new DirectiveType('deprecated'))).toThrow(
      'field me: @deprecated is built in and cannot be applied here: deprecate a field with field.deprecate(reason)',
    );
    expect(() => new ObjectType('Query').addDirective(new DirectiveType('skip'))).toThrow(
      'type Query: @skip is built in and cannot be applied here: apply a directive of your own',
    );
  });

  it('arguments that are not GraphQL names with Values', () => {
    expect(() => me().addDirective(auth, new ValueEnum('ADMIN') as never)).toThrow(
      "field me @auth arguments must be an object of Values, such as { requires: new ValueEnum('ADMIN') }, got a Value",
    );
    expect(() => me().addDirective(auth, { requires: 'ADMIN' as never })).toThrow(
      'field me @auth argument requires must be a Value (new ValueString(...), new ValueInteger(...), new ValueEnum(...), ...), got the string "ADMIN"',
    );
    expect(() =>
      new Argument('id', new IDType()).addDirective(auth, { 'needs-role': new ValueNull() }),
    ).toThrow('argument id @auth argument name "needs-role" is not a GraphQL name');
    expect(() => me().addDirective(auth, { requires: new ValueNull() })).not.toThrow(SchemaError);
  });
});
