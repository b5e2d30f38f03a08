// Issue 33.3: POST /graphql under attack, in production: introspection, suggestions, alias floods,
// deep nesting, costly queries, batches, token floods, a huge answer, and the client key's role.
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

const query = (target: Target, text: string, token?: string, variables?: unknown) =>
  target.http('POST', '/graphql', { token, json: { query: text, variables } });

export function graphqlAttacks(target: () => Target): void {
  it('refuses introspection in production, and names no field in its errors', async () => {
    for (const text of [
      '{ __schema { types { name } } }',
      '{ __type(name: "User") { fields { name } } }',
    ]) {
      const answer = await query(target(), text);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    // graphql-js suggests close names ("Did you mean 'users'?"), which would spell the schema out.
    const typo = await query(target(), '{ user { id } usrs { id } }');
    expect(typo.status).toBe(400);
    expect(typo.text).not.toMatch(/Did you mean/);
  });

  it('refuses an alias flood before running any of it', async () => {
    // 150 aliases keep under the parser's 2,000 tokens (more is refused as it parses).
    const fields = Array.from(
      { length: 150 },
      (_, index) => `a${index}: articles(limit: 100) { id }`,
    );
    const answer = await query(target(), `{ ${fields.join(' ')} }`);
    expect(answer.status).toBe(400);
    expect(
      answer.body.errors.map((error: { message: string }) => error.message).join(' '),
    ).toContain('GRAPHQL_MAX_ALIASES');
  });

  it('refuses a query that would resolve more fields than GRAPHQL_MAX_COMPLEXITY', async () => {
    // 10 aliases x 100 comments x (comment, article, author, name): 4,000 fields, and their lists.
    const page = 'comments(limit: 100) { id article { id title author { id name } } }';
    const fields = Array.from({ length: 10 }, (_, index) => `c${index}: ${page}`);
    const answer = await query(target(), `{ ${fields.join(' ')} }`);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toContain('GRAPHQL_MAX_COMPLEXITY');
  });

  it('refuses nesting deeper than GRAPHQL_MAX_DEPTH', async () => {
    const server = await target().start({ GRAPHQL_MAX_DEPTH: '2' });
    try {
      const deep = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ comments { article { author { id } } } }' }),
      });
      expect(deep.status).toBe(400);
      expect(await deep.text()).toContain('GRAPHQL_MAX_DEPTH');
      const shallow = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ comments { id } }' }),
      });
      expect(shallow.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('refuses batches, token floods and fragment cycles with a 400', async () => {
    const batch = await target().http('POST', '/graphql', {
      json: Array.from({ length: 100 }, () => ({ query: '{ articles { id } }' })),
    });
    expect(batch.status).toBe(400);
    expect(batch.body.message).toContain('one operation per request');
    const flood = await query(target(), `{ articles { ${'id '.repeat(5000)}} }`);
    expect(flood.status).toBe(400);
    expect(flood.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const cycle = await query(
      target(),
      '{ articles { ...A } } fragment A on Article { author { ...B } } fragment B on User { id ...A }',
    );
    expect(cycle.status).toBe(400);
  });

  it('refuses an answer longer than a REST page may be, however short the query', async () => {
    const author = await target().user();
    const title = `huge-${randomBytes(4).toString('hex')}`;
    for (let i = 0; i < 14; i += 1) {
      const posted = await target().http('POST', '/articles', {
        token: author.token,
        json: { title, content: `${i} ${'a'.repeat(99_990)}`, tags: [] },
      });
      expect(posted.status, posted.text).toBe(201);
    }
    const answer = await query(target(), `{ articles(title: "${title}", limit: 100) { content } }`);
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeLessThan(1000);
    expect(answer.body.errors[0].extensions.code).toBe('RESPONSE_TOO_LARGE');
  });

  it('makes no admin with the client key, and no user without it', async () => {
    const { clientKey } = target();
    const email = `graphql-${randomBytes(4).toString('hex')}@example.com`;
    const signUp = 'mutation ($input: UserInput!) { createUser(input: $input) { id } }';
    const admin = await query(target(), signUp, clientKey, {
      input: { email, password: 'hostile-secret-2', role: 'ADMIN' },
    });
    expect(admin.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const keyless = await query(target(), signUp, undefined, {
      input: { email, password: 'hostile-secret-2' },
    });
    expect(keyless.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
}
