// Descriptions: blocks above definitions, quoted strings above fields, escapes where needed.
import { describe, it } from 'vitest';
import {
  DirectiveLocation,
  DirectiveType,
  EnumType,
  Field,
  InputType,
  InterfaceType,
  ObjectType,
  ScalarType,
  Schema,
  StringType,
  UnionType,
} from '../../src/schema/index.js';
import { expectPrints, sdl } from './sdl.js';

describe('descriptions', () => {
  it('print as a block above each kind of definition, and as a quoted string above a field', () => {
    const node = new InterfaceType('Node', 'Has an id').addField(
      new Field('id', new StringType(), null, 'The id'),
    );
    const item = new ObjectType('Item', 'A thing')
      .implements(node)
      .addField(new Field('id', new StringType()));
    const result = new UnionType('Found', 'What a search finds').addObjectType(item);
    const query = new ObjectType('Query', 'Entry point').addField(
      new Field('found', result, null, 'Everything "found"'),
    );
    const schema = new Schema()
      .addDirective(
        new DirectiveType('trace', 'Traces a field').addLocation(DirectiveLocation.FIELD),
      )
      .addInterface(node)
      .addScalar(new ScalarType('Url', 'An absolute address'))
      .addEnum(new EnumType('Sort', 'Which way', ['ASC']))
      .addUnion(result)
      .addObject(item)
      .addObject(query)
      .addInput(
        new InputType('Filter', 'Narrows a search').addField(
          new Field('q', new StringType(), null, 'Words'),
        ),
      );
    expectPrints(
      schema.setQuery(query),
      sdl`
      """
      Traces a field
      """
      directive @trace on FIELD

      """
      Has an id
      """
      interface Node {
        "The id"
        id: String
      }

      """
      An absolute address
      """
      scalar Url

      """
      Which way
      """
      enum Sort {
        ASC
      }

      """
      What a search finds
      """
      union Found = Item

      """
      A thing
      """
      type Item implements Node {
        id: String
      }

      """
      Entry point
      """
      type Query {
        "Everything \"found\""
        found: Found
      }

      """
      Narrows a search
      """
      input Filter {
        "Words"
        q: String
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('print a field description with a newline as an indented block, escaping """', () => {
    const query = new ObjectType('Query', 'Line one\n\nSays """hi"""').addField(
      new Field('greeting', new StringType(), null, 'Says hello.\nIn "English".\n\nOr """not"""'),
    );
    expectPrints(
      new Schema().addObject(query).setQuery(query),
      sdl`
      """
      Line one

      Says \"""hi\"""
      """
      type Query {
        """
        Says hello.
        In "English".

        Or \"""not\"""
        """
        greeting: String
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('keep text beyond ASCII exact, before and after ASCII definitions', () => {
    const menu = new ObjectType('Menu', 'Café ☕ menu').addField(
      new Field('dish', new StringType(), null, 'Crème brûlée 🍮'),
    );
    const query = new ObjectType('Query').addField(new Field('menu', menu));
    expectPrints(
      new Schema().addObject(query).addObject(menu).setQuery(query),
      sdl`
      type Query {
        menu: Menu
      }

      """
      Café ☕ menu
      """
      type Menu {
        "Crème brûlée 🍮"
        dish: String
      }

      schema {
        query: Query
      }
    `,
    );
  });

  it('fall back to a quoted string where a block would change the text', () => {
    const query = new ObjectType('Query', '  indented\n  text').addField(
      new Field('tab', new StringType(), null, 'bell\u0007 and\r\nreturn'),
    );
    query.addField(new Field('lead', new StringType(), null, '\nstarts blank'));
    expectPrints(
      new Schema().addObject(query).setQuery(query),
      sdl`
      "  indented\n  text"
      type Query {
        "bell\u0007 and\r\nreturn"
        tab: String
        "\nstarts blank"
        lead: String
      }

      schema {
        query: Query
      }
    `,
    );
  });
});
