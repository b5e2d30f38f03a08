// validate(): what graphql-js would reject, reported as problems without throwing.
import { describe, it } from 'vitest';
import {
  Argument,
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
  ValueEnum,
  ValueFloat,
  ValueInteger,
  ValueNull,
  ValueString,
} from '../../src/schema/index.js';
import { expectPrints, printInvalid, sdl } from './sdl.js';

const nonNull = new TypeModifier(false);

/** A schema whose query root has `fields`, plus whatever `extra` adds. */
function schemaWith(fields: Field[], extra: (schema: Schema) => void = () => {}): Schema {
  const query = new ObjectType('Query');
  for (const field of fields) query.addField(field);
  const schema = new Schema().addObject(query).setQuery(query);
  extra(schema);
  return schema;
}

describe('validate()', () => {
  it('reports a type used but never added, and a different type under an added name', () => {
    const user = new ObjectType('User').addField(new Field('id', new IDType()));
    const impostor = new ObjectType('User').addField(new Field('id', new IDType()));
    const schema = schemaWith([new Field('me', user), new Field('other', impostor)]);
    printInvalid(schema, [
      'Query.me: refers to User, which was never added to the schema: add it with schema.addObject(User)',
      'Query.other: refers to User, which was never added to the schema: add it with schema.addObject(User)',
    ]);
    schema.addObject(user);
    printInvalid(schema, [
      'Query.other: refers to a different ObjectType named User than the ObjectType User added to the schema: use the added one',
    ]);
  });

  it('reports input types used as output and output types used as input', () => {
    const filter = new InputType('Filter').addField(new Field('q', new StringType()));
    const user = new ObjectType('User').addField(new Field('id', new IDType()));
    const schema = schemaWith(
      [
        new Field('filter', filter),
        new Field('users', user).addArgument(new Argument('like', user)),
      ],
      (s) => s.addInput(filter.addField(new Field('owner', user))).addObject(user),
    );
    printInvalid(schema, [
      'Query.filter: has type Filter, an InputType, but fields of types and interfaces need output types: use an ObjectType',
      'Query.users(like:): has type User, an ObjectType, but arguments and input fields need input types: use an InputType, a scalar or an enum',
      'Filter.owner: has type User, an ObjectType, but arguments and input fields need input types: use an InputType, a scalar or an enum',
    ]);
  });

  it('reports a missing query root and roots that are not among the added objects', () => {
    const query = new ObjectType('Query').addField(new Field('ok', new StringType()));
    const mutation = new ObjectType('Mutation').addField(new Field('ok', new StringType()));
    printInvalid(new Schema().addObject(mutation).setMutation(mutation), [
      'schema: has no query root, which GraphQL requires: add an ObjectType and pass it to setQuery()',
    ]);
    printInvalid(new Schema().setQuery(query).setMutation(mutation), [
      "schema.query: Query is not among the schema's objects: add it with schema.addObject(Query)",
      "schema.mutation: Mutation is not among the schema's objects: add it with schema.addObject(Mutation)",
    ]);
  });

  it('reports an object missing an interface field or declaring it with an incompatible type', () => {
    const entity = new InterfaceType('Entity')
      .addField(new Field('id', new IDType(nonNull)))
      .addField(new Field('name', new StringType()))
      .addField(new Field('tags', new StringType(), new TypeModifier(true, true)));
    const user = new ObjectType('User')
      .implements(entity)
      .addField(new Field('id', new IDType()))
      .addField(new Field('tags', new StringType()));
    const schema = schemaWith([new Field('me', user)], (s) =>
      s.addInterface(entity).addObject(user),
    );
    printInvalid(schema, [
      'User.id: has type ID, but interface Entity declares ID!: use that type or a more specific one',
      'User: implements Entity but has no field name: add name: String',
      'User.tags: has type String, but interface Entity declares [String]: use that type or a more specific one',
    ]);
  });

  it('reports interface field arguments that differ, and extra required ones', () => {
    const entity = new InterfaceType('Entity').addField(
      new Field('friends', new IDType())
        .addArgument(new Argument('limit', new IntegerType()))
        .addArgument(new Argument('after', new IDType())),
    );
    const user = new ObjectType('User')
      .implements(entity)
      .addField(
        new Field('friends', new IDType())
          .addArgument(new Argument('limit', new IntegerType(nonNull)))
          .addArgument(new Argument('sort', new StringType(nonNull))),
      );
    const schema = schemaWith([new Field('me', user)], (s) =>
      s.addInterface(entity).addObject(user),
    );
    printInvalid(schema, [
      'User.friends(limit:): has type Int!, but interface Entity declares Int: argument types must be equal',
      'User.friends: interface Entity declares argument after: ID, which is missing here: add it',
      "User.friends(sort:): is required but interface Entity's friends has no such argument: make it nullable or give it a default",
    ]);
  });

  it('accepts more specific field types and optional extra arguments, as GraphQL does', () => {
    const node = new InterfaceType('Node').addField(new Field('id', new IDType()));
    const entity = new InterfaceType('Entity')
      .addField(new Field('id', new IDType()))
      .addField(new Field('parent', node))
      .addField(new Field('related', node, new TypeModifier(true, true)));
    const user = new ObjectType('User').implements(entity).implements(node);
    const group = new ObjectType('Group').addField(new Field('id', new IDType()));
    const member = new UnionType('Member').addObjectType(user).addObjectType(group);
    const holder = new InterfaceType('Holder').addField(new Field('member', member));
    const team = new ObjectType('Team')
      .implements(holder)
      .addField(new Field('member', group, nonNull));
    user
      .addField(
        new Field('id', new IDType(nonNull)).addArgument(
          new Argument('format', new StringType(nonNull), null, new ValueString('short')),
        ),
      )
      .addField(new Field('parent', user, nonNull))
      .addField(new Field('related', user, new TypeModifier(false, true, false)));
    const schema = schemaWith([new Field('me', user), new Field('team', team)], (s) =>
      s
        .addInterface(node)
        .addInterface(entity)
        .addInterface(holder)
        .addUnion(member)
        .addObject(user)
        .addObject(group)
        .addObject(team),
    );
    expectPrints(
      schema,
      sdl`
      interface Node {
        id: ID
      }

      interface Entity {
        id: ID
        parent: Node
        related: [Node]
      }

      interface Holder {
        member: Member
      }

      union Member = User | Group

      type Query {
        me: User
        team: Team
      }

      type User implements Entity & Node {
        id(format: String! = "short"): ID!
        parent: User!
        related: [User!]!
      }

      type Group {
        id: ID
      }

      type Team implements Holder {
        member: Group!
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('reports input types that contain themselves through non-null fields, and deprecated required input fields', () => {
    const a = new InputType('A');
    const b = new InputType('B').addField(new Field('a', a, nonNull));
    a.addField(new Field('b', b, nonNull))
      .addField(new Field('self', a))
      .addField(new Field('old', new IntegerType(nonNull)).deprecate());
    const schema = schemaWith(
      [new Field('find', new IntegerType()).addArgument(new Argument('where', a))],
      (s) => s.addInput(a).addInput(b),
    );
    printInvalid(schema, [
      'A: refers to itself through non-null fields (A.b -> B.a), so no value can be written: make one of them nullable',
      'A.old: is required (non-null), so it cannot be deprecated: make it nullable first',
    ]);
  });

  it('reports defaults their argument type does not accept', () => {
    const size = new EnumType('Size', null, ['S']);
    const target = new DirectiveType('target').addLocation(DirectiveLocation.FIELD);
    target.addArgument(new Argument('weight', new IntegerType(), null, new ValueFloat(1.5)));
    const field = new Field('find', new IntegerType())
      .addArgument(new Argument('limit', new IntegerType(nonNull), null, new ValueNull()))
      .addArgument(new Argument('name', new StringType(), null, new ValueInteger(3)))
      .addArgument(new Argument('big', new IntegerType(), null, new ValueInteger(2 ** 31)))
      .addArgument(new Argument('size', size, null, new ValueString('S')))
      .addArgument(new Argument('fit', size, null, new ValueEnum('XL')))
      .addArgument(new Argument('count', new IntegerType(), null, new ValueEnum('S')))
      .addArgument(
        new Argument('when', new ScalarType('Date'), null, new ValueString('2024-01-01')),
      );
    const schema = schemaWith([field], (s) =>
      s
        .addEnum(size)
        .addDirective(target)
        .addScalar(field.getArguments()[6].type as ScalarType),
    );
    printInvalid(schema, [
      'Query.find(limit:): is non-null, so its default cannot be null: drop the default or make it nullable',
      'Query.find(name:): has type String, which does not accept the default 3: use a default of that type',
      'Query.find(big:): has type Int, which does not accept the default 2147483648: use a default of that type',
      'Query.find(size:): has type Size, an enum, which does not accept the default "S": use a ValueEnum naming one of S',
      'Query.find(fit:): has type Size, which has no value XL: use one of S',
      'Query.find(count:): has type Int, which does not accept the default S: use a default of that type',
      '@target(weight:): has type Int, which does not accept the default 1.5: use a default of that type',
    ]);
  });
});
