// The Controller base class and the request/response objects a handler sees as `this.request`/`this.response`.
import type { RouteSocket } from './socket.js';

/** Marks Controller subclasses across module copies (tsx loads each controller file in its own namespace). */
const controllerBrand = Symbol.for('restsmith.route.Controller');

/** Query and body values by name; a null-prototype object, so no name reaches Object.prototype. */
export type Keywords = Record<string, unknown>;

/** Uploaded multipart files by field name. */
export type Files = Record<string, File | File[]>;

/** What a handler reads from `this.request`. */
export interface RouteRequest {
  readonly method: string;
  /** The path as received, without the query string. */
  readonly path: string;
  readonly headers: Headers;
  readonly query: Keywords;
  /** The parsed body: a JSON value, form fields, multipart fields, or undefined. */
  readonly body: unknown;
  readonly files: Files;
  /** What the route's basicAuth/bearerAuth verify callback returned; undefined on routes without auth. */
  readonly identity?: unknown;
}

/** What a handler may set on `this.response`; headers are created on first use (most handlers never touch them). */
export class RouteResponse {
  status = 200;
  #headers?: Headers;

  get headers(): Headers {
    this.#headers ??= new Headers();
    return this.#headers;
  }

  /** The headers the handler set, if it touched them at all. */
  touchedHeaders(): Headers | undefined {
    return this.#headers;
  }
}

/**
 * Base class of request handlers: methods named after HTTP methods answer requests.
 *
 * @example
 * export class Users extends Controller {
 *   async GET(id: number, { fields }: { fields?: string[] }) {
 *     return { id, fields };
 *   }
 * }
 */
export class Controller {
  static readonly [controllerBrand] = true;
  declare request: RouteRequest;
  declare response: RouteResponse;
  /** The open WebSocket, in a WEBSOCKET handler only. */
  declare socket: RouteSocket;
}

export type ControllerClass = (new () => Controller) & { readonly name: string };

/** True for subclasses of any copy of Controller (not Controller itself). */
export function isControllerClass(value: unknown): value is ControllerClass {
  return (
    typeof value === 'function' &&
    (value as unknown as Record<symbol, unknown>)[controllerBrand] === true &&
    !Object.hasOwn(value, controllerBrand)
  );
}

/** The methods that are routes unless an application lists more (`Application({ methods: ['PURGE'] })`). */
export const standardMethods: readonly string[] = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
];

/**
 * Handler method names: the routable methods defined below Controller in the prototype chain. Other
 * all-capital methods (`PURGE()`, `SECRET()`) are a class's own business, not routes.
 */
export function handlerNames(type: ControllerClass, methods: ReadonlySet<string>): string[] {
  const names = new Set<string>();
  let proto: object | null = type.prototype as object;
  while (proto && !Object.hasOwn(proto.constructor, controllerBrand)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (methods.has(name) && typeof descriptor?.value === 'function') names.add(name);
    }
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return [...names];
}

/** The classes from `type` up to Controller, not including it (or any other copy of it). */
export function classesBelowController(type: ControllerClass): Array<abstract new () => unknown> {
  const classes: Array<abstract new () => unknown> = [];
  for (
    let current = type as unknown as abstract new () => unknown;
    !Object.hasOwn(current, controllerBrand);
    current = Object.getPrototypeOf(current) as abstract new () => unknown
  ) {
    classes.push(current);
  }
  return classes;
}
