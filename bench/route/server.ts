// One hello-world JSON server per process, named on the command line; prints its port once listening.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { serve } from 'srvx';
// The built library, as users run it (`npm run build` first): tsx-transpiled sources would add its helpers' cost.
import { Application, type ApplicationOptions } from 'restsmith/route';

const hello = { hello: 'world' };

async function rawNode(): Promise<number> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(hello));
  });
  return listen(server);
}

/** The "features off": no time limits, node:http's own server defaults. */
const noLimits = { headers: 0, body: 0, handler: 0, shutdown: 0 };

async function restRoute(prefix = 'controllers', limits = false): Promise<number> {
  const timeouts = limits ? undefined : noLimits;
  const app = new Application({ prefix, cwd: import.meta.dirname, timeouts });
  await app.ready();
  return listen(
    limits ? createServer(app.serverOptions, app.listener) : createServer(app.listener),
  );
}

/** The node listener with one feature on: the token's check, the CORS headers, a limit no client reaches. */
async function restRouteWith(options: Partial<ApplicationOptions>): Promise<number> {
  const prefix = options.prefix ?? 'controllers';
  const app = new Application({ cwd: import.meta.dirname, ...options, prefix });
  await app.ready();
  return listen(createServer(app.listener));
}

async function srvxFetch(): Promise<number> {
  const app = new Application({ prefix: 'controllers', cwd: import.meta.dirname });
  await app.ready();
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', silent: true });
  await server.ready();
  return Number(new URL(server.url!).port);
}

/** The slice of Express we use (this package carries no @types/express). */
type ExpressApp = ((request: unknown, response: unknown) => void) & {
  get(
    path: string,
    handler: (request: unknown, response: { json(body: unknown): void }) => void,
  ): void;
};

async function expressFive(): Promise<number> {
  // @ts-expect-error: express ships no types and @types/express is not installed
  const { default: express } = (await import('express')) as { default: () => ExpressApp };
  const app = express();
  app.get('/', (_request, response) => {
    response.json(hello);
  });
  return listen(createServer(app));
}

async function fastifyFive(): Promise<number> {
  const app = Fastify();
  app.get('/', async () => hello);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

function listen(server: ReturnType<typeof createServer>): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

const servers: Record<string, () => Promise<number>> = {
  'node:http (raw)': rawNode,
  'rest route (node listener)': () => restRoute(),
  'rest route, async handler, limits off': () => restRoute('async-controllers'),
  'rest route, async handler, limits on': () => restRoute('async-controllers', true),
  'fetch handler under srvx': srvxFetch,
  'express 5': expressFive,
  'fastify 5': fastifyFive,
  'rest route + bearer auth': () => restRouteWith({ prefix: 'secured' }),
  'rest route + CORS': () => restRouteWith({ cors: { origins: ['https://app.example.com'] } }),
  'rest route + rate limit': () =>
    restRouteWith({ rateLimit: { limit: 1_000_000_000, windowMs: 1000 } }),
};

const name = process.argv[2];
const start = servers[name];
if (!start) throw new Error(`unknown server ${name}; one of: ${Object.keys(servers).join(', ')}`);
console.log(`port ${await start()}`);
// Exit cleanly on Ctrl+C so `node --cpu-prof` can write its profile.
process.once('SIGINT', () => process.exit(0));
