// How a property's TypeScript type and decorators become a GraphQL field type, as the printed text shows it.
import { describe, expect, it } from 'vitest';
import { graphField } from '../../src/project-schema/field-types.js';

/** The printed type of `name: typeText` with the given decorators, and any warning. */
function printed(
  typeText: string,
  options: { optional?: boolean; decorators?: Record<string, readonly string[]> } = {},
) {
  const warnings: string[] = [];
  const field = graphField(
    'Article',
    {
      name: 'field',
      typeText,
      optional: options.optional ?? false,
      decorators: new Map(Object.entries(options.decorators ?? {})),
    },
    {
      objects: new Set(['User']),
      enums: new Set(['Role']),
      warn: (message) => warnings.push(message),
    },
  );
  const item = field.list ? `${field.type}!` : field.type;
  const type = field.list ? `[${item}]` : item;
  return { type: field.nullable ? type : `${type}!`, warnings };
}

describe('field types', () => {
  it.each([
    ['string', {}, 'String!'],
    ['string | null', {}, 'String'],
    ['string', { optional: true }, 'String'],
    ['number | undefined', {}, 'Float'],
    ['number', { decorators: { Column: ["{ type: 'int', default: 0 }"] } }, 'Int!'],
    ['number', { decorators: { Column: ["{ type: 'double precision' }"] } }, 'Float!'],
    ['boolean', {}, 'Boolean!'],
    ['Date', { decorators: { Column: ["{ type: 'datetime', nullable: true }"] } }, 'DateTime'],
    ['string[]', {}, '[String!]!'],
    ['string[] | null', {}, '[String!]'],
    ['Array<number>', {}, '[Float!]!'],
    ['readonly Date[]', {}, '[DateTime!]!'],
    ["'draft' | 'published'", {}, 'String!'],
    ['Role', {}, 'Role!'],
    [
      'User',
      { decorators: { ManyToOne: ['() => User', "{ nullable: false, onDelete: 'CASCADE' }"] } },
      'User!',
    ],
    [
      'Types.ObjectId',
      { decorators: { Prop: ['{ type: Types.ObjectId, ref: User.name, required: true }'] } },
      'User!',
    ],
    [
      'Types.ObjectId',
      { decorators: { Prop: ["{ type: Types.ObjectId, ref: 'User' }"] } },
      'User!',
    ],
    ['Types.ObjectId', { decorators: { Prop: ["{ type: Types.ObjectId, ref: 'Tag' }"] } }, 'ID!'],
    ['Types.ObjectId[]', { decorators: { Prop: ['{ type: [Types.ObjectId] }'] } }, '[ID!]!'],
  ] as const)('%s %j prints as %s', (typeText, options, expected) => {
    expect(printed(typeText, options)).toEqual({ type: expected, warnings: [] });
  });

  it.each([
    ['Buffer', 'Buffer'],
    ['Record<string, unknown>', 'Record<string, unknown>'],
    ['{ lat: number; lng: number } | null', '{ lat: number; lng: number } | null'],
    ['', '(no type written)'],
  ])(
    'a type with no GraphQL equivalent (%s) prints as String and is named in a warning',
    (typeText, named) => {
      const { warnings, type } = printed(typeText);
      expect(type.replace('!', '')).toBe('String');
      expect(warnings).toEqual([
        `Article.field: the type ${named} has no GraphQL equivalent, so it is printed as String`,
      ]);
    },
  );
});
