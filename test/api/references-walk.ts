// The HTTP walk of references.test.ts: entries that refer to each other, expand, filters, nested lists,
// the number of SQL statements a page takes, and the delete rules.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Server } from './project.js';

/** A JSON client for the running server. */
export function client(url: string) {
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  };
}

/**
 * The SQL statements the server logged (LOG_LEVEL=trace) while `act` ran: the lines between two
 * marker requests. Log lines are written in order but may arrive late (pino-pretty writes from a
 * worker thread), so a fixed wait could count a statement of the request before, or miss one.
 */
async function statementsDuring(server: Server, act: () => Promise<unknown>): Promise<string[]> {
  const start = await logMark(server);
  await act();
  const end = await logMark(server);
  return server
    .output()
    .slice(start, end)
    .split('\n')
    .filter((line) => line.includes('[SQL]') || sqlRecord(line));
}

/** Where a request for an unknown path, logged after every earlier line, shows in the output. */
async function logMark(server: Server): Promise<number> {
  const marker = `/log-mark-${randomUUID()}`;
  expect((await fetch(`${server.url}${marker}`)).status).toBe(404);
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    const at = server.output().indexOf(marker);
    if (at !== -1) return at;
    await new Promise((wait) => setTimeout(wait, 20));
  }
  throw new Error(`the server logged no line for ${marker} in 15 s`);
}

/** A JSON log line (production) of the SQL logger. */
function sqlRecord(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    return (JSON.parse(line) as { context?: string }).context === 'SQL';
  } catch {
    return false;
  }
}

export type Call = ReturnType<typeof client>;
type Entry = { id: string };

/** The entries the walk made: two categories, two tags, the first article, and an id nobody has. */
export interface Graph {
  news: Entry;
  sport: Entry;
  red: Entry;
  blue: Entry;
  first: Awaited<ReturnType<Call>>;
  unknown: string;
}

/** Articles created and changed with ids, refused with 400 naming the field; then eleven more articles. */
export async function createGraph(call: Call): Promise<Graph> {
  const news = (await call('POST', '/categories', { name: 'News' })).body as { id: string };
  const sport = (await call('POST', '/categories', { name: 'Sport' })).body as { id: string };
  const red = (await call('POST', '/tags', { label: 'red' })).body as { id: string };
  const blue = (await call('POST', '/tags', { label: 'blue' })).body as { id: string };

  // Created with ids, answered with ids.
  const first = await call('POST', '/articles', {
    title: 'First',
    category: news.id,
    tags: [red.id, blue.id],
    views: 5,
  });
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  expect(first.body).toMatchObject({ title: 'First', category: news.id, views: 5 });
  expect([...first.body.tags].sort()).toEqual([red.id, blue.id].sort());

  // A missing entry and a malformed id: 400 naming the field.
  const unknown = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';
  const missing = await call('POST', '/articles', {
    title: 'x',
    category: unknown,
    views: 1,
  });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toBe(`category: no category with id '${unknown}'`);
  const missingTag = await call('POST', '/articles', {
    title: 'x',
    category: news.id,
    tags: [red.id, unknown],
    views: 1,
  });
  expect(missingTag.status).toBe(400);
  expect(missingTag.body.message).toBe(`tags: no tag with id '${unknown}'`);
  const malformed = await call('POST', '/articles', {
    title: 'x',
    category: 'nope',
    views: 1,
  });
  expect(malformed.status).toBe(400);
  expect(malformed.body.message).toEqual(['category must be a UUID']);

  // Update changes a reference and the list.
  const changed = await call('PATCH', `/articles/${first.body.id}`, {
    category: sport.id,
    tags: [blue.id],
  });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ category: sport.id, tags: [blue.id] });
  const badChange = await call('PATCH', `/articles/${first.body.id}`, { category: unknown });
  expect(badChange.status).toBe(400);

  // Eleven more, so that a page of 10 is full: views 10, 20, ... 110, in News, tagged red.
  for (let index = 1; index <= 11; index += 1) {
    const made = await call('POST', '/articles', {
      title: `Article ${index}`,
      category: news.id,
      tags: [red.id],
      views: index * 10,
    });
    expect(made.status).toBe(201);
  }
  return { news, sport, red, blue, first, unknown };
}

