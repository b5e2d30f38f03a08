// src/common/find-page.spec.ts (MongoDB): the query findPage asks of a model, checked without a server.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';
import { SEARCH_TIMEOUT } from '../database/search-bound.template.js';

export function mongoFindPageSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/find-page.spec.ts',
    [
      pkg('@nestjs/common', 'BadRequestException'),
      pkgTypes('mongoose', 'Model'),
      use('findPage', 'findPage'),
      use('listQuery', 'cursorOf', 'parseListQuery', 'ListSpec', 'MAX_COUNT'),
      { from: SEARCH_TIMEOUT, named: ['SearchTimeoutException'] },
    ],
    [
      block(String.raw`
const spec: ListSpec = { fields: ['id', 'title', 'createdAt'], sort: ['id', 'title', 'createdAt'], search: ['title', 'content'], filters: {}, expand: [] };

interface Asked {
  filter?: unknown;
  counted?: unknown;
  /** The options of the count (its limit). */
  counting?: unknown;
  sort?: Record<string, unknown>;
  skip?: number;
  limit?: number;
  /** maxTimeMS of the find and of the count. */
  bounds: number[];
}

/** What findPage asks of a model, recorded by a stand-in for it. */
async function ask(
  query: Record<string, unknown>,
  listSpec: ListSpec = spec,
  answer: () => Promise<unknown[]> = () => Promise.resolve([]),
): Promise<Asked> {
  const asked: Asked = { bounds: [] };
  const cursor = {
    sort(sort: Record<string, unknown>) {
      asked.sort = sort;
      return cursor;
    },
    skip(skip: number) {
      asked.skip = skip;
      return cursor;
    },
    limit(limit: number) {
      asked.limit = limit;
      return cursor;
    },
    maxTimeMS(bound: number) {
      asked.bounds.push(bound);
      return cursor;
    },
    exec: answer,
  };
  const paths: Record<string, string> = { _id: 'ObjectId', title: 'String', createdAt: 'Date' };
  const model = {
    schema: { path: (name: string) => ({ instance: paths[name] }) },
    find(filter: unknown) {
      asked.filter = filter;
      return cursor;
    },
    countDocuments(filter: unknown, options: unknown) {
      asked.counted = filter;
      asked.counting = options;
      const count = {
        maxTimeMS(bound: number) {
          asked.bounds.push(bound);
          return count;
        },
        exec: () => Promise.resolve(0),
      };
      return count;
    },
  };
  await findPage(model as unknown as Model<unknown>, parseListQuery(query, listSpec), listSpec);
  return asked;
}

describe('findPage on MongoDB', () => {
  it('searches q with $text, which the text index answers, and counts with the same filter', async () => {
    const asked = await ask({ q: 'Ada Lovelace' });
    expect(asked.filter).toEqual({ $text: { $search: '"Ada Lovelace"' } });
    expect(asked.counted).toEqual(asked.filter);
  });

  it.each([
    ['say "hi" there', '"say" "hi" "there"'],
    ['"""ada', '"ada"'],
    ['back\\slash\\', '"back\\slash\\"'],
    ['-ada -"lovelace"', '"-ada -" "lovelace"'],
    ['{ "$where": "1" }', '"{" "$where" ":" "1" "}"'],
  ])('sends q %j as the phrases %s, never as operators or negations', async (q: string, search: string) => {
    expect((await ask({ q })).filter).toEqual({ $text: { $search: search } });
  });

  it('filters nothing without q, or when the list searches no field', async () => {
    expect((await ask({})).filter).toEqual({});
    expect((await ask({ q: 'ada' }, { ...spec, search: [] })).filter).toEqual({});
  });

  it('keeps the order asked for while searching, then orders by _id', async () => {
    expect(Object.entries((await ask({ q: 'ada' })).sort ?? {})).toEqual([
      ['createdAt', -1],
      ['_id', 1],
    ]);
    expect(Object.entries((await ask({ q: 'ada', sort: 'title,-id' })).sort ?? {})).toEqual([
      ['title', 1],
      ['_id', -1],
    ]);
  });

  it('puts the best matches first only when the order is left empty', async () => {
    expect(Object.entries((await ask({ q: 'ada', sort: '' })).sort ?? {})).toEqual([
      ['score', { $meta: 'textScore' }],
      ['_id', 1],
    ]);
    expect(Object.entries((await ask({ sort: '' })).sort ?? {})).toEqual([['_id', 1]]);
  });

  it('bounds a search on the server at SEARCH_TIMEOUT_MS (maxTimeMS), the page and the count; a list without q is not bounded', async () => {
    expect((await ask({ q: 'ada' })).bounds).toEqual([100, 100]);
    expect((await ask({})).bounds).toEqual([0, 0]);
  });

  it('bounds a filter on a field no index holds (a scan) as a search; a filter with an index is not bounded', async () => {
    const filtered: ListSpec = { ...spec, filters: { title: { type: 'string', scan: true }, views: { type: 'number' } } };
    expect((await ask({ title: 'Ada' }, filtered)).bounds).toEqual([100, 100]);
    expect((await ask({ 'views.gte': '3' }, filtered)).bounds).toEqual([0, 0]);
  });

  it('answers a search MongoDB stopped at its bound (MaxTimeMSExpired, code 50) with a 503', async () => {
    const stopped = ask({ q: 'ada' }, spec, () => Promise.reject(Object.assign(new Error('operation exceeded time limit'), { code: 50 })));
    await expect(stopped).rejects.toBeInstanceOf(SearchTimeoutException);
    await expect(ask({ q: 'ada' }, spec, () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
  });

  it('counts up to MAX_COUNT + 1 documents, or not at all with count=false', async () => {
    expect((await ask({})).counting).toEqual({ limit: MAX_COUNT + 1 });
    expect((await ask({ count: 'false' })).counted).toBeUndefined();
  });

  it('pages after a cursor by its keys, null first as MongoDB sorts, one more than the page to see what follows', async () => {
    const id = 'a'.repeat(24);
    const after = cursorOf([{ field: 'createdAt', descending: true }], ['2026-01-31T12:00:00.000Z', id]);
    const asked = await ask({ after, limit: '10' });
    expect(asked.filter).toEqual({
      $and: [
        {
          $or: [
            { $and: [{ $or: [{ createdAt: { $lt: '2026-01-31T12:00:00.000Z' } }, { createdAt: null }] }] },
            { $and: [{ createdAt: '2026-01-31T12:00:00.000Z' }, { _id: { $gt: id } }] },
          ],
        },
      ],
    });
    // The count is of the whole list, not of what follows the cursor.
    expect(asked.counted).toEqual({});
    expect([asked.skip, asked.limit]).toEqual([0, 11]);
  });

  it.each([
    [['yesterday', 'a'.repeat(24)]],
    [['2026-01-31T12:00:00.000Z', 'not an id']],
    [['2026-01-31T12:00:00.000Z', { $gt: '' }]],
  ])('refuses a cursor whose keys do not fit their paths (%j) with a 400', async (keys: unknown[]) => {
    const after = cursorOf([{ field: 'createdAt', descending: true }], keys);
    await expect(ask({ after })).rejects.toBeInstanceOf(BadRequestException);
  });

  it('skips to the page asked for', async () => {
    const asked = await ask({ page: '3', limit: '20' });
    expect([asked.skip, asked.limit]).toEqual([40, 20]);
  });
});
`),
    ],
  );
}
