// What SchemaSerializer prints for each construct, and the order and spacing of the whole text.
import { describe, expect, it } from 'vitest';
import {
  Argument,
  BooleanType,
  DirectiveLocation,
  DirectiveType,
  EnumType,
  Field,
  IDType,
  InputType,
  IntegerType,
  InterfaceType,
  ObjectType,
  ScalarType,
  Schema,
  StringType,
  TypeModifier,
  UnionType,
  ValueInteger,
} from '../../src/schema/index.js';
import { expectPrints, printInvalid, sdl } from './sdl.js';

const nonNull = new TypeModifier(false);

function queryWith(...fields: Field[]): ObjectType {
  const query = new ObjectType('Query');
  for (const field of fields) query.addField(field);
  return query;
}

describe('SchemaSerializer', () => {
  it('prints an empty schema as the empty string', () => {
    const problems = [
      'schema: has no query root, which GraphQL requires: add an ObjectType and pass it to setQuery()',
    ];
    expect(printInvalid(new Schema(), problems)).toBe('');
  });

  it('prints groups in a fixed order whatever the order added, each group in the order added', () => {
    const node = new InterfaceType('Node').addField(new Field('id', new IDType(nonNull)));
    const dog = new ObjectType('Dog')
      .implements(node)
      .addField(new Field('id', new IDType(nonNull)));
    const cat = new ObjectType('Cat').addField(new Field('lives', new IntegerType()));
    const pet = new UnionType('Pet').addObjectType(dog).addObjectType(cat);
    const size = new EnumType('Size', null, ['SMALL', 'LARGE']);
    const filter = new InputType('PetFilter').addField(new Field('size', size));
    const query = queryWith(
      new Field('pets', pet, new TypeModifier(true, true)).addArgument(
        new Argument('filter', filter),
      ),
    );
    const schema = new Schema()
      .addInput(filter)
      .addObject(query)
      .addObject(dog)
      .addObject(cat)
      .addUnion(pet)
      .addEnum(size)
      .addScalar(new ScalarType('Url'))
      .addInterface(node)
      .addDirective(new DirectiveType('cached').addLocation(DirectiveLocation.FIELD))
      .setQuery(query);
    expectPrints(
      schema,
      sdl`
      directive @cached on FIELD

      interface Node {
        id: ID!
      }

      scalar Url

      enum Size {
        SMALL
        LARGE
      }

      union Pet = Dog | Cat

      type Query {
        pets(filter: PetFilter): [Pet]
      }

      type Dog implements Node {
        id: ID!
      }

      type Cat {
        lives: Int
      }

      input PetFilter {
        size: Size
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('prints a directive with arguments, repeatable, on several locations', () => {
    const upper = new DirectiveType('upper', 'Upper-cases the field')
      .addArgument(new Argument('arg', new IntegerType(), null, new ValueInteger(1)))
      .addArgument(new Argument('locale', new StringType(nonNull)))
      .setRepeatable(true)
      .addLocation(DirectiveLocation.FIELD)
      .addLocation(DirectiveLocation.FRAGMENT_SPREAD);
    const query = queryWith(new Field('name', new StringType()));
    expectPrints(
      new Schema().addDirective(upper).addObject(query).setQuery(query),
      sdl`
      """
      Upper-cases the field
      """
      directive @upper(arg: Int = 1, locale: String!) repeatable on FIELD | FRAGMENT_SPREAD

      type Query {
        name: String
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('prints an object implementing several interfaces, with arguments and deprecations', () => {
    const entity = new InterfaceType('Entity').addField(new Field('id', new IDType(nonNull)));
    const named = new InterfaceType('Named').addField(new Field('name', new StringType()));
    const user = new ObjectType('User').implements(entity).implements(named);
    user
      .addField(new Field('id', new IDType(nonNull)))
      .addField(new Field('name', new StringType()))
      .addField(new Field('nick', new StringType()).deprecate())
      .addField(new Field('login', new StringType()).deprecate('Use "name"'))
      .addField(
        new Field('friends', user, new TypeModifier(true, true, false))
          .addArgument(new Argument('limit', new IntegerType(), null, new ValueInteger(10)))
          .addArgument(new Argument('after', new IDType())),
      );
    const query = queryWith(new Field('me', user));
    const schema = new Schema()
      .addInterface(entity)
      .addInterface(named)
      .addObject(user)
      .addObject(query);
    expectPrints(
      schema.setQuery(query),
      sdl`
      interface Entity {
        id: ID!
      }

      interface Named {
        name: String
      }

      type User implements Entity & Named {
        id: ID!
        name: String
        nick: String @deprecated
        login: String @deprecated(reason: "Use \"name\"")
        friends(limit: Int = 10, after: ID): [User]!
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

  it('prints every root that is set, in query, mutation, subscription order', () => {
    const query = queryWith(new Field('ok', new BooleanType()));
    const mutation = new ObjectType('Mutation').addField(
      new Field('reset', new BooleanType(nonNull)),
    );
    const subscription = new ObjectType('Subscription').addField(
      new Field('ticks', new IntegerType()),
    );
    const schema = new Schema().addObject(query).addObject(mutation).addObject(subscription);
    schema.setSubscription(subscription).setMutation(mutation).setQuery(query);
    expectPrints(
      schema,
      sdl`
      type Query {
        ok: Boolean
      }

      type Mutation {
        reset: Boolean!
      }

      type Subscription {
        ticks: Int
      }

      schema {
        query: Query
        mutation: Mutation
        subscription: Subscription
      }
    `,
    );
  });

  it('prints the schema block with the roots named as the user named them', () => {
    const root = new ObjectType('RootQuery').addField(new Field('ok', new BooleanType()));
    expectPrints(
      new Schema().addObject(root).setQuery(root),
      sdl`
      type RootQuery {
        ok: Boolean
      }

      schema {
        query: RootQuery
      }
    `,
    );
  });

  it('ends without a blank line when no root is set', () => {
    const schema = new Schema().addScalar(new ScalarType('Url'));
    const problems = [
      'schema: has no query root, which GraphQL requires: add an ObjectType and pass it to setQuery()',
    ];
    expect(printInvalid(schema, problems)).toBe('scalar Url\n');
  });
});
