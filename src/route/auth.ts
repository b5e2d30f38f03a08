// HTTP Basic and Bearer authentication: decorators that mark a controller class or handler, and the check at dispatch.
import { hash, timingSafeEqual } from 'node:crypto';
import { HttpError } from './http-error.js';

/** What a verify callback returns: the identity (any value but undefined, null or false) or a refusal. */
type Verified = unknown;

export interface BasicAuthOptions {
  /** Shown to the user by browsers; sent as `WWW-Authenticate: Basic realm="..."`. */
  realm?: string;
  /** Checks a user name and password; resolves to the identity, or undefined/null/false to refuse. */
  verify?: (username: string, password: string) => Verified | Promise<Verified>;
  /** Fixed accounts `{ name: password }`, compared in constant time; the identity is `{ username }`. */
  users?: Record<string, string>;
}

export interface BearerAuthOptions {
  /** Checks a token; resolves to the identity, or undefined/null/false to refuse. */
  verify?: (token: string) => Verified | Promise<Verified>;
  /** Fixed tokens, compared in constant time; the identity is `{ token: <its index> }`. */
  tokens?: string[];
  /** A hint for API documents, such as `JWT`. */
  format?: string;
}

/** One way to authenticate, as decorators record it and dispatch and the OpenAPI printer read it. */
export interface AuthScheme {
  kind: 'basic' | 'bearer';
  challenge: string;
  format?: string;
  check(credentials: string): Verified | Promise<Verified>;
}

/**
 * Where schemes sit on the class or handler function they were put on (several mean "any of"). A property under
 * a registered symbol, not a module-level map: tsx gives each controller file its own copy of this module.
 */
const schemesKey = Symbol.for('restsmith.route.auth');

type Marked = { [schemesKey]?: AuthScheme[] };

/**
 * Requires HTTP Basic credentials on a class (every handler) or one handler. Works as a standard or legacy
 * decorator, or called on the target in plain JavaScript: `basicAuth(options)(Admin)`.
 *
 * @example
 * @basicAuth({ realm: 'admin', verify: async (name, password) => users.check(name, password) })
 * export class Admin extends Controller {
 *   GET() {
 *     return { hello: this.request.identity };
 *   }
 * }
 */
