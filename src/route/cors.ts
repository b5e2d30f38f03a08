// CORS: answers preflights from the route table and marks answers readable by the listed origins only.
import { requestHeader, type Incoming } from './dispatch.js';
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

/** The checked CORS settings; `allows` is also the origin check WebSocket upgrades use. */
export interface CorsPolicy {
  allows(origin: string): boolean;
  preflight(incoming: Incoming, table: RouteTable): Outgoing | undefined;
  decorate(incoming: Incoming, outgoing: Outgoing): Outgoing;
}

const serializedOrigin =
  /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?$/;
const headerName = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** Checks the options once; the messages say what to write instead. */
export function corsPolicy(options: CorsOptions): CorsPolicy {
  const origins = (options.origins ?? []).map((origin) => origin.trim().toLowerCase());
  const any = origins.includes('*');
  if (origins.length === 0)
    throw new TypeError('cors.origins is empty: list the origins, such as https://app.example.com');
  if (any && options.credentials)
    throw new TypeError(
      'cors: credentials cannot be allowed for every origin ("*"); list the origins instead',
    );
  for (const origin of origins) {
    if (origin !== '*' && !serializedOrigin.test(origin))
      throw new TypeError(
        `cors: ${JSON.stringify(origin)} is not an origin: write scheme://host[:port], such as https://app.example.com`,
      );
  }
  const listed = new Set(origins);
  const allows = (origin: string) => any || listed.has(origin);
  const common: Record<string, string> = {};
  if (options.credentials) common['access-control-allow-credentials'] = 'true';
  const maxAge = String(options.maxAge ?? 600);
  const expose = options.exposeHeaders?.join(', ');

  /** The headers that let `origin` read an answer; `*` stays `*`, so no origin is ever echoed unlisted. */
  const allowOrigin = (origin: string) => ({
    'access-control-allow-origin': any ? '*' : origin,
    ...common,
  });

  return {
    allows,
    preflight(incoming, table) {
      if (incoming.method !== 'OPTIONS') return undefined;
      const headers = incoming.headers();
      const origin = headers.get('origin');
      const requested = headers.get('access-control-request-method');
      if (origin === null || requested === null) return undefined;
      if (!allows(origin)) throw new HttpError(403, `the origin ${origin} may not call this API`);
      const methods = methodsFor(table, incoming.path);
      if (!methods) throw new HttpError(404, `no route for OPTIONS ${incoming.path}`);
      const answer: Record<string, string> = {
        ...allowOrigin(origin),
        'access-control-allow-methods': methods,
        'access-control-max-age': maxAge,
      };
      const asked = requestedHeaders(headers.get('access-control-request-headers'));
      if (asked) answer['access-control-allow-headers'] = asked;
      return { status: 204, headers: answer, body: null };
    },
    decorate(incoming, outgoing) {
      const origin = requestHeader(incoming, 'origin');
      const added: Record<string, string> = any ? {} : { vary: 'Origin' };
      if (origin !== null && allows(origin)) {
        Object.assign(added, allowOrigin(origin));
        if (expose) added['access-control-expose-headers'] = expose;
      }
      return withHeaders(outgoing, added);
    },
  };
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
  const headers = outgoing.headers;
  for (const [name, value] of Object.entries(added)) {
    headers[name] = name === 'vary' && headers.vary ? `${headers.vary}, ${value}` : value;
  }
  return outgoing;
}
