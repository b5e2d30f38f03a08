// The one request pipeline both gateways share: route, parse, bind, call the handler, shape the answer.
import { authenticate, handlerSchemes } from './auth.js';
import { bindArguments } from './bind.js';
import { parseBody, type ParsedBody } from './body.js';
import {
  RouteResponse,
  type Controller,
  type Files,
  type Keywords,
  type RouteRequest,
} from './controller.js';
import { HttpError } from './http-error.js';
import { requestHeader, type Incoming } from './incoming.js';
import { throughLayers, type Layers } from './layers.js';
import { withDeadline, type TimeLimits } from './limits.js';
import { noKeywords, parseQuery, pathBits } from './path.js';
import { errorOutgoing, toOutgoing, type Outgoing } from './respond.js';
import type { ControllerEntry, HandlerEntry, RouteTable } from './route-table.js';
import { resolveRoute } from './router.js';

export interface DispatchOptions {
  maxBody: number;
  debug: boolean;
  log(message: string): void;
  timeouts: TimeLimits;
  /** Rate limiting and CORS, when the application turns them on. */
  layers?: Layers;
}

class IncomingRequest implements RouteRequest {
  #incoming: Incoming;
  #query: Keywords;
  #parsed: ParsedBody | undefined;
  #headers?: Headers;
  #files?: Files;

  constructor(incoming: Incoming, query: Keywords, parsed: ParsedBody | undefined) {
    this.#incoming = incoming;
    this.#query = query;
    this.#parsed = parsed;
  }

  get method(): string {
    return this.#incoming.method;
  }

  get path(): string {
    return this.#incoming.path;
  }

  get headers(): Headers {
    this.#headers ??= this.#incoming.headers();
    return this.#headers;
  }

  /** The shared empty (frozen) keywords are swapped for an object of the handler's own on first use. */
  get query(): Keywords {
    if (this.#query === noKeywords) this.#query = Object.create(null) as Keywords;
    return this.#query;
  }

  get body(): unknown {
    return this.#parsed?.body;
  }

  get files(): Files {
    this.#files ??= this.#parsed?.files ?? (Object.create(null) as Files);
    return this.#files;
  }

  get identity(): unknown {
    return this.#incoming.identity;
  }
}

type Answer = Outgoing | Promise<Outgoing>;

/**
 * Answers a request. Synchronous all the way for a body-less request to a synchronous handler: the node
 * listener then writes its answer without a single promise, which is most of its lead over the fetch path.
 */
export function dispatch(table: RouteTable, options: DispatchOptions, incoming: Incoming): Answer {
  if (options.layers) {
    const next = () => answer(table, options, incoming);
    return throughLayers(options.layers, table, options, incoming, next);
  }
  return answer(table, options, incoming);
}

function answer(table: RouteTable, options: DispatchOptions, incoming: Incoming): Answer {
  try {
    const answer = route(table, options, incoming);
    if (!(answer instanceof Promise)) return answer;
    return answer.catch((error: unknown) => errorOutgoing(error, options.debug, options.log));
  } catch (error) {
    return errorOutgoing(error, options.debug, options.log);
  }
}

function route(table: RouteTable, options: DispatchOptions, incoming: Incoming): Answer {
  const match = resolveRoute(table.root, pathBits(incoming.path));
  if (!match) throw new HttpError(404, `no route for ${incoming.method} ${incoming.path}`);
  const { controller } = match;
  const handler = selectHandler(controller, incoming.method);
  // Without a handler for the method, the path still exists only if some handler takes that many bits.
  checkPathLength(controller, handler ?? controller.widest, match.args.length, incoming);
  if (!handler) {
    if (incoming.method !== 'OPTIONS') {
      const message = `${incoming.method} is not allowed here; allowed: ${controller.allow}`;
      throw new HttpError(405, message, { allow: controller.allow });
    }
    return { status: 204, headers: { allow: controller.allow }, body: null };
  }
  const query = parseQuery(incoming.search);
  const { args } = match;
  const proceed = (): Answer => {
    if (!incoming.body)
      return callHandler(controller, handler, args, incoming, query, undefined, options);
    const { body } = options.timeouts;
    const late = () => new HttpError(408, `the request body did not arrive within ${body} ms`);
    return withDeadline(parseBody(incoming.body, options.maxBody), body, late).then((parsed) =>
      callHandler(controller, handler, args, incoming, query, parsed, options),
    );
  };
  // Credentials are checked before the body is read: a refused client costs no parsing.
  const schemes = handlerSchemes(controller.type, handler);
  if (!schemes) return proceed();
  const proceedAs = (identity: unknown): Answer => {
    incoming.identity = identity;
    return proceed();
  };
  const identity = authenticate(schemes, requestHeader(incoming, 'authorization'));
  return identity instanceof Promise ? identity.then(proceedAs) : proceedAs(identity);
}

function checkPathLength(
  controller: ControllerEntry,
  handler: HandlerEntry | undefined,
  count: number,
  incoming: Incoming,
): void {
  if (!handler || handler.rest || count <= handler.positional.length) return;
  const takes = `${controller.name}.${handler.method} takes ${handler.positional.length} path argument(s)`;
  throw new HttpError(404, `no route for ${incoming.method} ${incoming.path}: ${takes}`);
}

function callHandler(
  controller: ControllerEntry,
  handler: HandlerEntry,
  pathArgs: string[],
  incoming: Incoming,
  query: Keywords,
  parsed: ParsedBody | undefined,
  options: DispatchOptions,
): Answer {
  // A body value wins over a query value of the same name.
  const keywords = parsed
    ? Object.assign(Object.create(null) as Keywords, query, parsed.keywords)
    : query;
  const args = bindArguments(handler, pathArgs, keywords);
  const instance = controller.bareInstances
    ? (Object.create(controller.type.prototype) as Controller)
    : new controller.type();
  const response = new RouteResponse();
  instance.request = new IncomingRequest(incoming, query, parsed);
  instance.response = response;
  const result = handler.fn.apply(instance, args);
  const head = incoming.method === 'HEAD' && handler.method === 'GET';
  if (!(result instanceof Promise)) return toOutgoing(result, response, head);
  const limit = options.timeouts.handler;
  const late = () => new HttpError(503, `the handler did not answer within ${limit} ms`);
  return withDeadline(result, limit, late).then((value) => toOutgoing(value, response, head));
}

/** The handler for the method; HEAD falls back to GET. OPTIONS without a handler is answered by the caller. */
function selectHandler(controller: ControllerEntry, method: string): HandlerEntry | undefined {
  const handler = controller.handlers.get(method);
  if (handler) return handler;
  return method === 'HEAD' ? controller.handlers.get('GET') : undefined;
}

/** What a gateway needs from the application: the route table (built once) and the dispatch options. */
export interface Gateway {
  readonly options: DispatchOptions;
  /** Shutting down: streams end at their next chunk. */
  readonly closing: boolean;
  table(): RouteTable | Promise<RouteTable>;
}
