// `rest new --api-root /api --force-https --envelope` end to end: one sqlite project with a resource added by
// `rest api` (and one with --no-envelope), its own checks, then a production start walked over HTTP.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProject, passed } from './checks.js';
import { rest } from '../api/project.js';
import {
  freePort,
  generate,
  install,
  masterKeyOf,
  run,
  startScript,
  type Server,
} from './project.js';

const LONG = 1_200_000;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/**
 * One request with the headers as given (fetch would not send our Host), as a proxy in front of
 * the server would pass it on; redirects are answers, not followed.
 */
function call(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: object,
): Promise<Answer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const { port } = new URL(url);
  return new Promise((done, fail) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port: Number(port),
        method,
        path,
        headers: {
          ...(text ? { 'content-type': 'application/json' } : {}),
          ...(text ? { 'content-length': String(Buffer.byteLength(text)) } : {}),
          ...headers,
        },
      },
      (response) => {
        let raw = '';
        response.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        response.on('end', () =>
          done({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body:
              raw && /json/.test(response.headers['content-type'] ?? '') ? JSON.parse(raw) : raw,
          }),
        );
      },
    );
    sent.on('error', fail);
    sent.end(text);
  });
}

describe('rest new --database sqlite --api-root /api --force-https --envelope', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await generate('e2e-choices', 'sqlite', {
      apiRoot: '/api',
      forceHttps: true,
      envelope: true,
    });
    passed('npm install', install(dir, `${import.meta.dirname}/../../.tmp/e2e-new/e2e-sqlite`));
    // Resources added afterwards follow restsmith.json: under /api, enveloped unless told otherwise.
    passed(
      'rest api note',
      rest(dir, 'api', 'note', '--fields', 'title:string', '--indexes', 'title', '--yes'),
    );
    passed(
      'rest api tag --no-envelope',
      rest(dir, 'api', 'tag', '--fields', 'label:string', '--no-envelope', '--yes'),
    );
  }, LONG);

  it(
    'passes its own lint, type-check and tests, the added resources among them',
    () => {
      const tests = checkProject(dir);
      expect(tests.output).toContain('test/notes.e2e-spec.ts');
      expect(tests.output).toContain('answers a page of entries with { rows, count } and Link');
      expect(tests.output).toContain('answers a page of entries with X-Total-Count and Link');
      expect(tests.output).not.toMatch(/skipped/);
    },
    LONG,
  );

  it(
    'refuses a production start while TRUST_PROXY is false, naming it',
    async () => {
      passed('npm run build', run('npm', ['run', 'build'], dir));
      const port = await freePort();
      const started = run('timeout', ['60', 'node', 'dist/main.js'], dir, {
        NODE_ENV: 'production',
        TRUST_PROXY: 'false',
        PORT: String(port),
      });
      expect(started.status, started.output).toBe(1);
      expect(started.output).toContain('set TRUST_PROXY to the proxy that ends TLS');
      expect(started.output).not.toMatch(/^\s+at /m);
    },
    LONG,
  );

  describe('over HTTP on npm run prod, behind a proxy on loopback', () => {
    let server: Server;
    let masterKey: string;
    let adminToken: string;
    /** What the proxy that ended TLS passes on. */
    const https = { 'x-forwarded-proto': 'https' };

    beforeAll(async () => {
      masterKey = masterKeyOf(dir);
      server = await startScript(dir, 'prod', { TRUST_PROXY: 'loopback', DOCS: 'true' });
      const admin = { email: 'root@example.com', password: 'admin secret', role: 'admin' };
      const created = await call(server.url, 'POST', '/api/users', https, {
        access_token: masterKey,
        ...admin,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const basic = Buffer.from(`${admin.email}:${admin.password}`).toString('base64');
      const signedIn = await call(
        server.url,
        'POST',
        '/api/auth',
        { ...https, authorization: `Basic ${basic}` },
        { access_token: masterKey },
      );
      expect(signedIn.status).toBe(201);
      adminToken = (signedIn.body as { token: string }).token;
    }, LONG);

    afterAll(async () => {
      await server?.stop();
    });

    it('serves the routes under /api only, /health at the root', async () => {
      expect(server.listening).toMatch(/in production mode$/);
      expect((await call(server.url, 'GET', '/users/me', https)).status).toBe(404);
      expect((await call(server.url, 'GET', '/api/users/me', https)).status).toBe(401);
      expect((await call(server.url, 'GET', '/health', https)).status).toBe(200);
      expect((await call(server.url, 'GET', '/api/health', https)).status).toBe(404);
    });

    it('answers the users list as { rows, count }, without X-Total-Count', async () => {
      const list = await call(server.url, 'GET', '/api/users?limit=1', {
        ...https,
        authorization: `Bearer ${adminToken}`,
      });
      expect(list.status).toBe(200);
      expect(list.body).toEqual({
        rows: [expect.objectContaining({ email: 'root@example.com' })],
        count: 1,
      });
      expect(list.headers['x-total-count']).toBeUndefined();
      expect(list.headers.link).toMatch(/^<\/api\/users\?/);
    });

    it('serves the resource rest api added under /api, enveloped, and the --no-envelope one as an array', async () => {
      for (const title of ['first', 'second', 'third']) {
        const created = await call(server.url, 'POST', '/api/notes', https, { title });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
      }
      const notes = await call(server.url, 'GET', '/api/notes?limit=2&sort=title', https);
      expect(notes.status).toBe(200);
      expect(notes.body).toEqual({
        rows: [
          expect.objectContaining({ title: 'first' }),
          expect.objectContaining({ title: 'second' }),
        ],
        count: 3,
      });
      expect(notes.headers['x-total-count']).toBeUndefined();
      expect((await call(server.url, 'GET', '/notes', https)).status).toBe(404);

      expect((await call(server.url, 'POST', '/api/tags', https, { label: 'a' })).status).toBe(201);
      const tags = await call(server.url, 'GET', '/api/tags', https);
      expect(tags.body).toEqual([expect.objectContaining({ label: 'a' })]);
      expect(tags.headers['x-total-count']).toBe('1');
    });

    it('redirects plain HTTP to https, same host and path: 301 for GET, 308 for POST; /health is not', async () => {
      const plain = { 'x-forwarded-proto': 'http', host: 'api.example.com' };
      const get = await call(server.url, 'GET', '/api/notes?limit=1', plain);
      expect(get.status).toBe(301);
      expect(get.headers.location).toBe('https://api.example.com/api/notes?limit=1');
      const post = await call(server.url, 'POST', '/api/notes', plain, { title: 'plain' });
      expect(post.status).toBe(308);
      expect(post.headers.location).toBe('https://api.example.com/api/notes');
      // A direct request names no protocol: it is plain HTTP too.
      expect(
        (await call(server.url, 'GET', '/api/notes', { host: 'api.example.com' })).status,
      ).toBe(301);
      expect((await call(server.url, 'GET', '/health', plain)).status).toBe(200);
      const secure = await call(server.url, 'GET', '/api/notes?limit=1', {
        'x-forwarded-proto': 'https',
        host: 'api.example.com',
      });
      expect(secure.status).toBe(200);
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=/);
    });

    it('documents the /api paths and the { rows, count } lists in OpenAPI; /health stays at the root', async () => {
      const document = await call(server.url, 'GET', '/docs-json', https);
      expect(document.status).toBe(200);
      const paths = (document.body as { paths: Record<string, Record<string, unknown>> }).paths;
      expect(Object.keys(paths)).toEqual(
        expect.arrayContaining(['/health', '/api/users', '/api/notes', '/api/tags']),
      );
      expect(Object.keys(paths).filter((path) => !path.startsWith('/api/'))).toEqual(['/health']);
      const listOf = (path: string) =>
        (
          paths[path]!.get as {
            responses: { 200: { content: { 'application/json': { schema: unknown } } } };
          }
        ).responses[200].content['application/json'].schema;
      expect(listOf('/api/notes')).toMatchObject({
        type: 'object',
        // count is left out with count=false.
        required: ['rows'],
        properties: {
          rows: { type: 'array', items: { $ref: '#/components/schemas/NoteViewPartial' } },
          count: { type: 'integer', minimum: 0 },
        },
      });
      expect(listOf('/api/tags')).toMatchObject({
        type: 'array',
        items: { $ref: '#/components/schemas/TagViewPartial' },
      });
    });
  });
});
