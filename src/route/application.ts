// The Application: builds the route table once and exposes the fetch handler and the node:http listener.
import { toNodeListener, type NodeListener } from './adapter/node.js';
import { toUpgradeListener, type UpgradeListener } from './adapter/websocket.js';
import { defaultBodyLimit } from './body.js';
import { standardMethods } from './controller.js';
import type { CorsOptions } from './cors.js';
import type { DispatchOptions, Gateway } from './dispatch.js';
import { handleFetch } from './fetch.js';
import { buildLayers } from './layers.js';
import { runHook, type LifespanHooks } from './lifespan.js';
import { serverOptions, timeLimits, type TimeLimits } from './limits.js';
import type { RateLimitOptions, TrustProxy } from './rate-limit.js';
import { buildRouteTable, type RouteTable } from './route-table.js';

export interface ApplicationOptions {
  /** The prefix module, relative to `cwd`: `controllers`, `app.controllers` or `app/controllers`. */
  prefix: string;
  cwd?: string;
  /** Largest request body in bytes (1 MiB by default); larger bodies get 413. */
  maxBody?: number;
  /** Show the messages of unexpected errors in 500 responses. */
  debug?: boolean;
  /** Where unexpected errors are logged (stderr by default). */
  log?: (message: string) => void;
  /**
   * Methods that are routes besides GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS, such as `['PURGE']`.
   * Other all-capital methods of a class are not routes and do not appear in `Allow`.
   */
  methods?: string[];
  /** Time limits in milliseconds (0 turns one off); see `defaultTimeLimits`. */
  timeouts?: Partial<TimeLimits>;
  /** Off by default: which page origins may call the API from a browser (also checked on WebSocket upgrades). */
  cors?: CorsOptions;
  /** Off by default: a token bucket per client, such as `{ limit: 100, windowMs: 60_000 }`; over it, 429. */
  rateLimit?: RateLimitOptions;
  /** The client is the socket's address unless this says how many proxies append to X-Forwarded-For. */
  trustProxy?: TrustProxy;
  /** Largest WebSocket message in bytes (1 MiB by default); a larger one closes the socket with 1009. */
  maxMessage?: number;
  /** Open WebSockets one client may hold (16 by default); the next handshake is a 429. */
  maxSocketsPerClient?: number;
}

/**
 * A path-routed application over the controllers below `prefix`.
 *
 * @example
 * const app = new Application({ prefix: 'controllers' });
 * const response = await app.fetch(new Request('http://localhost/users/42'));
 */
export class Application implements Gateway {
  readonly prefix: string;
  readonly cwd: string;
  readonly options: DispatchOptions;
  /** The routable method names: the standard seven and the application's own. */
  readonly methods: ReadonlySet<string>;
  readonly maxMessage: number;
  /**
   * The WebSocket cap per client, and how the client is told (not `trustProxy` at the top: fetch servers
   * such as srvx read an exported app's `trustProxy` as their own option).
   */
  readonly webSockets: { readonly maxPerClient: number; readonly trustProxy: TrustProxy };
  #table?: RouteTable;
  #building?: Promise<RouteTable>;
  #listener?: NodeListener;
  #upgrade?: UpgradeListener;
  /** The hooks whose `startup` ran: only these get their `shutdown` run, and a reload keeps them. */
  #started?: LifespanHooks;
  #closed?: Promise<void>;
  #closing = false;

