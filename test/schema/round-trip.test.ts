// Every kind of type under every modifier, as field, argument and input field, read back by graphql-js.
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  Argument,
  BooleanType,
  EnumType,
  Field,
  FloatType,
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
  type NamedType,
} from '../../src/schema/index.js';
import { printValid } from './sdl.js';

/** Five built-in scalars, a custom scalar, an enum, an interface, an object and a union. */
const outputKindCount = 10;

const modifiers = [
  new TypeModifier(),
  new TypeModifier(false),
  new TypeModifier(true, true),
  new TypeModifier(false, true),
  new TypeModifier(true, true, false),
  new TypeModifier(false, true, false),
];

function buildEveryShape() {
  const url = new ScalarType('Url');
  const size = new EnumType('Size', null, ['S', 'M']);
  const node = new InterfaceType('Node').addField(new Field('id', new IDType()));
  const item = new ObjectType('Item').implements(node).addField(new Field('id', new IDType()));
  const found = new UnionType('Found').addObjectType(item);
  const filter = new InputType('Filter').addField(new Field('q', new StringType()));
  const builtIns = [
    new BooleanType(),
    new FloatType(),
    new IDType(),
    new IntegerType(),
    new StringType(),
  ];
  const inputTypes: NamedType[] = [...builtIns, url, size, filter];
  const outputTypes: NamedType[] = [...builtIns, url, size, node, item, found];
  const shapes = new InputType('Shapes');
  const query = new ObjectType('Query');
  outputTypes.forEach((type, t) =>
    modifiers.forEach((modifier, m) => {
      const field = new Field(`out${t}_${m}`, type, modifier);
      field.addArgument(
        new Argument('arg', inputTypes[t % inputTypes.length], modifiers[(m + t) % 6]),
      );
      query.addField(field);
    }),
  );
  inputTypes.forEach((type, t) =>
    modifiers.forEach((modifier, m) => shapes.addField(new Field(`in${t}_${m}`, type, modifier))),
  );
  query.addField(
    new Field('withShapes', new BooleanType()).addArgument(new Argument('shapes', shapes)),
  );
  return new Schema()
    .addScalar(url)
    .addEnum(size)
    .addInterface(node)
    .addObject(item)
    .addUnion(found)
    .addInput(filter)
    .addInput(shapes)
    .addObject(query)
    .setQuery(query);
}

describe('round trip through graphql-js', () => {
  it('reads back every type kind under every modifier with the same type text', () => {
    const schema = buildEveryShape();
    const text = printValid(schema);
    const rebuilt = buildSchema(text);
    for (const object of [...schema.getObjects(), ...schema.getInputs()]) {
      const fields = rebuilt.getType(object.name)!.toConfig() as {
        fields: Record<string, { type: unknown }>;
      };
      for (const field of object.getFields()) {
        expect(String(fields.fields[field.name].type)).toBe(field.typeText);
      }
    }
    expect(schema.getObjects().at(-1)!.getFields()).toHaveLength(
      outputKindCount * modifiers.length + 1,
    );
  });
});
