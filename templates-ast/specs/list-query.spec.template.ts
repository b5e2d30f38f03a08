// src/common/list-query.spec.ts: unit tests of list-query parsing and field selection.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';

export function listQuerySpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/list-query.spec.ts',
    [
      pkg('@nestjs/common', 'BadRequestException'),
      use('listQuery', 'cursorOf', 'parseListQuery', 'selectFields', 'ListSpec'),
    ],
    [
      block(`
const spec: ListSpec = {
  fields: ['id', 'name', 'email', 'createdAt'],
  sort: ['id', 'name', 'createdAt'],
  search: ['name', 'email'],
  filters: { name: { type: 'string' }, age: { type: 'number' }, createdAt: { type: 'date' }, team: { type: 'id', column: 'teamId' } },
  expand: ['team'],
};

describe('parseListQuery', () => {
  it('defaults to page 1 of 10, newest first, every field', () => {
    expect(parseListQuery({}, spec)).toEqual({
      q: undefined,
      page: 1,
      limit: 10,
      fields: { include: [], exclude: [] },
      sort: [{ field: 'createdAt', descending: true }],
      filters: [],
      expand: [],
      after: undefined,
      count: true,
    });
  });

  it('reads q, page, limit, fields and sort', () => {
    const query = parseListQuery({ q: 'ada', page: '3', limit: '100', fields: 'name, -email', sort: 'name,-id' }, spec);
    expect(query).toEqual({
      q: 'ada',
      page: 3,
      limit: 100,
      fields: { include: ['name'], exclude: ['email'] },
      sort: [
        { field: 'name', descending: false },
        { field: 'id', descending: true },
      ],
      filters: [],
      expand: [],
      after: undefined,
      count: true,
    });
  });

  it.each([
    [{ limit: '0' }, 'limit must be a whole number from 1 to 100'],
    [{ limit: '101' }, 'limit must be a whole number from 1 to 100'],
    [{ page: '0' }, 'page must be a whole number 1 or more'],
    [{ page: '1.5' }, 'page must be a whole number 1 or more'],
    [{ page: ['1', '2'] }, 'page must be given once, as text'],
    [{ sort: 'password' }, "sort has an unknown field 'password': use id, name, createdAt"],
    // Only indexed fields sort: an order by another reads the whole table.
    [{ sort: '-email' }, "sort has 'email', which has no index to sort by: use id, name, createdAt"],
    [{ fields: 'password' }, "fields has an unknown field 'password': use id, name, email, createdAt"],
    [{ fields: '-role' }, "fields has an unknown field 'role': use id, name, email, createdAt"],
    [{ q: 'ab' }, 'q must be from 3 to 100 characters long'],
    [{ q: 'a'.repeat(101) }, 'q must be from 3 to 100 characters long'],
  ])('refuses %j with a 400 saying what to send', (query: Record<string, unknown>, message: string) => {
    expect(() => parseListQuery(query, spec)).toThrow(new BadRequestException(message));
  });
});

describe('parseListQuery q', () => {
  it('counts Unicode characters, as the search indexes do', () => {
    const hundred = '\u{1F600}é'.repeat(50);
    expect(parseListQuery({ q: hundred }, spec).q).toBe(hundred);
    expect(() => parseListQuery({ q: \`\${hundred}x\` }, spec)).toThrow(BadRequestException);
  });
});

describe('parseListQuery filters and expand', () => {
  it('reads equality, ranges and lists as the types of their fields, beside the access token', () => {
    const query = parseListQuery(
      { name: 'Ada', 'age.gte': '18', 'age.in': '20,30.5', 'createdAt.lte': '2024-01-31T12:00:00Z', access_token: 'x', expand: 'team' },
      spec,
    );
    expect(query.filters).toEqual([
      { field: 'name', operator: 'eq', value: 'Ada' },
      { field: 'age', operator: 'gte', value: 18 },
      { field: 'age', operator: 'in', value: [20, 30.5] },
      { field: 'createdAt', operator: 'lte', value: new Date('2024-01-31T12:00:00Z') },
    ]);
    expect(query.expand).toEqual(['team']);
  });

  it.each([
    [{ 'age.gte': 'ten' }, 'age.gte must be a number'],
    [{ 'createdAt.lte': 'yesterday' }, 'createdAt.lte must be an ISO 8601 date, e.g. 2024-01-31T12:00:00Z'],
    [{ 'name.gte': 'A' }, 'name.gte: only numbers and dates take .gte; use name='],
    [{ 'age.gt': '1' }, 'age.gt is not a filter: use age=, age.gte=, age.lte= or age.in='],
    [{ age: ['1', '2'] }, 'age must be given once, as text'],
    [{ expand: 'owner' }, "expand has an unknown reference 'owner': use team"],
    // A typo of a filter would otherwise answer the whole list as if it were filtered.
    [{ nmae: 'Ada' }, 'nmae is not a parameter of this list: use q, page, limit, after, count, fields, sort, expand, or a filter: name, age, createdAt, team'],
    [{ 'publishd.gte': '1' }, 'publishd.gte is not a parameter of this list: use q, page, limit, after, count, fields, sort, expand, or a filter: name, age, createdAt, team'],
  ])('refuses %j with a 400 naming the parameter', (query: Record<string, unknown>, message: string) => {
    expect(() => parseListQuery(query, spec)).toThrow(new BadRequestException(message));
  });
});

describe('after and count', () => {
  const sort = [{ field: 'name', descending: true }];

  it('reads a cursor made for the same sort, an empty one as the first page, and count', () => {
    const after = cursorOf(sort, ['Ada', '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc']);
    expect(parseListQuery({ sort: '-name', after }, spec).after).toEqual(['Ada', '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc']);
    expect(parseListQuery({ after: '' }, spec).after).toEqual([]);
    expect(parseListQuery({ count: 'false' }, spec).count).toBe(false);
  });

  it.each([
    [{ after: 'not a cursor' }, 'after is not a cursor of this list: copy it from the Link header, or send after= for the first page'],
    [{ after: Buffer.from('{"a":1}').toString('base64url') }, 'after is not a cursor of this list: copy it from the Link header, or send after= for the first page'],
    [{ sort: '-name', after: cursorOf(sort, ['Ada']) }, 'after is not a cursor of this list: copy it from the Link header, or send after= for the first page'],
    [{ sort: 'name', after: cursorOf(sort, ['Ada', '1']) }, 'after was made for sort=-name: send that sort with it, or after= to start again'],
    [{ page: '2', after: '' }, 'after and page cannot be used together: follow the Link header, whose next link carries after'],
    [{ count: 'no' }, 'count must be true or false'],
  ])('refuses %j with a 400 that says what to send', (query: Record<string, unknown>, message: string) => {
    expect(() => parseListQuery(query, spec)).toThrow(new BadRequestException(message));
  });
});

describe('selectFields', () => {
  const user = { id: '1', name: 'Ada', email: 'ada@example.com' };

  it('keeps every field by default', () => {
    expect(selectFields(user, parseListQuery({}, spec))).toEqual(user);
  });

  it('keeps only the fields asked for, less those left out', () => {
    expect(selectFields(user, parseListQuery({ fields: 'id,email' }, spec))).toEqual({ id: '1', email: 'ada@example.com' });
    expect(selectFields(user, parseListQuery({ fields: '-email' }, spec))).toEqual({ id: '1', name: 'Ada' });
  });

  it('always keeps id', () => {
    expect(selectFields(user, parseListQuery({ fields: 'name' }, spec))).toEqual({ id: '1', name: 'Ada' });
    expect(selectFields(user, parseListQuery({ fields: 'email,-id' }, spec))).toEqual({ id: '1', email: 'ada@example.com' });
  });
});
`),
    ],
  );
}
