// CORS and rate limiting through every gateway: the node listener (HTTP), app.fetch, and app.fetch under srvx.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Application,
  MemoryRateLimitStore,
  type ApplicationOptions,
  type RateLimitStore,
} from '../../src/route/index.js';
import { corsCases } from './cors-cases.js';
import { appFixture, root, startServer, viaFetch, viaHttp, type Started } from './gateways.js';
import { rateLimitCases, type RepeatedCase } from './rate-limit-cases.js';

const origins = ['https://app.example.com', 'http://localhost:5173'];
const options: ApplicationOptions = {
  prefix: 'controllers',
  cwd: appFixture,
  cors: { origins },
  rateLimit: { limit: 2, windowMs: 3_600_000 },
  trustProxy: 1,
};
// One application per gateway, so each keeps its own rate-limit buckets, as the srvx process does.
const fetchApp = new Application(options);
const nodeApp = new Application(options);
const servers: Server[] = [];
let nodePort: number;
let srvx: Started;

async function listen(app: Application): Promise<number> {
  await app.ready();
  const server = createServer(app.listener).listen(0, '127.0.0.1');
  servers.push(server);
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  nodePort = await listen(nodeApp);
  await fetchApp.ready();
  const cli = resolve(root, 'node_modules/srvx/bin/srvx.mjs');
  srvx = await startServer(
    process.execPath,
    [cli, 'serve', '--prod', '--entry', 'server.mjs', '--port', '0', '--host', '127.0.0.1'],
    appFixture,
    {
      REST_PREFIX: 'controllers',
      REST_CORS: origins.join(','),
      REST_RATE_LIMIT: '2/1h',
      REST_TRUST_PROXY: '1',
    },
  );
});

afterAll(async () => {
  for (const server of servers) server.close();
  await srvx?.stop();
});

/** Sends the case `repeat` times and answers with the last answer. */
async function repeated<T>(testCase: RepeatedCase, send: () => Promise<T>): Promise<T> {
  for (let sent = 1; sent < (testCase.repeat ?? 1); sent++) await send();
  return send();
}

describe.each<RepeatedCase>([...corsCases, ...rateLimitCases])(
  '$method $path: $name',
  (testCase) => {
    const expected = { headers: {}, ...testCase.expect };

    it('node listener over HTTP', async () => {
      expect(await repeated(testCase, () => viaHttp(nodePort, testCase))).toEqual(expected);
    });

    it('fetch handler in process', async () => {
      expect(await repeated(testCase, () => viaFetch(fetchApp.fetch, testCase))).toEqual(expected);
    });

    it('fetch handler under srvx over HTTP', async () => {
      expect(await repeated(testCase, () => viaHttp(srvx.port, testCase))).toEqual(expected);
    });
  },
);

describe('who the client is', () => {
  it('keys on the socket address: X-Forwarded-For cannot make a new client', async () => {
    const port = await listen(new Application({ ...options, trustProxy: false }));
    const statuses = [];
    for (const forwarded of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      const answer = await viaHttp(port, {
        name: 'spoofed',
        method: 'GET',
        path: '/',
        headers: { 'x-forwarded-for': forwarded },
        expect: { status: 0, body: '' },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('behind two proxies, the entry the outer proxy wrote is the client', async () => {
    const app = new Application({
      ...options,
      rateLimit: { limit: 1, windowMs: 60_000 },
      trustProxy: 2,
    });
    const from = (forwarded: string) =>
      app.fetch(new Request('http://localhost/', { headers: { 'x-forwarded-for': forwarded } }));
    expect((await from('6.6.6.6, 198.51.100.7, 10.0.0.2')).status).toBe(200);
    expect((await from('7.7.7.7, 198.51.100.7, 10.0.0.3')).status).toBe(429);
    expect((await from('6.6.6.6, 198.51.100.8, 10.0.0.2')).status).toBe(200);
  });
});

describe('CORS options', () => {
  const get = (app: Application, headers: Record<string, string>, path = '/responses/raw') =>
    app.fetch(new Request(`http://localhost${path}`, { headers }));

  it('"*" answers any page with "*", never echoing the origin, and adds no Vary', async () => {
    const app = new Application({
      prefix: 'controllers',
      cwd: appFixture,
      cors: { origins: ['*'] },
    });
    const answer = await get(app, { origin: 'https://anyone.example' });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('vary')).toBeNull();
  });

  it('credentials and exposed headers are sent to listed origins', async () => {
    const cors = {
      origins: ['https://app.example.com'],
      credentials: true,
      exposeHeaders: ['x-raw'],
    };
    const app = new Application({ prefix: 'controllers', cwd: appFixture, cors });
    const answer = await get(app, { origin: 'https://app.example.com' });
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('access-control-expose-headers')).toBe('x-raw');
  });

  it.each([
    [{ origins: ['*'], credentials: true }, 'credentials cannot be allowed for every origin'],
    [{ origins: [] }, 'cors.origins is empty'],
    [{ origins: ['https://app.example.com/'] }, 'is not an origin'],
  ])('refuses %j when the application is made', (cors, message) => {
    expect(() => new Application({ prefix: 'controllers', cors })).toThrow(message);
  });
});

describe('rate-limit stores', () => {
  /** A store that answers asynchronously, as a Redis one would; it lets every other request through. */
  class Alternating implements RateLimitStore {
    taken = new Map<string, number>();
    async take(client: string): Promise<number> {
      const count = (this.taken.get(client) ?? 0) + 1;
      this.taken.set(client, count);
      return count % 2 === 0 ? 1500 : 0;
    }
  }

  it('an asynchronous store decides, and its wait becomes Retry-After in whole seconds', async () => {
    const store = new Alternating();
    const rateLimit = { limit: 1, windowMs: 1000, store };
    const app = new Application({ prefix: 'controllers', cwd: appFixture, rateLimit });
    const first = await app.fetch(new Request('http://localhost/'));
    const second = await app.fetch(new Request('http://localhost/'));
    expect([first.status, second.status]).toEqual([200, 429]);
    expect(second.headers.get('retry-after')).toBe('2');
    expect([...store.taken.keys()]).toEqual(['unknown']);
  });

  it('the memory store forgets refilled buckets once it holds maxClients', () => {
    const store = new MemoryRateLimitStore(2);
    expect(store.take('a', 1, 1)).toBe(0);
    expect(store.take('b', 1, 3_600_000)).toBe(0);
    expect(store.take('c', 1, 3_600_000)).toBe(0);
    expect(store.take('b', 1, 3_600_000)).toBeGreaterThan(0);
  });
});