/** `expand` on one entry and on a list, then the typed filters and their refusals. */
export async function expandAndFilter(call: Call, { news, sport, red, blue, first }: Graph) {
  // Expand on one entry and on a list.
  const one = await call('GET', `/articles/${first.body.id}?expand=category,tags`);
  expect(one.status).toBe(200);
  expect(one.body.category).toMatchObject({ id: sport.id, name: 'Sport' });
  expect(one.body.tags).toEqual([expect.objectContaining({ id: blue.id, label: 'blue' })]);
  const page = await call('GET', '/articles?expand=category&limit=10');
  expect(page.body).toHaveLength(10);
  for (const item of page.body) expect(item.category).toHaveProperty('name');
  const unknownExpand = await call('GET', '/articles?expand=author');
  expect(unknownExpand.status).toBe(400);
  expect(unknownExpand.body.message).toBe(
    "expand has an unknown reference 'author': use category, tags",
  );

  // Filters: equality on a reference (single and list) and a scalar, ranges and lists on numbers.
  const titles = async (query: string) => {
    const answer = await call('GET', `/articles?limit=100&sort=views&${query}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { title: string }[]).map((item) => item.title);
  };
  expect(await titles(`category=${sport.id}`)).toEqual(['First']);
  expect(await titles(`tags=${blue.id}`)).toEqual(['First']);
  expect(await titles(`tags=${red.id}`)).toHaveLength(11);
  expect(await titles('title=Article%203')).toEqual(['Article 3']);
  expect(await titles('views=20')).toEqual(['Article 2']);
  expect(await titles('views.gte=90&views.lte=100')).toEqual(['Article 9', 'Article 10']);
  expect(await titles('views.in=5,110')).toEqual(['First', 'Article 11']);
  expect(await titles(`category=${news.id}&views.lte=20`)).toEqual(['Article 1', 'Article 2']);
  for (const [query, message] of [
    ['views.gte=many', 'views.gte must be a number'],
    ['category=nope', 'category must be a UUID'],
    ['title.gte=A', 'title.gte: only numbers and dates take .gte; use title='],
    [
      'views.between=1',
      'views.between is not a filter: use views=, views.gte=, views.lte= or views.in=',
    ],
    [
      'createdAt.lte=yesterday',
      'createdAt.lte must be an ISO 8601 date, e.g. 2024-01-31T12:00:00Z',
    ],
  ]) {
    const refused = await call('GET', `/articles?${query}`);
    expect(refused.status, query).toBe(400);
    expect(refused.body.message).toBe(message);
  }
}

/** How many statements a page of articles takes, expanded: the same for 2 or 11 entries. */
export async function pageStatements(server: Server, call: Call): Promise<number> {
  // The statements of a page: the same number for 2 or 11 articles, expanded or not per reference.
  const count = async (query: string) =>
    (await statementsDuring(server, () => call('GET', `/articles?${query}`))).length;
  // Pages no earlier request asked for: sqlite and postgres projects keep a page until the database
  // changes (list-cache.ts), and a kept page costs only the version's statement and the expansions.
  const two = await count('limit=2&expand=category,tags');
  const ten = await count('limit=11&expand=category,tags');
  const plain = await count('limit=9');
  expect(ten).toBe(two);
  // The database's version (sqlite, postgres), the page with its count, and the list's ids; then one
  // query per expanded reference.
  expect(plain).toBeLessThanOrEqual(3);
  expect(ten).toBe(plain + 2);
  const single = await count(`expand=category,tags&limit=1&views=110`);
  expect(single).toBeLessThanOrEqual(ten);
  return ten;
}

/** GET /categories/:id/articles and /tags/:id/articles: filtered, 404 and 400, statements per page. */
export async function nestedLists(
  server: Server,
  call: Call,
  { news, sport, red, blue, unknown }: Graph,
  ten: number,
) {
  // Nested lists: the list restricted to one category (its column) or tag (the join table).
  const nested = async (path: string) => {
    const answer = await call('GET', `${path}?limit=100&sort=views`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { title: string }[]).map((item) => item.title);
  };
  expect(await nested(`/categories/${sport.id}/articles`)).toEqual(['First']);
  expect(await nested(`/tags/${blue.id}/articles`)).toEqual(['First']);
  expect(await nested(`/tags/${red.id}/articles`)).toHaveLength(11);
  expect(await nested(`/categories/${news.id}/articles`)).toHaveLength(11);
  const filtered = await call(
    'GET',
    `/categories/${news.id}/articles?views.lte=20&sort=-views&fields=title&expand=category`,
  );
  expect(filtered.body).toEqual([
    { id: expect.any(String), title: 'Article 2' },
    { id: expect.any(String), title: 'Article 1' },
  ]);
  const nobody = await call('GET', `/categories/${unknown}/articles`);
  expect(nobody.status).toBe(404);
  expect(nobody.body.message).toBe(`there is no category with id '${unknown}'`);
  expect((await call('GET', '/tags/nope/articles')).status).toBe(400);
  // A page of a nested list: the same statements for 2 or 10 entries.
  const nestedPage = (limit: number) =>
    statementsDuring(server, () =>
      call('GET', `/categories/${news.id}/articles?limit=${limit}&expand=category,tags`),
    );
  const [tenEntries, twoEntries] = [await nestedPage(10), await nestedPage(2)];
  expect(tenEntries.length, [...tenEntries, '--- against ---', ...twoEntries].join('\n')).toBe(
    twoEntries.length,
  );
  expect((await nestedPage(10)).length).toBeLessThanOrEqual(ten + 1);
}

/** Deletes follow each reference's rule: restrict (409), a tag leaving the lists, then the category. */
export async function deletesFollowRules(call: Call, { sport, blue, first }: Graph) {
  // Deletes follow the rule: a category that articles refer to stays (restrict, 409 with the reason);
  // a tag leaves the lists that hold it; once nothing refers to it, the category goes.
  const refused = await call('DELETE', `/categories/${sport.id}`);
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe(
    'Other entries refer to this one: delete them, or change what they refer to, first',
  );
  expect((await call('GET', `/categories/${sport.id}`)).status).toBe(200);
  expect((await call('DELETE', `/tags/${blue.id}`)).status).toBe(204);
  expect((await call('GET', `/articles/${first.body.id}`)).body.tags).toEqual([]);
  expect((await call('DELETE', `/articles/${first.body.id}`)).status).toBe(204);
  expect((await call('DELETE', `/categories/${sport.id}`)).status).toBe(204);
}

/**
 * Cursor paging (`after=`, then each answer's next link) gives the entries the pages give, in their
 * order, for sorts with ties and NULLs (`rank` is optional); a cursor no answer made is a 400.
 */
export async function cursorPages(call: Call) {
  // Searched by a word of their own (the project's own tests may have left notes in the table).
  const tag = `note${Date.now().toString(36)}`;
  const ranks = [3, null, 1, 3, null, 2, 1, null, 3];
  for (const [index, rank] of ranks.entries()) {
    const made = await call('POST', '/notes', {
      title: `${tag} ${index % 4}`,
      ...(rank === null ? {} : { rank }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  for (const sort of ['rank', '-rank', 'rank,-title', '-title,rank', '-createdAt', 'title,-id']) {
    const pages = await call('GET', `/notes?q=${tag}&limit=100&sort=${sort}&fields=id`);
    const expected = (pages.body as Entry[]).map((entry) => entry.id);
    expect(expected).toHaveLength(ranks.length);
    for (const limit of [1, 2, 4]) {
      const seen: string[] = [];
      let after = '';
      for (let step = 0; step <= ranks.length; step += 1) {
        const page = await call(
          'GET',
          `/notes?q=${tag}&limit=${limit}&sort=${sort}&after=${after}`,
        );
        expect(page.status, JSON.stringify(page.body)).toBe(200);
        expect(page.headers.get('x-total-count')).toBe(String(ranks.length));
        seen.push(...(page.body as Entry[]).map((entry) => entry.id));
        const next = /<([^>]*)>; rel="next"/.exec(page.headers.get('link') ?? '');
        if (next === null) break;
        after = new URL(next[1], 'http://localhost').searchParams.get('after') ?? '';
      }
      expect(seen, `sort=${sort}&limit=${limit}`).toEqual(expected);
    }
  }
  // Without a search too: the same order and the count left out.
  const plain = await call('GET', '/notes?limit=100&sort=rank&fields=id');
  const unsearched: string[] = [];
  for (let after = '', step = 0; step <= plain.body.length; step += 1) {
    const page = await call('GET', `/notes?limit=3&sort=rank&count=false&after=${after}`);
    expect(page.headers.get('x-total-count')).toBeNull();
    unsearched.push(...(page.body as Entry[]).map((entry) => entry.id));
    const next = /<([^>]*)>; rel="next"/.exec(page.headers.get('link') ?? '');
    if (next === null) break;
    after = new URL(next[1], 'http://localhost').searchParams.get('after') ?? '';
  }
  expect(unsearched).toEqual((plain.body as Entry[]).map((entry) => entry.id));
  const uncounted = await call('GET', '/notes?after=&count=false&limit=2');
  expect(uncounted.status).toBe(200);
  expect(uncounted.headers.get('x-total-count')).toBeNull();
  // Cursors made by hand: a key of the wrong type, a day that does not exist, an id of another form.
  const forged = (keys: unknown[]) => Buffer.from(JSON.stringify(keys)).toString('base64url');
  const [someone] = (await call('GET', '/notes?limit=1')).body as Entry[];
  for (const [sort, keys] of [
    ['rank', ['high', someone.id]],
    ['-createdAt', ['2026-02-30 10:00:00', someone.id]],
    ['-createdAt', [12, someone.id]],
    ['rank', [1, { $gt: '' }]],
  ] as const) {
    const refused = await call('GET', `/notes?sort=${sort}&after=${forged([sort, ...keys])}`);
    expect(refused.status, `${sort} ${JSON.stringify(keys)}`).toBe(400);
    expect(refused.body.message).toMatch(/after is not a cursor of this list/);
  }
  // Only indexed fields sort: an order by another would sort the whole table (issue 30.3).
  const unindexed = await call('GET', '/articles?sort=title');
  expect(unindexed.status).toBe(400);
  expect(unindexed.body.message).toBe(
    "sort has 'title', which has no index to sort by: use id, views, createdAt",
  );
  const otherId = await call('GET', `/notes?sort=rank&after=${forged(['rank', 1, 'nope'])}`);
  expect(otherId.status, JSON.stringify(otherId.body)).toBeLessThan(500);
}
