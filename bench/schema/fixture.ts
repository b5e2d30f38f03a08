// The bench schema, built twice from one plan: with restsmith/schema and with graphql-js.
import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfigMap,
} from 'graphql';
import {
  Argument,
  BooleanType,
  Field,
  FloatType,
  IDType,
  IntegerType,
  InterfaceType,
  ObjectType,
  Schema,
  StringType,
  TypeModifier,
  ValueBoolean,
  ValueInteger,
  ValueString,
} from '../../src/schema/index.js';

const typeName = (i: number, count: number) => `Type${i % count}`;
const describeEvery = 10;

/** `count` object types of 10 fields each (scalars, lists, links with arguments, a deprecation). */
export function buildOurs(count: number): Schema {
  const schema = new Schema();
  const node = new InterfaceType('Node').addField(
    new Field('id', new IDType(new TypeModifier(false))),
  );
  const types = Array.from({ length: count }, (_, i) =>
    new ObjectType(
      typeName(i, count),
      i % describeEvery === 0 ? `Type number ${i}` : null,
    ).implements(node),
  );
  types.forEach((type, i) => addOurFields(type, types[(i + 1) % count], types[(i + 2) % count], i));
  const query = new ObjectType('Query')
    .addField(
      new Field('node', node).addArgument(new Argument('id', new IDType(new TypeModifier(false)))),
    )
    .addField(new Field('first', types[0]));
  schema.addInterface(node);
  for (const type of types) schema.addObject(type);
  return schema.addObject(query).setQuery(query);
}

function addOurFields(type: ObjectType, next: ObjectType, after: ObjectType, i: number): void {
  const nameDescription = i % describeEvery === 0 ? `The name of ${type.name}` : null;
  type
    .addField(new Field('id', new IDType(new TypeModifier(false))))
    .addField(new Field('name', new StringType(), null, nameDescription))
    .addField(new Field('count', new IntegerType(new TypeModifier(false))))
    .addField(new Field('score', new FloatType()))
    .addField(new Field('active', new BooleanType()))
    .addField(new Field('tags', new StringType(), new TypeModifier(false, true, false)))
    .addField(new Field('next', next))
    .addField(
      new Field('children', next, new TypeModifier(true, true, false))
        .addArgument(new Argument('limit', new IntegerType(), null, new ValueInteger(10)))
        .addArgument(new Argument('after', new IDType())),
    )
    .addField(
      new Field('search', after, new TypeModifier(false, true))
        .addArgument(new Argument('q', new StringType(), null, new ValueString('x')))
        .addArgument(new Argument('exact', new BooleanType(), null, new ValueBoolean(false))),
    )
    .addField(new Field('old', new StringType()).deprecate('Use name'));
}

/** The same schema as `buildOurs(count)`, with graphql-js's own classes. */
export function buildGraphqlJs(count: number): GraphQLSchema {
  const node = new GraphQLInterfaceType({
    name: 'Node',
    fields: { id: { type: new GraphQLNonNull(GraphQLID) } },
  });
  const types: GraphQLObjectType[] = Array.from(
    { length: count },
    (_, i) =>
      new GraphQLObjectType({
        name: typeName(i, count),
        description: i % describeEvery === 0 ? `Type number ${i}` : undefined,
        interfaces: [node],
        fields: () =>
          graphqlJsFields(typeName(i, count), types[(i + 1) % count], types[(i + 2) % count], i),
      }),
  );
  const query = new GraphQLObjectType({
    name: 'Query',
    fields: {
      node: { type: node, args: { id: { type: new GraphQLNonNull(GraphQLID) } } },
      first: { type: types[0] },
    },
  });
  return new GraphQLSchema({ query, types: [node, ...types] });
}

function graphqlJsFields(
  name: string,
  next: GraphQLObjectType,
  after: GraphQLObjectType,
  i: number,
): GraphQLFieldConfigMap<unknown, unknown> {
  return {
    id: { type: new GraphQLNonNull(GraphQLID) },
    name: {
      type: GraphQLString,
      description: i % describeEvery === 0 ? `The name of ${name}` : undefined,
    },
    count: { type: new GraphQLNonNull(GraphQLInt) },
    score: { type: GraphQLFloat },
    active: { type: GraphQLBoolean },
    tags: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLString))) },
    next: { type: next },
    children: {
      type: new GraphQLNonNull(new GraphQLList(next)),
      args: { limit: { type: GraphQLInt, defaultValue: 10 }, after: { type: GraphQLID } },
    },
    search: {
      type: new GraphQLList(new GraphQLNonNull(after)),
      args: {
        q: { type: GraphQLString, defaultValue: 'x' },
        exact: { type: GraphQLBoolean, defaultValue: false },
      },
    },
    old: { type: GraphQLString, deprecationReason: 'Use name' },
  };
}

/** The plain fields' types, in turn: `String!`, `[Int]`, `String`. */
const plainKinds = 3;

/** `count` object types of 10 plain fields (`String!`, `[Int]`, `String`), no descriptions. */
export function buildPlainOurs(count: number): Schema {
  const schema = new Schema();
  const types = Array.from({ length: count }, (_, i) => {
    const type = new ObjectType(`Plain${i}`);
    for (let f = 0; f < 10; f++) type.addField(plainField(`field${f}`, f % plainKinds));
    return type;
  });
  const query = new ObjectType('Query').addField(new Field('first', types[0]));
  for (const type of types) schema.addObject(type);
  return schema.addObject(query).setQuery(query);
}

function plainField(name: string, kind: number): Field {
  if (kind === 0) return new Field(name, new StringType(new TypeModifier(false)));
  if (kind === 1) return new Field(name, new IntegerType(), new TypeModifier(true, true));
  return new Field(name, new StringType());
}

/** The same schema as `buildPlainOurs(count)`, with graphql-js's own classes. */
export function buildPlainGraphqlJs(count: number): GraphQLSchema {
  const fieldTypes = [
    new GraphQLNonNull(GraphQLString),
    new GraphQLList(GraphQLInt),
    GraphQLString,
  ];
  const types = Array.from(
    { length: count },
    (_, i) =>
      new GraphQLObjectType({
        name: `Plain${i}`,
        fields: Object.fromEntries(
          Array.from({ length: 10 }, (_, f) => [`field${f}`, { type: fieldTypes[f % plainKinds] }]),
        ),
      }),
  );
  const query = new GraphQLObjectType({ name: 'Query', fields: { first: { type: types[0] } } });
  return new GraphQLSchema({ query, types });
}
