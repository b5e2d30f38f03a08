// The shared suite: every case through the node listener (HTTP), app.fetch, and app.fetch under srvx (HTTP).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Application } from '../../src/route/index.js';
import { authCases } from './auth-cases.js';
import { allCases } from './cases/index.js';
import {
  appFixture,
  root,
  startServer,
  viaFetch,
  viaHttp,
  type Answer,
  type Started,
} from './gateways.js';

const logged: string[] = [];
const app = new Application({
  prefix: 'controllers',
  cwd: appFixture,
  maxBody: 1024,
  timeouts: { handler: 1000, body: 1000 },
  log: (line) => logged.push(line),
});
let server: Server;
let port: number;
let srvx: Started;

beforeAll(async () => {
  await app.ready();
  server = createServer(app.serverOptions, app.listener).listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  srvx = await startServer(
    process.execPath,
    [
      resolve(root, 'node_modules/srvx/bin/srvx.mjs'),
      'serve',
      '--prod',
      '--entry',
      'server.mjs',
      '--port',
      '0',
      '--host',
      '127.0.0.1',
    ],
    appFixture,
    {
      REST_PREFIX: 'controllers',
      REST_MAX_BODY: '1kb',
      REST_HANDLER_TIMEOUT: '1s',
      REST_BODY_TIMEOUT: '1s',
    },
  );
});

afterAll(async () => {
  server?.close();
  await srvx?.stop();
});

describe.each([...allCases, ...authCases])('$method $path: $name', (testCase) => {
  const answers: Record<string, Answer> = {};

  it('node listener over HTTP', async () => {
    answers.node = await viaHttp(port, testCase);
    expect(answers.node).toEqual({ headers: {}, ...testCase.expect });
  });

  it('fetch handler in process', async () => {
    answers.fetch = await viaFetch(app.fetch, testCase);
    expect(answers.fetch).toEqual({ headers: {}, ...testCase.expect });
  });

  it('fetch handler under srvx over HTTP', async () => {
    answers.srvx = await viaHttp(srvx.port, testCase);
    expect(answers.srvx).toEqual({ headers: {}, ...testCase.expect });
  });

  it('every gateway answers identically', () => {
    expect(answers.fetch).toEqual(answers.node);
    expect(answers.srvx).toEqual(answers.node);
  });
});

describe('logging', () => {
  it('logs the thrown error it hides from the client', () => {
    expect(logged.some((line) => line.includes('database password is hunter2'))).toBe(true);
  });
});

describe('framing', () => {
  it('the node listener sends a JSON answer with its length in bytes, not in chunks', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/responses/created`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Zoë 🎉' }),
    });
    const body = await answer.text();
    expect(body).toBe('{"id":7,"name":"Zoë 🎉"}');
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(answer.headers.get('transfer-encoding')).toBeNull();
  });

  it('a 204 carries no length', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/responses/empty`);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('content-length')).toBeNull();
  });
});
