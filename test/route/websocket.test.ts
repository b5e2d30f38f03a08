// WEBSOCKET handlers with a real `ws` client: under the node listener (with `app.upgrade`) and under `rest route`.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { Application, type ApplicationOptions } from '../../src/route/index.js';
import { appFixture, root, startServer, type Started } from './gateways.js';

const logged: string[] = [];
const servers: Server[] = [];
let port: number;
let corsPort: number;

async function serve(options: Partial<ApplicationOptions> = {}): Promise<number> {
  const app = new Application({
    prefix: 'controllers',
    cwd: appFixture,
    maxMessage: 1024,
    log: (line) => logged.push(line),
    ...options,
  });
  await app.ready();
  const server = createServer(app.listener).listen(0, '127.0.0.1');
  server.on('upgrade', app.upgrade);
  servers.push(server);
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  port = await serve();
  corsPort = await serve({ cors: { origins: ['https://app.example.com'] } });
});

afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

/** A client that keeps every message it receives, as text (binary ones marked). */
function connect(path: string, options: ClientOptions = {}, at = port) {
  const ws = new WebSocket(`ws://127.0.0.1:${at}${path}`, options);
  const received: string[] = [];
  ws.on('message', (data, isBinary) => received.push(isBinary ? `bytes:${data}` : String(data)));
  const message = async (count: number) => {
    while (received.length < count) await once(ws, 'message');
    return received[count - 1];
  };
  const closed = once(ws, 'close').then(([code, reason]) => ({ code, reason: String(reason) }));
  return { ws, opened: once(ws, 'open'), message, closed };
}

/** The handshake's HTTP answer when the server refuses the upgrade. */
function refused(path: string, options: ClientOptions = {}, at = port) {
  const ws = new WebSocket(`ws://127.0.0.1:${at}${path}`, options);
  ws.on('error', () => {});
  return new Promise<{ status: number; headers: Record<string, unknown>; body: unknown }>(
    (resolvePromise, reject) => {
      ws.on('open', () => reject(new Error(`${path} was accepted`)));
      ws.on('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () =>
          resolvePromise({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: JSON.parse(body),
          }),
        );
      });
    },
  );
}

describe('WEBSOCKET handlers', () => {
  it('binds path bits and query keywords, and yields answer messages', async () => {
    const client = connect('/sockets/echo/lobby?name=ada');
    await client.opened;
    expect(await client.message(1)).toBe('ada joined lobby');
    client.ws.send('hello');
    expect(await client.message(2)).toBe('ada@lobby: hello');
    client.ws.send(Buffer.from('raw'), { binary: true });
    expect(await client.message(3)).toBe('bytes:raw');
    client.ws.close();
    expect((await client.closed).code).toBe(1005);
  });

  it('converts arguments to the declared types and sends objects as JSON', async () => {
    const client = connect('/sockets/count/41?step=2');
    await client.opened;
    client.ws.send('next');
    expect(JSON.parse(await client.message(1))).toEqual({ next: 43 });
    client.ws.close();
  });

  it('refuses a handshake whose arguments do not convert, with the 400 a request would get', async () => {
    expect(await refused('/sockets/count/many')).toMatchObject({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request' },
    });
  });

  it('refuses paths without a WEBSOCKET handler with 404', async () => {
    for (const path of ['/foo/bar', '/nothing', '/sockets/echo/a/b/c']) {
      expect(await refused(path)).toMatchObject({
        status: 404,
        body: { message: `no WebSocket handler at ${path}` },
      });
    }
  });

  it('runs the handler’s finally block when the client goes away', async () => {
    const client = connect('/sockets/cleanup/first');
    expect(await client.message(1)).toBe('ready');
    client.ws.terminate();
    let finished: string[] = [];
    while (!finished.includes('first')) {
      await new Promise((resolvePromise) => setTimeout(resolvePromise, 20));
      finished = (await (
        await fetch(`http://127.0.0.1:${port}/sockets/cleanup`)
      ).json()) as string[];
    }
    expect(finished).toContain('first');
  });

  it('closes with 1011 when the handler throws, and logs the error', async () => {
    const client = connect('/sockets/broken');
    expect(await client.message(1)).toBe('about to fail');
    expect(await client.closed).toEqual({ code: 1011, reason: 'Internal Error' });
    expect(logged.some((line) => line.includes('the socket handler broke'))).toBe(true);
  });

  it('closes with 1009 on a message over maxMessage', async () => {
    const client = connect('/sockets/echo/big');
    await client.message(1);
    client.ws.send('x'.repeat(2048));
    expect((await client.closed).code).toBe(1009);
  });
});

