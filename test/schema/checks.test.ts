// Refusals at build time and at serialize time: each names the thing and the fix.
import { describe, expect, it } from 'vitest';
import {
  Argument,
  DirectiveLocation,
  DirectiveType,
  EnumType,
  Field,
  InputType,
  IntegerType,
  InterfaceType,
  ObjectType,
  ScalarType,
  Schema,
  SchemaError,
  SchemaSerializer,
  StringType,
  UnionType,
  isObjectType,
  assertObjectType,
} from '../../src/schema/index.js';

const serialize = (schema: Schema) => new SchemaSerializer().serialize(schema);
const field = (name: string) => new Field(name, new StringType());

describe('checks when building', () => {
  it('refuses names that are not GraphQL names, or reserved', () => {
    expect(() => new ObjectType('2fast')).toThrow(
      'type name "2fast" is not a GraphQL name: use letters, digits and _, not starting with a digit',
    );
    expect(() => new Field('my-field', new StringType())).toThrow(
      'field name "my-field" is not a GraphQL name',
    );
    expect(() => new InterfaceType('__Type')).toThrow(
      'interface name "__Type" begins with "__", which GraphQL reserves for introspection: rename it',
    );
    expect(() => new EnumType('Flag', null, ['ON', 'true'])).toThrow(
      'enum Flag value "true" would read as a literal in GraphQL: choose another name',
    );
    expect(() => new ScalarType('Int')).toThrow(
      'scalar Int is built in: use IntegerType instead of a ScalarType',
    );
  });

  it('throws SchemaError, so callers can tell our refusals apart', () => {
    expect(() => new UnionType('')).toThrow(SchemaError);
  });

  it('refuses duplicates with the name of what is duplicated', () => {
    expect(() => new ObjectType('User').addField(field('id')).addField(field('id'))).toThrow(
      'type User already has a field id: rename or drop one of them',
    );
    expect(() =>
      field('f')
        .addArgument(new Argument('a', new IntegerType()))
        .addArgument(new Argument('a', new IntegerType())),
    ).toThrow('field f already has an argument a: rename or drop one of them');
    expect(() => new EnumType('Size').add('S').addEnum('S')).toThrow(
      'enum Size already has the value S: add each value once',
    );
    const dog = new ObjectType('Dog');
    expect(() => new UnionType('Pet').addObjectType(dog).addObjectType(dog)).toThrow(
      'union Pet already includes Dog: add each member once',
    );
    const node = new InterfaceType('Node');
    expect(() => new ObjectType('Dog').implements(node).implements(node)).toThrow(
      'type Dog already implements Node: implement it once',
    );
    expect(() =>
      new DirectiveType('d')
        .addLocation(DirectiveLocation.FIELD)
        .addLocation(DirectiveLocation.FIELD),
    ).toThrow('directive @d already has the location FIELD: add it once');
  });

  it('refuses a second type of the same name, whatever its kind, and built-in names', () => {
    const schema = new Schema().addObject(new ObjectType('User'));
    expect(() => schema.addInput(new InputType('User'))).toThrow(
      'the schema already has a type named User (ObjectType User): type names must be unique, rename one',
    );
    expect(() => new Schema().addObject(new ObjectType('String'))).toThrow(
      'String is a built-in scalar name: give ObjectType String another name',
    );
    expect(() => new Schema().addDirective(new DirectiveType('deprecated'))).toThrow(
      '@deprecated is a built-in directive: give yours another name',
    );
  });

  it('refuses values of the wrong kind, with isX/assertX telling kinds apart', () => {
    expect(() => new Field('id', 'ID' as never)).toThrow(
      'field id type must be a scalar, object, interface, union, enum or input type, got the string "ID" (pass the type object, e.g. new IntegerType(), not its name)',
    );
    expect(() => new UnionType('U').addObjectType(new InterfaceType('I') as never)).toThrow(
      'union U member must be an ObjectType, got InterfaceType I',
    );
    expect(() => new DirectiveType('d').addLocation('EVERYWHERE' as never)).toThrow(
      'directive @d location "EVERYWHERE" is not a GraphQL location: use a DirectiveLocation such as DirectiveLocation.FIELD',
    );
    expect(isObjectType(new ObjectType('A'))).toBe(true);
    expect(isObjectType(new InputType('A'))).toBe(false);
    expect(() => assertObjectType({ name: 'Fake' })).toThrow(
      'value must be an ObjectType, got an object that is no schema definition',
    );
  });
});

describe('checks when serializing', () => {
  const refusals: Array<[string, (schema: Schema) => void, string]> = [
    [
      'an object with no fields',
      (s) => s.addObject(new ObjectType('Empty')),
      'Empty: type Empty has no fields: GraphQL needs at least one, add one with addField()',
    ],
    [
      'an interface with no fields',
      (s) => s.addInterface(new InterfaceType('Node')),
      'Node: interface Node has no fields',
    ],
    [
      'an input with no fields',
      (s) => s.addInput(new InputType('Filter')),
      'Filter: input Filter has no fields',
    ],
    [
      'an empty union',
      (s) => s.addUnion(new UnionType('Pet')),
      'Pet: union Pet has no members: add one with addObjectType()',
    ],
    [
      'an empty enum',
      (s) => s.addEnum(new EnumType('Size')),
      'Size: enum Size has no values: add one with addEnum()',
    ],
    [
      'a directive with no location',
      (s) => s.addDirective(new DirectiveType('d')),
      '@d: directive @d has no location: add one with addLocation()',
    ],
    [
      'an input field with arguments',
      (s) =>
        s.addInput(
          new InputType('Filter').addField(
            field('q').addArgument(new Argument('a', new IntegerType())),
          ),
        ),
      'Filter.q: input fields take no arguments: remove them from q',
    ],
  ];
  for (const [what, add, message] of refusals) {
    it(`refuses ${what}`, () => {
      const schema = new Schema();
      add(schema);
      expect(() => serialize(schema)).toThrow(SchemaError);
      expect(() => serialize(schema)).toThrow(message);
      expect(schema.validate().map((problem) => problem.message)).toContain(serializeError(schema));
    });
  }
});

function serializeError(schema: Schema): string {
  try {
    serialize(schema);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}
