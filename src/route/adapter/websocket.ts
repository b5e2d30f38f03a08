// The node:http upgrade gateway: routes a WebSocket handshake like a GET, checks it, and runs the WEBSOCKET handler.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { authenticate, handlerSchemes } from '../auth.js';
import { bindArguments } from '../bind.js';
import type { Controller, Keywords, RouteRequest } from '../controller.js';
import type { CorsPolicy } from '../cors.js';
import type { Gateway } from '../dispatch.js';
import type { Incoming } from '../incoming.js';
import { HttpError, statusText } from '../http-error.js';
import { noKeywords, parseQuery, pathBits } from '../path.js';
import { clientAddress, type TrustProxy } from '../rate-limit.js';
import { errorOutgoing } from '../respond.js';
import type { ControllerEntry, HandlerEntry, RouteTable } from '../route-table.js';
import { resolveRoute } from '../router.js';
import { RouteSocket } from '../socket.js';

/** A node:http `'upgrade'` listener; `close()` closes every open socket (1001, going away). */
export interface UpgradeListener {
  (request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

/** What the upgrade gateway needs beyond the HTTP one: the largest message, the sockets per client. */
export interface SocketGateway extends Gateway {
  readonly maxMessage: number;
  readonly webSockets: { readonly maxPerClient: number; readonly trustProxy: TrustProxy };
}

interface Accepted {
  controller: ControllerEntry;
  handler: HandlerEntry;
  args: unknown[];
  request: RouteRequest;
  /** The client's address, whose open sockets are counted. */
  client: string;
}

/**
 * A listener for the server's `'upgrade'` event that accepts WebSockets at the paths of WEBSOCKET handlers.
 *
 * @example
 * const server = createServer(app.listener).listen(8000);
 * server.on('upgrade', app.upgrade);
 */
export function toUpgradeListener(gateway: SocketGateway): UpgradeListener {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: gateway.maxMessage });
  /** Open sockets (and accepted handshakes) per client address. */
  const open = new Map<string, number>();
  const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    Promise.resolve(gateway.table())
      .then((table) => accept(gateway, table, request, open))
      .then(
        (accepted) => {
          // Counted from here until the connection closes, so handshakes at once cannot pass the cap.
          open.set(accepted.client, (open.get(accepted.client) ?? 0) + 1);
          socket.once('close', () => {
            const left = (open.get(accepted.client) ?? 1) - 1;
            if (left > 0) open.set(accepted.client, left);
            else open.delete(accepted.client);
          });
          sockets.handleUpgrade(request, socket, head, (ws) => void run(gateway, accepted, ws));
        },
        (error: unknown) => refuse(gateway, socket, error),
      );
  };
  return Object.assign(listener, {
    close: () => {
      for (const ws of sockets.clients) ws.close(1001, 'server shutting down');
    },
  });
}

/** Every check a request would pass, in the same order: rate limit, origin, route, auth, arguments. */
async function accept(
  gateway: SocketGateway,
  table: RouteTable,
  request: IncomingMessage,
  open: ReadonlyMap<string, number>,
): Promise<Accepted> {
  const incoming = upgradeIncoming(request);
  const headers = incoming.headers();
  const { layers } = gateway.options;
  await layers?.limit?.(incoming);
  const { maxPerClient, trustProxy } = gateway.webSockets;
  const client = clientAddress(incoming, trustProxy);
  if ((open.get(client) ?? 0) >= maxPerClient) {
    throw new HttpError(429, `at most ${maxPerClient} open WebSockets per client: close one first`);
  }
  checkOrigin(headers, layers?.cors);
  const match = resolveRoute(table.root, pathBits(incoming.path));
  const handler = match?.controller.socket;
  if (!match || !handler || (match.args.length > handler.positional.length && !handler.rest))
    throw new HttpError(404, `no WebSocket handler at ${incoming.path}`);
  const schemes = handlerSchemes(match.controller.type, handler);
  const identity = schemes ? await authenticate(schemes, headers.get('authorization')) : undefined;
  const query = parseQuery(incoming.search);
  const args = bindArguments(handler, match.args, query);
  const { path } = incoming;
  const routeRequest = {
    method: 'GET',
    path,
    headers,
    // The shared empty keywords are frozen: the handler gets an object of its own.
    query: query === noKeywords ? (Object.create(null) as Keywords) : query,
    body: undefined,
    files: {},
    identity,
  };
  return { controller: match.controller, handler, args, request: routeRequest, client };
}

/** The handshake as the pipeline's Incoming: a GET without a body. */
function upgradeIncoming(request: IncomingMessage): Incoming {
  const url = request.url ?? '/';
  const question = url.indexOf('?');
  const headers = new Headers();
  for (let index = 0; index < request.rawHeaders.length; index += 2)
    headers.append(request.rawHeaders[index], request.rawHeaders[index + 1]);
  return {
    method: 'GET',
    path: question === -1 ? url : url.slice(0, question),
    search: question === -1 ? '' : url.slice(question + 1),
    headers: () => headers,
    body: undefined,
    client: () => request.socket.remoteAddress,
  };
}

/**
 * Browsers send any page's Origin on a WebSocket handshake and apply no CORS to it, so the origin is checked
 * here: against the CORS list when there is one, else it must be the server's own host.
 */
function checkOrigin(headers: Headers, cors: CorsPolicy | undefined): void {
  const origin = headers.get('origin');
  if (origin === null) return; // not a browser
  const sameHost = URL.canParse(origin) && new URL(origin).host === headers.get('host');
  if (cors ? cors.allows(origin) : sameHost) return;
  throw new HttpError(403, `the origin ${origin} may not open a WebSocket here`);
}

/** Runs the handler: values an async generator yields are sent; its end (or a returned promise's) closes. */
async function run(gateway: SocketGateway, accepted: Accepted, ws: WebSocket): Promise<void> {
  ws.on('error', () => ws.terminate()); // a message over maxMessage: ws has already sent 1009
  const idle = gateway.options.timeouts.socketIdle;
  let timer: NodeJS.Timeout | undefined;
  /** Restarts the idle clock: at the start, on each message of the client, on each value sent. */
  const active = () => {
    if (idle === 0) return;
    clearTimeout(timer);
    timer = setTimeout(() => ws.close(1001, `idle for ${idle} ms`), idle);
  };
  ws.on('message', active);
  ws.on('close', () => clearTimeout(timer));
  active();
  const socket = new RouteSocket(ws);
  const instance = new accepted.controller.type() as Controller & Record<string, unknown>;
  Object.assign(instance, { request: accepted.request, socket });
  try {
    const method = instance[accepted.handler.method] as (...args: unknown[]) => unknown;
    const result = method.apply(instance, accepted.args);
    if (isAsyncIterable(result)) {
      for await (const value of result) {
        if (socket.closed) break; // leaving the loop runs the generator's finally blocks
        await socket.send(value);
        active();
      }
    } else await result;
    socket.close(1000);
  } catch (error) {
    gateway.options.log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    socket.close(1011, 'Internal Error');
  }
}

/** The handshake's answer when a check fails: the same JSON error and headers an HTTP request would get. */
function refuse(gateway: SocketGateway, socket: Duplex, error: unknown): void {
  const { status, headers, body } = errorOutgoing(
    error,
    gateway.options.debug,
    gateway.options.log,
  );
  const lines = Object.entries({ ...headers, connection: 'close' }).map(
    ([name, value]) => `${name}: ${value}`,
  );
  socket.end(`HTTP/1.1 ${status} ${statusText(status)}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}
