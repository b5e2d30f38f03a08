// Lifespan and time limits: startup/shutdown hooks once, graceful SIGTERM/SIGINT in `rest route`, header limits.
import { get } from 'node:http';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Application } from '../../src/route/index.js';
import { root, startServer, type Started } from './gateways.js';

const fixture = (name: string) => resolve(import.meta.dirname, 'fixtures', name);
const bin = resolve(root, 'bin/run.js');
const started: Started[] = [];

function serve(...flags: string[]): Promise<Started> {
  const args = [bin, 'route', '--prefix=controllers', '--host=127.0.0.1:0', ...flags];
  return startServer(process.execPath, args, fixture('lifespan'), {}).then((server) => {
    started.push(server);
    return server;
  });
}

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

describe('lifespan hooks', () => {
  it('runs startup once on ready and shutdown once on close', async () => {
    const app = new Application({ prefix: 'controllers', cwd: fixture('lifespan') });
    const calls = async () => (await app.fetch(new Request('http://localhost/calls'))).json();
    await Promise.all([app.ready(), app.ready()]);
    expect(await calls()).toEqual(['startup']);
    await Promise.all([app.close(), app.close()]);
    expect(await calls()).toEqual(['startup', 'shutdown']);
  });

  it('a failing startup stops start-up with its message', async () => {
    const app = new Application({ prefix: 'controllers', cwd: fixture('lifespan-broken') });
    await expect(app.ready()).rejects.toThrow(
      'startup in controllers.ts failed: cannot reach the database',
    );
  });
});

/** Reads a streamed answer's first chunk and then the rest; resolves with the rest once the server ends it. */
async function firstChunkThenRest(url: string) {
  const reader = (await fetch(url)).body!.getReader();
  await reader.read();
  return async () => {
    let rest = '';
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += new TextDecoder().decode(part.value);
    return rest;
  };
}

/** A request on a new connection (fetch would reuse a pooled one). */
function freshConnection(port: number): Promise<number> {
  return new Promise((done, fail) => {
    const request = get({ host: '127.0.0.1', port, path: '/calls', agent: false }, (response) =>
      done(response.statusCode ?? 0),
    );
    request.on('error', fail);
  });
}

describe('rest route shuts down gracefully', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s: in-flight requests finish, streams close, shutdown runs, exit 0',
    async (signal) => {
      const server = await serve();
      const url = `http://127.0.0.1:${server.port}`;
      expect(server.output()).toContain('lifespan: startup ran');
      const slow = fetch(`${url}/slow`).then((response) => response.text());
      const rest = await firstChunkThenRest(`${url}/endless`);
      await new Promise((done) => setTimeout(done, 100));
      const exited = server.signal(signal);
      await expect.poll(server.output).toContain('finishing in-flight requests');
      await expect(freshConnection(server.port)).rejects.toThrow('ECONNREFUSED');
      expect(await slow).toBe('"slow done"');
      expect(await rest()).toMatch(/^(tick\n)*$/);
      expect(await exited).toBe(0);
      const output = server.output();
      expect(output).toContain('lifespan: stream closed');
      expect(output.indexOf('lifespan: shutdown ran')).toBeGreaterThan(
        output.indexOf('lifespan: stream closed'),
      );
      expect(output).toContain('rest route: stopped');
    },
  );

  it('closes requests still running after --shutdown-timeout and exits 0', async () => {
    const server = await serve('--shutdown-timeout=300ms', '--handler-timeout=0');
    const never = fetch(`http://127.0.0.1:${server.port}/never`);
    never.catch(() => undefined);
    await new Promise((done) => setTimeout(done, 100));
    const exited = server.signal('SIGTERM');
    await expect(never).rejects.toThrow();
    expect(await exited).toBe(0);
    expect(server.output()).toContain('lifespan: shutdown ran');
  });
});

describe('rest route time limits', () => {
  it('--handler-timeout answers a handler that never answers with 503', async () => {
    const server = await serve('--handler-timeout=300ms');
    const response = await fetch(`http://127.0.0.1:${server.port}/never`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'the handler did not answer within 300 ms',
    });
  });

  it('--headers-timeout answers headers that never end with 408 and closes', async () => {
    const server = await serve('--headers-timeout=300ms');
    const socket = connect(server.port, '127.0.0.1');
    socket.write('GET /calls HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    await new Promise((done) => socket.once('close', done));
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });
});
