// restsmith/route as a library: prefix forms, start-up errors, signatures read once, the OpenAPI document.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Application, createApp, openApiDocument, parseByteSize } from '../../src/route/index.js';
import { parseHost } from '../../src/route/serve.js';
import { appFixture } from './gateways.js';

const fixture = (name: string) => resolve(import.meta.dirname, 'fixtures', name);
const get = async (app: Application, path: string) => {
  const response = await app.fetch(new Request(`http://localhost${path}`));
  return { status: response.status, body: await response.text() };
};

describe('prefix', () => {
  it.each(['app.controllers', 'app/controllers', './app/controllers/'])(
    '%s names app/controllers',
    async (prefix) => {
      const app = new Application({ prefix, cwd: fixture('dotted') });
      expect(await get(app, '/')).toEqual({ status: 200, body: '"app.controllers"' });
    },
  );

  it('a prefix that names nothing stops start-up with the places it looked', async () => {
    const app = new Application({ prefix: 'missing', cwd: fixture('dotted') });
    await expect(app.ready()).rejects.toThrow(
      `no module "missing" in ${fixture('dotted')}: expected missing.ts, missing.js, missing.mjs or a folder missing/`,
    );
  });

  it('an empty prefix is refused when the application is made', () => {
    expect(() => new Application({ prefix: ' ' })).toThrow('Application needs a prefix');
  });
});

describe('Default', () => {
  // Issue 28.5: Default answers the paths no class names; it is not a class bit of its own.
  it.each(['/Default', '/default'])(
    '%s is not a way to name the Default class (404)',
    async (path) => {
      const app = new Application({ prefix: 'app/controllers', cwd: fixture('dotted') });
      expect(await get(app, '/')).toEqual({ status: 200, body: '"app.controllers"' });
      expect((await get(app, path)).status).toBe(404);
    },
  );
});

describe('start-up errors', () => {
  it('a class and a module Default answering the same path name both files', async () => {
    const app = new Application({ prefix: 'controllers', cwd: fixture('collision') });
    await expect(app.ready()).rejects.toThrow(
      'route collision: /foo would be answered by class Foo in controllers.ts and by Default in controllers/foo.ts',
    );
  });

  it('one class defined in foo.ts and in foo/index.ts names both files', async () => {
    const app = new Application({ prefix: 'controllers', cwd: fixture('twice') });
    await expect(app.ready()).rejects.toThrow(
      'route collision: class Bar is defined both in controllers/foo.ts and in controllers/foo/index.ts',
    );
  });

  it('a module that throws while loading is named', async () => {
    const app = new Application({ prefix: 'controllers', cwd: fixture('broken') });
    await expect(app.ready()).rejects.toThrow(
      'cannot load controllers.js: cannot reach the billing service',
    );
  });

  it('createApp needs REST_PREFIX', () => {
    const saved = process.env.REST_PREFIX;
    delete process.env.REST_PREFIX;
    try {
      expect(() => createApp()).toThrow('createApp: set REST_PREFIX');
    } finally {
      if (saved !== undefined) process.env.REST_PREFIX = saved;
    }
  });
});

