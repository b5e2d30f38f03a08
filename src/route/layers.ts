// The optional steps around the pipeline (rate limiting, CORS): built once from the options, skipped when off.
import { CorsPolicy, type CorsOptions } from './cors.js';
import { rateLimiter, type RateLimitOptions, type TrustProxy } from './rate-limit.js';
import type { Incoming } from './incoming.js';
import { errorOutgoing, type Outgoing } from './respond.js';
import type { RouteTable } from './route-table.js';

type Answer = Outgoing | Promise<Outgoing>;

/** What the layers read of dispatch's options: how an error they catch is answered and logged. */
interface ErrorReporting {
  debug: boolean;
  log(message: string): void;
}

/** What dispatch runs around a request when any feature is on. */
export interface Layers {
  cors?: CorsPolicy;
  limit?: (incoming: Incoming) => undefined | Promise<undefined>;
}

export interface LayerOptions {
  cors?: CorsOptions;
  rateLimit?: RateLimitOptions;
  trustProxy?: TrustProxy;
}

/** Undefined when every feature is off, so the plain pipeline pays nothing for them. */
export function buildLayers(options: LayerOptions): Layers | undefined {
  if (!options.cors && !options.rateLimit) return undefined;
  return {
    cors: options.cors ? new CorsPolicy(options.cors) : undefined,
    limit: options.rateLimit
      ? rateLimiter(options.rateLimit, options.trustProxy ?? false)
      : undefined,
  };
}

/**
 * Rate limit first (a refused client costs no routing), then a CORS preflight, then the pipeline; every
 * answer, errors included, gets the CORS headers, so pages can read a 401 or a 429 too.
 */
export function throughLayers(
  layers: Layers,
  table: RouteTable,
  options: ErrorReporting,
  incoming: Incoming,
  next: () => Answer,
): Answer {
  // Bound: the node gateway's Incoming is a class whose headers() reads a private field.
  const readHeaders = incoming.headers.bind(incoming);
  let headers: Headers | undefined;
  // Built once, when a layer or the handler first asks, not again for this.request.headers.
  incoming.headers = () => (headers ??= readHeaders());
  const finish = (outgoing: Outgoing) =>
    layers.cors ? layers.cors.decorate(incoming, outgoing) : outgoing;
  const fail = (error: unknown) => finish(errorOutgoing(error, options.debug, options.log));
  const proceed = (): Answer => {
    const early = layers.cors?.preflight(incoming, table);
    if (early) return finish(early);
    const answer = next();
    return answer instanceof Promise ? answer.then(finish) : finish(answer);
  };
  try {
    const waiting = layers.limit?.(incoming);
    return waiting ? waiting.then(proceed).catch(fail) : proceed();
  } catch (error) {
    return fail(error);
  }
}
