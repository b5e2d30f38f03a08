// The HTTP walk of whole-project.test.ts: every route and permission case of its three resources, as three users.
import { expect } from 'vitest';
import { checkOpenApi } from './openapi-checks.js';
import type { Server } from './project.js';

const ISO_8601_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** A small HTTP client for the running server: JSON bodies, a Bearer token when given. */
function client(url: string) {
  return async (method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? JSON.parse(text) : undefined,
    };
  };
}

async function signUp(
  url: string,
  masterKey: string,
  name: string,
  role = 'user',
): Promise<{ id: string; token: string }> {
  const call = client(url);
  const email = `${name}-${Date.now()}@example.com`;
  const created = await call('POST', '/users', {
    body: { access_token: masterKey, email, password: 'secret-one', role },
  });
  expect(created.status).toBe(201);
  const signedIn = await fetch(`${url}/auth`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${email}:secret-one`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ access_token: masterKey }),
  });
  expect(signedIn.status).toBe(201);
  const { token } = (await signedIn.json()) as { token: string };
  return { id: created.body.id, token };
}

/** Every route and permission case of the three resources, over real HTTP. */
export async function walk(server: Server, masterKey: string): Promise<void> {
  const call = client(server.url);
  const ada = await signUp(server.url, masterKey, 'ada');
  const bob = await signUp(server.url, masterKey, 'bob');
  const admin = await signUp(server.url, masterKey, 'admin', 'admin');

  // The specification's example: POST /articles with a user's token in access_token.
  const article = await call('POST', '/articles', {
    body: { title: 'Hello', content: 'World', access_token: ada.token },
  });
  expect(article.status).toBe(201);
  expect(Object.keys(article.body).sort()).toEqual([
    'content',
    'createdAt',
    'id',
    'title',
    'updatedAt',
  ]);
  expect(article.body).toMatchObject({ title: 'Hello', content: 'World' });
  expect(article.body.createdAt).toMatch(ISO_8601_UTC);
  expect(
    (await call('POST', '/articles', { body: { title: 'Hello', content: 'World' } })).status,
  ).toBe(401);

  // The OpenAPI document served in development names the new routes.
  const document = await call('GET', '/docs-json');
  expect(document.status).toBe(200);
  expect(Object.keys(document.body.paths)).toEqual(
    expect.arrayContaining(['/articles', '/notes', '/notes/{id}', '/posts', '/posts/{id}']),
  );
  await checkOpenApi(document.body);

  // A public resource with every method.
  const note = await call('POST', '/notes', { body: { title: 'first note', body: 'text' } });
  expect(note.status).toBe(201);
  const listed = await call('GET', '/notes?q=FIRST&fields=id,title&sort=-createdAt&page=1&limit=5');
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual([{ id: note.body.id, title: 'first note' }]);
  expect(listed.headers.get('x-total-count')).toBe('1');
  // `id` stays whatever `fields` asks (issue 11.10), so every item can still be fetched.
  expect((await call('GET', '/notes?q=FIRST&fields=title,-id')).body).toEqual([
    { id: note.body.id, title: 'first note' },
  ]);
  expect((await call('GET', '/notes?sort=nope')).status).toBe(400);
  expect((await call('GET', '/notes?limit=101')).status).toBe(400);
  expect((await call('GET', `/notes/${note.body.id}`)).body).toEqual(note.body);
  expect((await call('GET', '/notes/not-an-id')).status).toBe(400);
  // PUT replaces the entry, so it takes the whole of it (issue 29.3); PATCH changes what is sent.
  expect((await call('PUT', `/notes/${note.body.id}`, { body: { title: 'renamed' } })).status).toBe(
    400,
  );
  const put = await call('PUT', `/notes/${note.body.id}`, {
    body: { title: 'renamed', body: 'text' },
  });
  expect(put.body).toMatchObject({ title: 'renamed', body: 'text' });
  const patched = await call('PATCH', `/notes/${note.body.id}`, { body: { body: 'new text' } });
  expect(patched.body).toMatchObject({ title: 'renamed', body: 'new text' });
  expect((await call('POST', '/notes', { body: { title: '' } })).status).toBe(400);
  expect((await call('DELETE', `/notes/${note.body.id}`)).status).toBe(204);
  expect((await call('GET', `/notes/${note.body.id}`)).status).toBe(404);

  // An owned resource with mixed access and every field type.
  const fields = {
    title: 'Owned',
    content: 'Long text',
    published: true,
    views: 3,
    tags: ['a', 'b'],
    publishedAt: '2024-05-01T10:00:00.000Z',
  };
  expect((await call('POST', '/posts', { body: fields })).status).toBe(401);
  const post = await call('POST', '/posts', { token: ada.token, body: fields });
  expect(post.status).toBe(201);
  expect(post.body).toMatchObject({
    ...fields,
    author: { id: ada.id, picture: expect.any(String) },
  });
  expect(Object.keys(post.body.author).sort()).toEqual(['id', 'name', 'picture']);
  const path = `/posts/${post.body.id}`;
  expect((await call('GET', '/posts?fields=title,author')).status).toBe(200);
  expect((await call('GET', path)).status).toBe(401);
  expect((await call('GET', path, { token: ada.token })).status).toBe(401);
  expect((await call('GET', path, { token: masterKey })).body).toEqual(post.body);
  expect((await call('PUT', path, { body: fields })).status).toBe(401);
  expect((await call('PUT', path, { token: bob.token, body: fields })).status).toBe(403);
  expect((await call('PATCH', path, { token: bob.token, body: { views: 4 } })).status).toBe(403);
  // null clears an optional field with PATCH; PUT clears what it leaves out.
  expect(
    (await call('PATCH', path, { token: ada.token, body: { views: null } })).body.views,
  ).toBeNull();
  expect((await call('PATCH', path, { token: ada.token, body: { title: null } })).status).toBe(400);
  expect((await call('PUT', path, { token: ada.token, body: fields })).body.views).toBe(3);
  const { views: _left, ...withoutViews } = fields;
  const replaced = await call('PUT', path, { token: ada.token, body: withoutViews });
  expect(replaced.body).toMatchObject({ ...withoutViews, views: null });
  expect((await call('PATCH', path, { token: admin.token, body: { views: 5 } })).body.views).toBe(
    5,
  );
  expect((await call('DELETE', path, { token: ada.token })).status).toBe(403);
  expect((await call('DELETE', path, { token: admin.token })).status).toBe(204);
}