export function basicAuth(options: BasicAuthOptions): AuthDecorator {
  const verify = options.verify ?? (options.users && fixedUsers(options.users));
  if (!verify) throw new TypeError('basicAuth needs verify(username, password) or users');
  const realm = (options.realm ?? 'restsmith').replace(/["\\]/g, '\\$&');
  return mark({
    kind: 'basic',
    challenge: `Basic realm="${realm}", charset="UTF-8"`,
    check: (credentials) => {
      const pair = decodeBasic(credentials);
      return pair ? verify(pair[0], pair[1]) : undefined;
    },
  });
}

/**
 * Requires a Bearer token on a class or one handler; see basicAuth for the ways to apply it.
 *
 * @example
 * export class Reports extends Controller {
 *   @bearerAuth({ verify: (token) => sessions.find(token) })
 *   DELETE(id: number) {}
 * }
 */
export function bearerAuth(options: BearerAuthOptions): AuthDecorator {
  const verify = options.verify ?? (options.tokens && fixedTokens(options.tokens));
  if (!verify) throw new TypeError('bearerAuth needs verify(token) or tokens');
  return mark({
    kind: 'bearer',
    challenge: 'Bearer',
    format: options.format,
    check: (token) => (token === '' ? undefined : verify(token)),
  });
}

/** A standard decorator `(target, context)`, a legacy one `(prototype, name, descriptor)`, or a plain call. */
export type AuthDecorator = (target: object, context?: unknown, descriptor?: unknown) => void;

function mark(scheme: AuthScheme): AuthDecorator {
  return (target, context, descriptor) => {
    const marked = typeof context === 'string' ? (descriptor as PropertyDescriptor).value : target;
    if (typeof marked !== 'function')
      throw new TypeError('auth decorators go on classes and methods');
    // Decorators apply bottom-up: prepending keeps the schemes (and the challenges) in source order.
    const schemes = [
      scheme,
      ...(Object.hasOwn(marked, schemesKey) ? (marked as Marked)[schemesKey]! : []),
    ];
    Object.defineProperty(marked, schemesKey, { value: schemes, configurable: true });
  };
}

/** A controller class as far as auth looks at it. */
type ClassLike = { prototype: object };

const schemesByHandler = new WeakMap<object, AuthScheme[] | null>();

/** The schemes guarding a route-table handler entry, looked up once per entry (decorators run at class definition). */
export function handlerSchemes(
  type: ClassLike,
  entry: { method: string },
): AuthScheme[] | undefined {
  let schemes = schemesByHandler.get(entry);
  if (schemes === undefined)
    schemesByHandler.set(entry, (schemes = authSchemes(type, entry.method) ?? null));
  return schemes ?? undefined;
}

/** The schemes guarding a handler: its own, else its class's (static lookup also finds an ancestor class's). */
export function authSchemes(type: ClassLike, method: string): AuthScheme[] | undefined {
  const handler = (type.prototype as Record<string, Marked | undefined>)[method];
  return handler?.[schemesKey] ?? (type as Marked)[schemesKey];
}

/**
 * The identity the first matching scheme verifies; 401 with every scheme's challenge otherwise. Synchronous
 * while the verify callbacks are, so a guarded route keeps the node listener's promise-free path.
 */
export function authenticate(schemes: AuthScheme[], authorization: string | null): unknown {
  const [kind, credentials] = splitAuthorization(authorization);
  const candidates = schemes.filter((scheme) => scheme.kind === kind);
  const refuse = () => refusal(schemes, candidates.length > 0);
  return firstIdentity(candidates, credentials, refuse, 0);
}

function firstIdentity(
  schemes: AuthScheme[],
  credentials: string,
  refuse: () => HttpError,
  from: number,
): unknown {
  for (let index = from; index < schemes.length; index++) {
    const identity = schemes[index].check(credentials);
    if (identity instanceof Promise)
      return identity.then((value: unknown) =>
        isIdentity(value) ? value : firstIdentity(schemes, credentials, refuse, index + 1),
      );
    if (isIdentity(identity)) return identity;
  }
  throw refuse();
}

const isIdentity = (value: unknown) => value !== undefined && value !== null && value !== false;

function refusal(schemes: AuthScheme[], checked: boolean): HttpError {
  const challenges = schemes.map((scheme) => scheme.challenge).join(', ');
  const names = [
    ...new Set(schemes.map((scheme) => (scheme.kind === 'basic' ? 'Basic' : 'Bearer'))),
  ];
  const message = checked
    ? 'the credentials were refused'
    : `this route needs ${names.join(' or ')} credentials`;
  return new HttpError(401, message, { 'www-authenticate': challenges });
}

function splitAuthorization(header: string | null): [string, string] {
  const match = header ? /^\s*(\S+)(?:\s+(.*?))?\s*$/.exec(header) : null;
  if (!match) return ['', ''];
  const kind = match[1].toLowerCase();
  return [kind === 'basic' || kind === 'bearer' ? kind : 'other', match[2] ?? ''];
}

/** RFC 7617: base64 of `user:password`, UTF-8; the user name has no colon. */
function decodeBasic(credentials: string): [string, string] | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credentials)) return undefined;
  const text = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  return colon === -1 ? undefined : [text.slice(0, colon), text.slice(colon + 1)];
}

// crypto.hash, one call, is about twice as fast as createHash().update().digest() (bench/route).
const digest = (text: string) => hash('sha256', text, 'buffer');

/**
 * Compares two secrets in time that does not depend on where they differ or on their lengths (both are
 * hashed first), for verify callbacks that check a secret themselves.
 */
export function safeEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The index of the digest that matches, comparing every one (no early exit), or undefined. */
function matchingIndex(given: Buffer, digests: Buffer[]): number | undefined {
  let found: number | undefined;
  digests.forEach((candidate, index) => {
    if (timingSafeEqual(given, candidate)) found = index;
  });
  return found;
}

function fixedUsers(users: Record<string, string>) {
  const names = Object.keys(users);
  const colon = names.find((name) => name.includes(':'));
  if (colon !== undefined)
    throw new TypeError(
      `basicAuth: the user name ${JSON.stringify(colon)} has a colon, which Basic credentials cannot carry`,
    );
  // One digest per account of the pair as JSON, which no other name and password split can produce.
  const pairs = names.map((name) => digest(JSON.stringify([name, users[name]])));
  return (username: string, password: string) => {
    const found = matchingIndex(digest(JSON.stringify([username, password])), pairs);
    return found === undefined ? undefined : { username: names[found] };
  };
}

function fixedTokens(tokens: string[]) {
  const digests = tokens.map(digest);
  return (token: string) => {
    const found = matchingIndex(digest(token), digests);
    return found === undefined ? undefined : { token: found };
  };
}