describe('route table', () => {
  it('reads each handler signature once, with declared types', async () => {
    const table = await new Application({ prefix: 'controllers', cwd: appFixture }).ready();
    const search = table.controllers.find((entry) => entry.name === 'Search')!.handlers.get('GET')!;
    expect(search.parameters).toEqual([
      { name: 'term', kind: 'positional', required: true, type: { kind: 'string' } },
      {
        name: 'kwargs',
        kind: 'keywords',
        required: false,
        type: { kind: 'any' },
        properties: [
          { name: 'page', type: { kind: 'number' }, required: false },
          { name: 'limit', type: { kind: 'number' }, required: true },
        ],
      },
    ]);
    const names = table.controllers
      .map((entry) => [...entry.moduleBits, entry.name].join('/'))
      .sort();
    expect(names).not.toContain('_Hidden');
    expect(names.filter((name) => name.startsWith('_'))).toEqual([]);
  });

  it('makes instances without `new` only for classes that need nothing from construction', async () => {
    const table = await new Application({ prefix: 'controllers', cwd: appFixture }).ready();
    const bare = (name: string) => table.controllers.find((entry) => entry.name === name)!;
    expect(bare('Greet').bareInstances).toBe(true);
    for (const name of ['Fields', 'Private', 'Constructed', 'Inherited'])
      expect(bare(name).bareInstances).toBe(false);
  });

  it('prints an OpenAPI 3.1 document with parameters from the signatures', async () => {
    const table = await new Application({ prefix: 'controllers', cwd: appFixture }).ready();
    const document = openApiDocument(table) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: unknown }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/typed/search/{term}'].get.parameters).toEqual([
      { name: 'term', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'page', in: 'query', required: false, schema: { type: 'number' } },
      { name: 'limit', in: 'query', required: true, schema: { type: 'number' } },
    ]);
    expect(Object.keys(document.paths['/foo/bar'])).toEqual(['get', 'post']);
  });
});

describe('method names (the fetch gateway accepts any token; node:http only known methods)', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'method %s reaches no handler: 405',
    async (method) => {
      const app = new Application({ prefix: 'controllers', cwd: appFixture });
      const response = await app.fetch(new Request('http://localhost/foo/bar', { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    },
  );
});

describe('routable methods', () => {
  it('SECRET() on a class is no route through app.fetch either', async () => {
    const app = new Application({ prefix: 'controllers', cwd: appFixture });
    const response = await app.fetch(new Request('http://localhost/methods', { method: 'SECRET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('methods the application lists are routes and appear in Allow', async () => {
    const app = new Application({ prefix: 'controllers', cwd: appFixture, methods: ['PURGE'] });
    const purge = await app.fetch(new Request('http://localhost/methods', { method: 'PURGE' }));
    expect(await purge.json()).toBe('purged');
    const options = await app.fetch(new Request('http://localhost/methods', { method: 'OPTIONS' }));
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS, PURGE');
    const lock = await app.fetch(new Request('http://localhost/methods', { method: 'LOCK' }));
    expect(lock.status).toBe(405);
  });

  it('a method name that is not capital letters is refused', () => {
    expect(() => new Application({ prefix: 'controllers', methods: ['purge'] })).toThrow(
      'methods: "purge" is not a method name; use capital letters, such as "PURGE"',
    );
  });
});

describe('forged errors', () => {
  it('a branded object with status 999 shows its message only when debugging', async () => {
    const app = new Application({
      prefix: 'controllers',
      cwd: appFixture,
      debug: true,
      log: () => {},
    });
    const response = await app.fetch(new Request('http://localhost/responses/forged'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'forged',
    });
  });
});

describe('option parsing', () => {
  it.each([
    ['1048576', 1048576],
    ['512kb', 524288],
    ['2MB', 2097152],
  ])('max body %s is %d bytes', (text, bytes) => expect(parseByteSize(text)).toBe(bytes));

  it('a size in other words is refused', () => {
    expect(() => parseByteSize('lots')).toThrow(
      '"lots" is not a size: use bytes or a number with kb, mb or gb (such as 512kb)',
    );
  });

  it.each([
    ['127.0.0.1:8000', { host: '127.0.0.1', port: 8000 }],
    [':9000', { host: '0.0.0.0', port: 9000 }],
    ['8080', { host: '127.0.0.1', port: 8080 }],
    ['[::1]:8000', { host: '::1', port: 8000 }],
  ])('host %s', (text, expected) => expect(parseHost(text)).toEqual(expected));

  it('a host without a usable port is refused', () => {
    expect(() => parseHost('localhost:99999')).toThrow(
      '"localhost:99999" is not a host:port address',
    );
  });
});
