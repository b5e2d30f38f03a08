// CORS: answers preflights from the route table and marks answers readable by the listed origins only.
import { requestHeader, type Incoming } from './incoming.js';
import { HttpError } from './http-error.js';
import { pathBits } from './path.js';
import type { Outgoing } from './respond.js';
import type { RouteTable } from './route-table.js';
import { resolveRoute } from './router.js';

export interface CorsOptions {
  /** Origins whose pages may read answers (`https://app.example.com`), or `['*']` for any page. */
  origins: string[];
  /** Let pages send cookies and Authorization (`Access-Control-Allow-Credentials`); never with `*`. */
  credentials?: boolean;
  /** How long browsers may cache a preflight answer, in seconds (600 by default). */
  maxAge?: number;
  /** Answer headers pages may read besides the simple ones (`Access-Control-Expose-Headers`). */
  exposeHeaders?: string[];
}

const serializedOrigin =
  /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?$/;
const headerName = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** The checked CORS settings; `allows` is also the origin check of WebSocket upgrades. */
export class CorsPolicy {
  readonly #any: boolean;
  readonly #listed: Set<string>;
  readonly #credentials: boolean;
  readonly #maxAge: string;
  readonly #expose?: string;

  constructor(options: CorsOptions) {
    const origins = checkedOrigins(options);
    this.#any = origins.includes('*');
    this.#listed = new Set(origins);
    this.#credentials = options.credentials ?? false;
    this.#maxAge = String(options.maxAge ?? 600);
    this.#expose = options.exposeHeaders?.join(', ');
  }

  allows(origin: string): boolean {
    return this.#any || this.#listed.has(origin);
  }

  /** The answer to a preflight (OPTIONS with Origin and Access-Control-Request-Method), else undefined. */
  preflight(incoming: Incoming, table: RouteTable): Outgoing | undefined {
    if (incoming.method !== 'OPTIONS') return undefined;
    const headers = incoming.headers();
    const origin = headers.get('origin');
    if (origin === null || !headers.has('access-control-request-method')) return undefined;
    if (!this.allows(origin))
      throw new HttpError(403, `the origin ${origin} may not call this API`);
    const methods = methodsFor(table, incoming.path);
    if (!methods) throw new HttpError(404, `no route for OPTIONS ${incoming.path}`);
    const answer: Record<string, string> = {
      ...this.#allowOrigin(origin),
      'access-control-allow-methods': methods,
      'access-control-max-age': this.#maxAge,
    };
    const asked = requestedHeaders(headers.get('access-control-request-headers'));
    if (asked) answer['access-control-allow-headers'] = asked;
    return { status: 204, headers: answer, body: null };
  }

  /** Every answer varies by Origin; only a listed origin's gets the headers that let its page read it. */
  decorate(incoming: Incoming, outgoing: Outgoing): Outgoing {
    const origin = requestHeader(incoming, 'origin');
    const added: Record<string, string> = this.#any ? {} : { vary: 'Origin' };
    if (origin !== null && this.allows(origin)) {
      Object.assign(added, this.#allowOrigin(origin));
      if (this.#expose) added['access-control-expose-headers'] = this.#expose;
    }
    return withHeaders(outgoing, added);
  }

  /** `*` stays `*`, so no origin is ever echoed unless it is listed. */
  #allowOrigin(origin: string): Record<string, string> {
    const headers = { 'access-control-allow-origin': this.#any ? '*' : origin };
    return this.#credentials ? { ...headers, 'access-control-allow-credentials': 'true' } : headers;
  }
}

/** The origins, lowercased; the messages say what to write instead. */
function checkedOrigins(options: CorsOptions): string[] {
  const origins = (options.origins ?? []).map((origin) => origin.trim().toLowerCase());
  if (origins.length === 0)
    throw new TypeError('cors.origins is empty: list the origins, such as https://app.example.com');
  if (origins.includes('*') && options.credentials)
    throw new TypeError(
      'cors: credentials cannot be allowed for every origin ("*"); list the origins instead',
    );
  const bad = origins.find((origin) => origin !== '*' && !serializedOrigin.test(origin));
  if (bad !== undefined)
    throw new TypeError(
      `cors: ${JSON.stringify(bad)} is not an origin: write scheme://host[:port], such as https://app.example.com`,
    );
  return origins;
}

const methodOrder = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The methods whose handlers take this path's arguments, in the order of `Allow`; undefined when none does. */
function methodsFor(table: RouteTable, path: string): string | undefined {
  const match = resolveRoute(table.root, pathBits(path));
  if (!match) return undefined;
  const fits = [...match.controller.handlers.values()]
    .filter((handler) => handler.rest || match.args.length <= handler.positional.length)
    .map((handler) => handler.method);
  if (fits.length === 0) return undefined;
  if (fits.includes('GET')) fits.push('HEAD');
  const rank = (method: string) =>
    methodOrder.includes(method) ? methodOrder.indexOf(method) : methodOrder.length;
  return [...new Set(fits)].sort((a, b) => rank(a) - rank(b)).join(', ');
}

/** Only the names the browser asked for, and only well-formed ones: never a blanket list. */
function requestedHeaders(list: string | null): string {
  if (!list) return '';
  const names = list.split(',').map((name) => name.trim().toLowerCase());
  return [...new Set(names.filter((name) => headerName.test(name)))].join(', ');
}

function withHeaders(outgoing: Outgoing, added: Record<string, string>): Outgoing {
  if (outgoing.response) {
    // A copy: the headers of a Response from fetch() are immutable.
    const response = new Response(outgoing.response.body, outgoing.response);
    for (const [name, value] of Object.entries(added)) {
      if (name === 'vary') response.headers.append(name, value);
      else response.headers.set(name, value);
    }
    return { ...outgoing, response };
  }
  // A copy: the pipeline shares one frozen header object among its JSON answers.
  const headers = { ...outgoing.headers };
  for (const [name, value] of Object.entries(added)) {
    headers[name] = name === 'vary' && headers.vary ? `${headers.vary}, ${value}` : value;
  }
  return { ...outgoing, headers };
}
