// Time limits: their options and defaults, durations such as `30s`, and the deadline put on body reads and handlers.
import { HttpError } from './http-error.js';

/** Time limits in milliseconds; 0 turns one off. */
export interface TimeLimits {
  /** The request line and headers (node:http's `headersTimeout`); node answers 408. */
  headers: number;
  /** Reading the body, from the first byte the handler's parser asks for; 408. */
  body: number;
  /** A handler's answer (a returned promise settling; a stream's first chunk is the handler's own pace); 503. */
  handler: number;
  /** How long `rest route` lets in-flight requests finish after SIGTERM or SIGINT before closing them. */
  shutdown: number;
  /** A WebSocket with no message from the client and none yielded to it for this long is closed (1001). */
  socketIdle: number;
}

/** Slowloris-proof headers, a generous body upload and handler, and a shutdown inside most orchestrators' 30 s. */
export const defaultTimeLimits: TimeLimits = {
  headers: 10_000,
  body: 30_000,
  handler: 30_000,
  shutdown: 10_000,
  socketIdle: 120_000,
};

/** The defaults with the given limits; throws a TypeError naming a limit that is not a whole number of ms. */
export function timeLimits(given: Partial<TimeLimits> = {}): TimeLimits {
  const limits = { ...defaultTimeLimits };
  for (const name of Object.keys(defaultTimeLimits) as Array<keyof TimeLimits>) {
    const value = given[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new TypeError(
        `timeouts.${name} must be a whole number of milliseconds (0 for none), got ${value}`,
      );
    }
    limits[name] = value;
  }
  return limits;
}

/** node:http server options for these limits: `createServer(serverOptions(limits), app.listener)`. */
export function serverOptions(limits: TimeLimits) {
  const { headers, body } = limits;
  return {
    headersTimeout: headers,
    // node's own whole-request limit is a backstop behind ours on the body (ours answers with JSON).
    requestTimeout: headers > 0 && body > 0 ? headers + body : 0,
    // node checks these limits on an interval (30 s by default): check often enough to keep them.
    connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.floor((headers || 1000) / 4))),
  };
}

const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

/** `500ms`, `30s`, `2m`, or a bare number of milliseconds -> milliseconds; `0` is none. */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/i.exec(text);
  if (!match) {
    throw new TypeError(
      `${JSON.stringify(text)} is not a duration: use 500ms, 30s, 2m, or 0 for no limit`,
    );
  }
  return Math.round(Number(match[1]) * units[(match[2] ?? 'ms').toLowerCase()]);
}

/** `work`, or the error from `late()` once `ms` have passed (the work goes on, unanswered). */
export function withDeadline<T>(work: Promise<T>, ms: number, late: () => HttpError): Promise<T> {
  if (ms <= 0) return work;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(late()), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
