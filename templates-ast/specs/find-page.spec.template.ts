// src/common/find-page.spec.ts (MongoDB): the query findPage asks of a model, checked without a server.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkgTypes, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';

export function mongoFindPageSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/find-page.spec.ts',
    [
      pkgTypes('mongoose', 'Model'),
      use('findPage', 'findPage'),
      use('listQuery', 'parseListQuery', 'ListSpec'),
    ],
    [
      block(String.raw`
const spec: ListSpec = { fields: ['id', 'title', 'createdAt'], search: ['title', 'content'], filters: {}, expand: [] };

interface Asked {
  filter?: unknown;
  counted?: unknown;
  sort?: Record<string, unknown>;
  skip?: number;
  limit?: number;
}

/** What findPage asks of a model, recorded by a stand-in for it. */
async function ask(query: Record<string, unknown>, listSpec: ListSpec = spec): Promise<Asked> {
  const asked: Asked = {};
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
    exec: () => Promise.resolve([]),
  };
  const model = {
    find(filter: unknown) {
      asked.filter = filter;
      return cursor;
    },
    countDocuments(filter: unknown) {
      asked.counted = filter;
      return { exec: () => Promise.resolve(0) };
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

  it('skips to the page asked for', async () => {
    const asked = await ask({ page: '3', limit: '20' });
    expect([asked.skip, asked.limit]).toEqual([40, 20]);
  });
});
`),
    ],
  );
}
