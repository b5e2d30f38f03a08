// Per-client rate limiting: a token bucket per client address, in memory or in a store of your own (Redis).
import { requestHeader, type Incoming } from './incoming.js';
import { HttpError } from './http-error.js';

export interface RateLimitOptions {
  /** Requests a client may make at once; the bucket's size. */
  limit: number;
  /** Milliseconds in which an empty bucket fills up again (`limit` tokens per `windowMs`). */
  windowMs: number;
  /** Where buckets live; one MemoryRateLimitStore per application by default. */
  store?: RateLimitStore;
}

/**
 * Where buckets live. Several server processes share a limit only through a shared store: a Redis store runs
 * the same arithmetic in a Lua script keyed by client.
 */
export interface RateLimitStore {
  /** Takes a token from the client's bucket: 0 when one was taken, else the milliseconds until one is due. */
  take(client: string, limit: number, windowMs: number): number | Promise<number>;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets in a Map; full buckets are dropped when it grows past `maxClients`, so memory stays bounded. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #buckets = new Map<string, Bucket>();
  readonly #maxClients: number;

  constructor(maxClients = 100_000) {
    this.#maxClients = maxClients;
  }

  take(client: string, limit: number, windowMs: number): number {
    const now = Date.now();
    const perMs = limit / windowMs;
    let bucket = this.#buckets.get(client);
    if (!bucket) {
      if (this.#buckets.size >= this.#maxClients) this.#sweep(now, limit, perMs);
      bucket = { tokens: limit, at: now };
      this.#buckets.set(client, bucket);
    } else {
      bucket.tokens = Math.min(limit, bucket.tokens + (now - bucket.at) * perMs);
      bucket.at = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    // Multiplied before dividing: 1 / (2 / 3600000) is 1800000.0000000002, which would round up a whole second.
    return Math.ceil(((1 - bucket.tokens) * windowMs) / limit);
  }

  /** Drops buckets that have filled up again (they hold nothing a new bucket would not), then the oldest. */
  #sweep(now: number, limit: number, perMs: number): void {
    for (const [client, bucket] of this.#buckets) {
      if (bucket.tokens + (now - bucket.at) * perMs >= limit) this.#buckets.delete(client);
    }
    for (const client of this.#buckets.keys()) {
      if (this.#buckets.size < this.#maxClients) break;
      this.#buckets.delete(client);
    }
  }
}

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `100/60s`, `100/s`, `5/1m`, `1000/1h` -> `{ limit, windowMs }`; a TypeError names the accepted form. */
export function parseRate(text: string): { limit: number; windowMs: number } {
  const match = /^\s*(\d+)\s*\/\s*(\d*)\s*(ms|s|m|h)\s*$/i.exec(text);
  const limit = Number(match?.[1]);
  const windowMs = match ? Number(match[2] || 1) * units[match[3].toLowerCase()] : NaN;
  if (!match || limit < 1 || windowMs < 1) {
    throw new TypeError(
      `${JSON.stringify(text)} is not a rate: write requests/window, such as 100/60s, 10/s or 1000/1h`,
    );
  }
  return { limit, windowMs };
}

/** How many proxies in front of the server append to X-Forwarded-For: `true` is one, `false` none. */
export type TrustProxy = boolean | number;

/**
 * The client's address: the socket's, or with a trusted proxy the X-Forwarded-For entry that proxy wrote.
 * Entries left of it were written by the client and prove nothing, so they are never used.
 */
export function clientAddress(incoming: Incoming, trustProxy: TrustProxy): string {
  const hops = trustProxy === true ? 1 : trustProxy || 0;
  if (hops > 0) {
    const forwarded = requestHeader(incoming, 'x-forwarded-for');
    if (forwarded) {
      const entries = forwarded.split(',').map((entry) => entry.trim());
      const entry = entries[Math.max(0, entries.length - hops)];
      if (entry) return entry;
    }
  }
  return incoming.client?.() ?? 'unknown';
}

/** The limiter as a pipeline step: undefined to go on, or a 429 thrown with Retry-After. */
export function rateLimiter(options: RateLimitOptions, trustProxy: TrustProxy) {
  const { limit, windowMs } = options;
  if (!Number.isSafeInteger(limit) || limit < 1 || !(windowMs > 0)) {
    throw new TypeError(
      `rateLimit needs a whole limit of at least 1 and a windowMs above 0, got ${limit}/${windowMs}`,
    );
  }
  const store = options.store ?? new MemoryRateLimitStore();
  const refuse = (waitMs: number) => {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new HttpError(429, 'too many requests: try again after the Retry-After seconds', {
      'retry-after': String(seconds),
    });
  };
  return (incoming: Incoming): undefined | Promise<undefined> => {
    const wait = store.take(clientAddress(incoming, trustProxy), limit, windowMs);
    if (wait instanceof Promise) return wait.then((ms) => (ms > 0 ? refuse(ms) : undefined));
    return wait > 0 ? refuse(wait) : undefined;
  };
}