  constructor(options: ApplicationOptions) {
    if (typeof options?.prefix !== 'string' || options.prefix.trim() === '') {
      throw new TypeError(
        'Application needs a prefix: the module that holds the controllers, such as "controllers"',
      );
    }
    const maxBody = options.maxBody ?? defaultBodyLimit;
    if (!Number.isSafeInteger(maxBody) || maxBody < 0) {
      throw new TypeError(`maxBody must be a whole number of bytes, got ${options.maxBody}`);
    }
    this.prefix = options.prefix;
    this.cwd = options.cwd ?? process.cwd();
    this.methods = routableMethods(options.methods);
    this.options = {
      maxBody,
      debug: options.debug ?? false,
      log: options.log ?? ((message) => console.error(message)),
      timeouts: timeLimits(options.timeouts),
      layers: buildLayers(options),
    };
    this.maxMessage = messageLimit(options.maxMessage);
    const maxPerClient = options.maxSocketsPerClient ?? 16;
    if (!Number.isSafeInteger(maxPerClient) || maxPerClient < 1) {
      throw new TypeError(
        `maxSocketsPerClient must be a whole number above 0, got ${options.maxSocketsPerClient}`,
      );
    }
    this.webSockets = { maxPerClient, trustProxy: options.trustProxy ?? false };
  }

  /** Builds the route table and runs the prefix module's `startup` (once); rejects with the reason start-up failed. */
  ready(): Promise<RouteTable> {
    this.#building ??= this.#start();
    return this.#building;
  }

  async #start(): Promise<RouteTable> {
    const table = await buildRouteTable(this.#build());
    await runHook('startup', table.hooks, this.cwd);
    this.#started = table.hooks;
    this.#table = table;
    return table;
  }

  /** True once `close()` was called: streamed answers end at their next chunk, connections are not kept alive. */
  get closing(): boolean {
    return this.#closing;
  }

  /**
   * Ends streamed answers (their generators' `finally` runs), waits for `drained` (a server's in-flight
   * requests, as `rest route` passes), then runs the prefix module's `shutdown` once, if `startup` ran.
   */
  close(drained?: Promise<unknown>): Promise<void> {
    this.#closing = true;
    // Open WebSockets are told the server is going away (1001).
    this.#upgrade?.close();
    this.#closed ??= Promise.resolve(drained)
      .then(() => this.#building?.catch(() => undefined))
      .then(() => this.#started && runHook('shutdown', this.#started, this.cwd));
    return this.#closed;
  }

  #build() {
    return { prefix: this.prefix, cwd: this.cwd, methods: this.methods };
  }

  table(): RouteTable | Promise<RouteTable> {
    return this.#table ?? this.ready();
  }

  /** Rebuilds the route table from fresh imports; the old table keeps answering until the new one is ready. */
  async reload(): Promise<RouteTable> {
    const table = await buildRouteTable({ ...this.#build(), fresh: true });
    this.#table = table;
    this.#building = Promise.resolve(table);
    return table;
  }

  /** The fetch handler, bound, so fetch servers can take it as `app.fetch`. */
  readonly fetch = (request: Request): Promise<Response> => handleFetch(this, request);

  /** Options for node:http's `createServer` that apply the header and body time limits. */
  get serverOptions() {
    return serverOptions(this.options.timeouts);
  }

  /** The node:http `(req, res)` listener. */
  get listener(): NodeListener {
    this.#listener ??= toNodeListener(this);
    return this.#listener;
  }

  /** The node:http `'upgrade'` listener for WEBSOCKET handlers: `server.on('upgrade', app.upgrade)`. */
  get upgrade(): UpgradeListener {
    this.#upgrade ??= toUpgradeListener(this);
    return this.#upgrade;
  }
}

function messageLimit(maxMessage = defaultBodyLimit): number {
  if (!Number.isSafeInteger(maxMessage) || maxMessage < 1) {
    throw new TypeError(`maxMessage must be a whole number of bytes above 0, got ${maxMessage}`);
  }
  return maxMessage;
}

function routableMethods(extra: string[] = []): ReadonlySet<string> {
  for (const method of extra) {
    if (typeof method !== 'string' || !/^[A-Z]+$/.test(method)) {
      throw new TypeError(
        `methods: ${JSON.stringify(method)} is not a method name; use capital letters, such as "PURGE"`,
      );
    }
  }
  return new Set([...standardMethods, ...extra]);
}