describe('WebSocket auth and origins', () => {
  it('a Bearer WEBSOCKET handler refuses the handshake without a token', async () => {
    expect(await refused('/sockets/private')).toMatchObject({
      status: 401,
      headers: { 'www-authenticate': 'Bearer' },
    });
  });

  it('and sees the identity with one', async () => {
    const client = connect('/sockets/private', { headers: { authorization: 'Bearer sesame' } });
    expect(JSON.parse(await client.message(1))).toEqual({ identity: { token: 0 } });
    expect(await client.closed).toEqual({ code: 4000, reason: 'bye' });
  });

  it('without CORS, a page from another origin is refused; the server’s own origin is not', async () => {
    expect(await refused('/sockets/echo/x', { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
      body: { message: 'the origin https://evil.example may not open a WebSocket here' },
    });
    const client = connect('/sockets/echo/x', { origin: `http://127.0.0.1:${port}` });
    expect(await client.message(1)).toBe('guest joined x');
    client.ws.close();
  });

  it('with CORS, only the listed origins may connect', async () => {
    const options = { origin: 'https://app.example.com' };
    const client = connect('/sockets/echo/x', options, corsPort);
    expect(await client.message(1)).toBe('guest joined x');
    client.ws.close();
    const other = { origin: `http://127.0.0.1:${corsPort}` };
    expect(await refused('/sockets/echo/x', other, corsPort)).toMatchObject({ status: 403 });
  });
});

describe('WebSocket rate limiting', () => {
  it('a client over its limit gets the 429 a request would get on the handshake', async () => {
    const limited = await serve({ rateLimit: { limit: 1, windowMs: 3_600_000 } });
    const client = connect('/sockets/echo/x', {}, limited);
    expect(await client.message(1)).toBe('guest joined x');
    client.ws.close();
    expect(await refused('/sockets/echo/x', {}, limited)).toMatchObject({
      status: 429,
      headers: { 'retry-after': expect.stringMatching(/^(3600|359\d)$/) },
    });
  });
});

describe('WebSocket limits (issue 28.5)', () => {
  it('holds at most maxSocketsPerClient open sockets per client: the next handshake is a 429', async () => {
    const capped = await serve({ maxSocketsPerClient: 3 });
    const open = [1, 2, 3].map(() => connect('/sockets/echo/cap', {}, capped));
    await Promise.all(open.map((client) => client.opened));
    expect(await refused('/sockets/echo/cap', {}, capped)).toMatchObject({
      status: 429,
      body: { message: expect.stringMatching(/at most 3 open WebSockets/) },
    });
    // A closed socket frees its place.
    open[0]!.ws.close();
    await open[0]!.closed;
    const next = connect('/sockets/echo/cap', {}, capped);
    await next.opened;
    for (const client of [...open.slice(1), next]) client.ws.close();
  });

  it('closes a socket that stays idle past timeouts.socketIdle (1001)', async () => {
    const idle = await serve({ timeouts: { socketIdle: 300 } });
    const client = connect('/sockets/echo/quiet', {}, idle);
    expect(await client.message(1)).toBe('guest joined quiet');
    const started = performance.now();
    expect(await client.closed).toEqual({ code: 1001, reason: 'idle for 300 ms' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('keeps a socket whose client keeps talking', async () => {
    const idle = await serve({ timeouts: { socketIdle: 300 } });
    const client = connect('/sockets/echo/busy', {}, idle);
    await client.opened;
    for (let turn = 0; turn < 5; turn++) {
      await new Promise((done) => setTimeout(done, 150));
      client.ws.send(`ping ${turn}`);
    }
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });
});

describe('under rest route', () => {
  let server: Started;

  beforeAll(async () => {
    const bin = resolve(root, 'bin/run.js');
    const args = [bin, 'route', '--prefix=controllers', '--host=127.0.0.1:0'];
    server = await startServer(process.execPath, args, appFixture, {});
  });

  afterAll(() => server?.stop());

  it('accepts WebSockets at WEBSOCKET handlers', async () => {
    const client = connect('/sockets/echo/cli?name=bob', {}, server.port);
    expect(await client.message(1)).toBe('bob joined cli');
    client.ws.send('hi');
    expect(await client.message(2)).toBe('bob@cli: hi');
    client.ws.close();
  });

  it('closes open sockets with 1001 when it stops (SIGTERM)', async () => {
    const client = connect('/sockets/echo/last', {}, server.port);
    expect(await client.message(1)).toBe('guest joined last');
    await server.stop();
    expect(await client.closed).toEqual({ code: 1001, reason: 'server shutting down' });
  });
});
