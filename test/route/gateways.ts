// Sends a shared case through a gateway: real HTTP (node listener, srvx) or app.fetch in process.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import type { Case } from './cases/index.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The headers of authentication, CORS and rate limiting. */
const featureHeaders = [
  'www-authenticate',
  'retry-after',
  'vary',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-allow-credentials',
  'access-control-expose-headers',
  'access-control-max-age',
];

/** The headers a client acts on; Date, Connection and framing headers belong to the server, not the app. */
export const headersThatMatter = ['content-type', 'allow', 'x-id', 'x-raw', ...featureHeaders];

/** The request body as bytes with its content type; FormData goes through Response so every gateway gets the same bytes. */
async function encode(
  testCase: Case,
): Promise<{ headers: Record<string, string>; bytes?: Buffer }> {
  const headers = { ...testCase.headers };
  if (testCase.body === undefined) return { headers };
  const encoded = new Response(testCase.body);
  const type = encoded.headers.get('content-type');
  if (typeof testCase.body !== 'string' && type) headers['content-type'] = type;
  return { headers, bytes: Buffer.from(await encoded.arrayBuffer()) };
}

function pick(get: (name: string) => string | undefined): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of headersThatMatter) {
    const value = get(name);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** A real HTTP request with the path sent byte for byte (no URL normalisation on the client side). */
export async function viaHttp(port: number, testCase: Case): Promise<Answer> {
  const sent = withId(testCase);
  if (!sent.abort) return sendHttp(port, sent);
  await abortHttp(port, sent);
  return poll(() => sendHttp(port, followUp(sent)), sent);
}

export async function viaFetch(
  fetchHandler: (request: Request) => Promise<Response>,
  testCase: Case,
): Promise<Answer> {
  const sent = withId(testCase);
  if (!sent.abort) return sendFetch(fetchHandler, sent);
  const response = await fetchHandler(new Request(`http://localhost${sent.path}`));
  const reader = response.body!.getReader();
  await reader.read();
  await reader.cancel();
  return poll(() => sendFetch(fetchHandler, followUp(sent)), sent);
}

/** A body stream that sends its first half and then nothing more, as a stalled client does. */
function halfAndNoMore(bytes: Buffer): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.subarray(0, bytes.length >> 1));
    },
  });
}

function withId(testCase: Case): Case {
  if (!testCase.abort) return testCase;
  const id = randomUUID();
  return {
    ...testCase,
    path: testCase.path.replaceAll('{id}', id),
    abort: { then: testCase.abort.then.replaceAll('{id}', id) },
  };
}

function followUp(testCase: Case): Case {
  return {
    name: testCase.name,
    method: 'GET',
    path: testCase.abort!.then,
    expect: testCase.expect,
  };
}

/** The server learns of the disconnect a moment later: ask again for a few seconds until the answer is expected. */
async function poll(ask: () => Promise<Answer>, testCase: Case): Promise<Answer> {
  let answer = await ask();
  for (let tries = 0; tries < 60 && answer.body !== testCase.expect.body; tries++) {
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 50));
    answer = await ask();
  }
  return answer;
}

/** Reads the first chunk of the answer, then drops the connection. */
function abortHttp(port: number, testCase: Case): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: testCase.method, path: testCase.path, agent: false },
      (incoming) => {
        incoming.once('data', () => {
          outgoing.destroy();
          resolvePromise();
        });
      },
    );
    outgoing.on('error', () => undefined);
    outgoing.once('close', () => resolvePromise());
    outgoing.on('response', (incoming) => incoming.on('error', () => undefined));
    outgoing.end();
    setTimeout(() => reject(new Error('no first chunk within 5s')), 5000).unref();
  });
}

async function sendHttp(port: number, testCase: Case): Promise<Answer> {
  const { headers, bytes } = await encode(testCase);
  if (bytes) headers['content-length'] = String(bytes.length);
  return new Promise((resolvePromise, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: testCase.method,
        path: testCase.path,
        headers,
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          resolvePromise({
            status: incoming.statusCode ?? 0,
            headers: pick((name) => incoming.headers[name] as string | undefined),
            body: Buffer.concat(chunks).toString('utf8'),
          });
          if (testCase.stall) outgoing.destroy();
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (testCase.stall) outgoing.write(bytes!.subarray(0, bytes!.length >> 1));
    else outgoing.end(bytes);
  });
}

async function sendFetch(
  fetchHandler: (request: Request) => Promise<Response>,
  testCase: Case,
): Promise<Answer> {
  const { headers, bytes } = await encode(testCase);
  const response = await fetchHandler(
    new Request(`http://localhost${testCase.path}`, {
      method: testCase.method,
      headers,
      body: testCase.stall ? halfAndNoMore(bytes!) : (bytes as BodyInit | undefined),
      duplex: 'half',
    } as RequestInit),
  );
  return {
    status: response.status,
    headers: pick((name) => response.headers.get(name) ?? undefined),
    body: await response.text(),
  };
}

export interface Started {
  port: number;
  output: () => string;
  stop: () => Promise<void>;
  /** Sends a signal; resolves with the exit code once the process has exited. */
  signal: (name: NodeJS.Signals) => Promise<number | null>;
}

/** Starts a command that prints `http://127.0.0.1:<port>` once listening; resolves with that port. */
export function startServer(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<Started> {
  // srvx stays silent (no address line) when it sees a test runner's environment.
  const { TEST: _test, VITEST: _vitest, NODE_ENV: _nodeEnv, ...inherited } = process.env;
  const child = spawn(command, args, {
    cwd,
    env: { ...inherited, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    return exited;
  };
  const stop = () => signal('SIGTERM').then(() => undefined);
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address within 20s:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ port: Number(match[1]), output: () => output, stop, signal });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening:\n${output}`));
    });
  });
}

export const root = resolve(import.meta.dirname, '../..');
export const appFixture = resolve(import.meta.dirname, 'fixtures/app');
