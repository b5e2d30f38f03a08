// The HTTP contract of a generated project with auth, walked with fetch against a running server.
import { createHmac, randomBytes } from 'node:crypto';
import { expect } from 'vitest';

interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON of the server
}

interface Call {
  token?: string;
  basic?: [string, string];
  json?: unknown;
  form?: Record<string, string>;
  raw?: string;
}

function client(url: string) {
  return async (method: string, path: string, call: Call = {}): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.basic)
      headers.authorization = `Basic ${Buffer.from(call.basic.join(':')).toString('base64')}`;
    let body: string | undefined;
    if (call.json !== undefined || call.raw !== undefined) {
      headers['content-type'] = 'application/json';
      body = call.raw ?? JSON.stringify(call.json);
    } else if (call.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(call.form).toString();
    }
    const response = await fetch(`${url}${path}`, { method, headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  };
}

/** A JWT with `claims`, signed with `secret` by HMAC under `algorithm` (HS256, HS512). */
function signToken(claims: object, secret: string, algorithm: 'HS256' | 'HS512'): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg: algorithm, typ: 'JWT' })}.${encode(claims)}`;
  const hash = algorithm === 'HS256' ? 'sha256' : 'sha512';
  return `${unsigned}.${createHmac(hash, secret).update(unsigned).digest('base64url')}`;
}

/** Sign up, sign in, me, the admin list with every query option, and each refusal. */
export async function walkContract(
  url: string,
  { masterKey, jwtSecret }: { masterKey: string; jwtSecret: string },
  unknownId: string,
  /** Off behind a Prism proxy, which never answers a body that is not JSON (it waits for ever). */
  { malformedJson = true }: { malformedJson?: boolean } = {},
): Promise<void> {
  const http = client(url);
  const run = randomBytes(4).toString('hex');
  const email = (name: string) => `${name}-${run}@example.com`;

  // Health, without credentials; every answer carries a request id.
  const health = await http('GET', '/health');
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  // It takes no parameters: one it does not know is the client's mistake, as its document says.
  const verbose = await http('GET', '/health?verbose=1');
  expect(verbose.status).toBe(400);
  expect(verbose.body.message).toBe('GET /health takes no parameters: verbose');

  // Sign up with the master key: form-encoded and JSON bodies.
  const admin = await http('POST', '/users', {
    form: { access_token: masterKey, email: email('admin'), password: 'secret-one', role: 'admin' },
  });
  expect(admin.status).toBe(201);
  expect(Object.keys(admin.body).sort()).toEqual(['createdAt', 'email', 'id', 'name', 'picture']);
  const ada = await http('POST', `/users?access_token=${masterKey}`, {
    json: { email: `  ${email('Ada').toUpperCase()} `, password: 'secret-one' },
  });
  expect(ada.status).toBe(201);
  expect(ada.body).toMatchObject({ email: email('ada'), name: `ada-${run}` });
  expect(ada.body.picture).toMatch(/^https:\/\/gravatar\.com\/avatar\/[0-9a-f]{32}\?d=identicon$/);
  expect(
    (
      await http('POST', '/users', {
        json: { email: email('bob'), password: 'secret-one', access_token: masterKey },
      })
    ).status,
  ).toBe(201);

  // Sign in with HTTP Basic and the master key.
  const signIn = await http('POST', '/auth', {
    basic: [email('ada'), 'secret-one'],
    form: { access_token: masterKey },
  });
  expect(signIn.status).toBe(201);
  expect(signIn.body.user.id).toBe(ada.body.id);
  const claims = JSON.parse(Buffer.from(signIn.body.token.split('.')[1], 'base64url').toString());
  expect(claims.sub).toBe(ada.body.id);
  expect(claims.exp - claims.iat).toBe(7 * 24 * 3600);
  const userToken: string = signIn.body.token;
  const adminToken: string = (
    await http('POST', `/auth?access_token=${masterKey}`, { basic: [email('admin'), 'secret-one'] })
  ).body.token;

  const me = await http('GET', '/users/me', { token: userToken });
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ id: ada.body.id, email: email('ada') });
  expect(me.body).not.toHaveProperty('password');
  expect(me.body).not.toHaveProperty('role');
  expect((await http('GET', `/users/me?access_token=${userToken}`)).status).toBe(200);
  // Only HS256 tokens: the same claims under the same secret but another algorithm are refused.
  expect(
    (await http('GET', '/users/me', { token: signToken(claims, jwtSecret, 'HS256') })).status,
  ).toBe(200);
  expect(
    (await http('GET', '/users/me', { token: signToken(claims, jwtSecret, 'HS512') })).status,
  ).toBe(401);
  expect((await http('GET', `/users/${ada.body.id}`)).body).toEqual({
    id: ada.body.id,
    name: `ada-${run}`,
    picture: ada.body.picture,
  });

  // The admin list: q, page, limit, fields, sort, X-Total-Count and Link.
  const list = await http('GET', `/users?q=${run}&page=2&limit=1&fields=email,-id&sort=email`, {
    token: adminToken,
  });
  expect(list.status).toBe(200);
  expect(list.headers.get('x-total-count')).toBe('3');
  // `id` stays, even asked away.
  expect(list.body).toEqual([{ id: expect.any(String), email: email('admin') }]);
  const link = list.headers.get('link')!;
  for (const rel of ['first', 'prev', 'next', 'last']) expect(link).toContain(`rel="${rel}"`);
  // Links are relative (issue 10.3: never built from the request's Host).
  expect(link).toMatch(/^<\/users\?/);
  const pageOf = (rel: string) =>
    new URL(new RegExp(`<([^>]+)>; rel="${rel}"`).exec(link)![1]!, url).searchParams.get('page');
  expect([pageOf('first'), pageOf('prev'), pageOf('next'), pageOf('last')]).toEqual([
    '1',
    '1',
    '3',
    '3',
  ]);
  expect(link).not.toContain('access_token');
  // Sorted by e-mail (indexed; a name has no index to sort by), which begins with the name here.
  const sorted = await http('GET', `/users?q=${run}&sort=-email&fields=name`, {
    token: adminToken,
  });
  expect(sorted.body.map(({ name }: { name: string }) => name)).toEqual([
    `bob-${run}`,
    `admin-${run}`,
    `ada-${run}`,
  ]);
  expect(Object.keys(sorted.body[0]).sort()).toEqual(['id', 'name']);
  expect(
    (await http('GET', `/users?q=${encodeURIComponent(`%${run}`)}`, { token: adminToken })).body,
  ).toEqual([]);
  for (const query of ['limit=0', 'limit=101', 'page=0', 'sort=password', 'fields=role']) {
    const refused = await http('GET', `/users?${query}`, { token: adminToken });
    expect(refused.status, query).toBe(400);
    expect(refused.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  }

  // Refusals: 401 without or with bad credentials, 403 without the role, 404, 400, 409, 413.
  expect((await http('GET', '/users', { token: userToken })).status).toBe(403);
  expect((await http('GET', '/users')).status).toBe(401);
  expect((await http('GET', '/users/me', { token: 'not.a.token' })).status).toBe(401);
  expect(
    (await http('POST', '/users', { json: { email: email('x'), password: 'secret-one' } })).status,
  ).toBe(401);
  expect(
    (
      await http('POST', '/auth', {
        basic: [email('ada'), 'wrong!'],
        form: { access_token: masterKey },
      })
    ).status,
  ).toBe(401);
  expect(
    (await http('PUT', `/users/${admin.body.id}`, { token: userToken, json: { name: 'x' } }))
      .status,
  ).toBe(403);
  expect((await http('DELETE', `/users/${ada.body.id}`, { token: userToken })).status).toBe(403);
  expect((await http('GET', `/users/${unknownId}`)).status).toBe(404);
  const malformed = await http('GET', '/users/not-an-id');
  expect(malformed.status).toBe(400);
  expect(malformed.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  const invalid = await http('POST', '/users', {
    json: { access_token: masterKey, email: 'nope', password: '123' },
  });
  expect(invalid.status).toBe(400);
  expect(invalid.body.message).toEqual(
    expect.arrayContaining([
      'email must be an email',
      'password must be at least 8 characters long',
    ]),
  );
  const taken = await http('POST', '/users', {
    json: { access_token: masterKey, email: email('ada'), password: 'secret-one' },
  });
  expect(taken.status).toBe(409);
  if (malformedJson) expect((await http('POST', '/users', { raw: '{"email": ' })).status).toBe(400);
  const huge = await http('POST', '/users', {
    json: { access_token: masterKey, padding: 'x'.repeat(1024 * 1024) },
  });
  expect(huge.status).toBe(413);
  expect(huge.body).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });

  // PATCH keeps what was not sent; an admin deletes.
  const renamed = await http('PATCH', '/users/me', {
    token: userToken,
    json: { name: 'Ada Lovelace' },
  });
  expect(renamed.body).toMatchObject({ name: 'Ada Lovelace', picture: ada.body.picture });
  const password = await http('PUT', `/users/${ada.body.id}/password`, {
    basic: [email('ada'), 'secret-one'],
    json: { password: 'secret-two' },
  });
  expect(password.status).toBe(200);
  expect((await http('DELETE', `/users/${ada.body.id}`, { token: adminToken })).status).toBe(204);
  expect((await http('GET', `/users/${ada.body.id}`)).status).toBe(404);
  expect((await http('GET', '/users/me', { token: userToken })).status).toBe(401);
}

/**
 * The resources `rest api article --fields "title summary?:text tags?:string[]"` and `rest api comment
 * --fields "body article:ref:article"` (public routes), walked as a client would (issue 29): a form
 * body with one tag, `fields=`, PUT that replaces, PATCH that merges, null that clears an optional
 * field and is refused on a required one, and the 409 of deleting a referenced entry.
 */
export async function walkResources(url: string): Promise<void> {
  const http = client(url);
  const created = await http('POST', '/articles', {
    json: { title: 'First', summary: 'Short', tags: ['a', 'b'] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  // A form sends one value of a list as a single field: it is a one-item list.
  const form = await http('POST', '/articles', { form: { title: 'Form', tags: 'one' } });
  expect(form.status, JSON.stringify(form.body)).toBe(201);
  expect(form.body.tags).toEqual(['one']);
  const listed = await http('GET', '/articles?fields=title&sort=-createdAt');
  expect(listed.status).toBe(200);
  expect(Object.keys(listed.body[0]).sort()).toEqual(['id', 'title']);
  expect((await http('GET', `/articles/${id}`)).body).toEqual(created.body);

  // PUT replaces: the required field is needed, and what is left out is cleared.
  expect((await http('PUT', `/articles/${id}`, { json: { summary: 'No title' } })).status).toBe(
    400,
  );
  const replaced = await http('PUT', `/articles/${id}`, { json: { title: 'Second', tags: ['c'] } });
  expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
  expect(replaced.body).toMatchObject({ title: 'Second', summary: null, tags: ['c'] });
  // PATCH changes what is sent; null clears an optional field and is a 400 on a required one.
  const patched = await http('PATCH', `/articles/${id}`, { json: { summary: 'Back' } });
  expect(patched.body).toMatchObject({ title: 'Second', summary: 'Back', tags: ['c'] });
  const cleared = await http('PATCH', `/articles/${id}`, { json: { tags: null } });
  expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
  expect(cleared.body).toMatchObject({ summary: 'Back', tags: null });
  const refused = await http('PATCH', `/articles/${id}`, { json: { title: null } });
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.body.message)).toContain('title');

  const comment = await http('POST', '/comments', { json: { body: 'Nice', article: id } });
  expect(comment.status, JSON.stringify(comment.body)).toBe(201);
  const expanded = await http('GET', '/comments?expand=article');
  expect(expanded.body[0].article).toMatchObject({ id, title: 'Second' });
  // An entry others refer to is not deleted under them.
  const referenced = await http('DELETE', `/articles/${id}`);
  expect(referenced.status).toBe(409);
  expect((await http('DELETE', `/comments/${comment.body.id}`)).status).toBe(204);
  expect((await http('DELETE', `/articles/${id}`)).status).toBe(204);
  expect((await http('GET', `/articles/${id}`)).status).toBe(404);
}
