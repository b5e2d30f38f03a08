// Sends a shared case through a gateway: real HTTP (node listener, srvx) or app.fetch in process.
import { spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import type { Case } from './cases.js';

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
        incoming.on('end', () =>
          resolvePromise({
            status: incoming.statusCode ?? 0,
            headers: pick((name) => incoming.headers[name] as string | undefined),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(bytes);
  });
}

export async function viaFetch(
  fetchHandler: (request: Request) => Promise<Response>,
  testCase: Case,
): Promise<Answer> {
  const { headers, bytes } = await encode(testCase);
  const response = await fetchHandler(
    new Request(`http://localhost${testCase.path}`, {
      method: testCase.method,
      headers,
      body: bytes as BodyInit | undefined,
    }),
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
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address within 20s:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ port: Number(match[1]), output: () => output, stop });
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
