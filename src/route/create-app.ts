// An Application configured from the environment (`REST_*`), and the parsers of those variables' values.
import { Application, type ApplicationOptions } from './application.js';
import { parseDuration, type TimeLimits } from './limits.js';
import { parseRate } from './rate-limit.js';

/**
 * An Application from the environment: `REST_PREFIX` (required), `REST_MAX_BODY` (bytes, or `512kb`, `2mb`),
 * `REST_BODY_TIMEOUT` and `REST_HANDLER_TIMEOUT` (`30s`, `500ms`), `REST_DEBUG=1`, `REST_CORS` (comma-separated
 * origins), `REST_RATE_LIMIT` (`100/60s`) and `REST_TRUST_PROXY` (the number of proxies). A failed start-up
 * (no such prefix, a collision) is printed and ends the process.
 *
 * @example
 * // server.mjs, served with: REST_PREFIX=controllers npx srvx serve --prod --entry server.mjs
 * export default createApp();
 */
export function createApp(options: Partial<ApplicationOptions> = {}): Application {
  const prefix = options.prefix ?? process.env.REST_PREFIX;
  if (!prefix) {
    throw new Error(
      'createApp: set REST_PREFIX to the module that holds the controllers, for example REST_PREFIX=controllers',
    );
  }
  const envMaxBody = process.env.REST_MAX_BODY;
  const app = new Application({
    ...options,
    prefix,
    maxBody: options.maxBody ?? (envMaxBody ? parseByteSize(envMaxBody) : undefined),
    debug: options.debug ?? ['1', 'true'].includes(process.env.REST_DEBUG ?? ''),
    timeouts: { ...envTimeouts(), ...options.timeouts },
    ...featuresFromEnv(options),
  });
  app.ready().catch((error: Error) => {
    console.error(`restsmith/route: ${error.message}`);
    process.exit(1);
  });
  return app;
}

/** `REST_BODY_TIMEOUT`, `REST_HANDLER_TIMEOUT` (`30s`, `500ms`, `0` for none), where set. */
function envTimeouts(): Partial<TimeLimits> {
  const { REST_BODY_TIMEOUT: body, REST_HANDLER_TIMEOUT: handler } = process.env;
  return {
    ...(body ? { body: parseDuration(body) } : {}),
    ...(handler ? { handler: parseDuration(handler) } : {}),
  };
}

function featuresFromEnv(options: Partial<ApplicationOptions>): Partial<ApplicationOptions> {
  const { REST_CORS: cors, REST_RATE_LIMIT: rate, REST_TRUST_PROXY: proxies } = process.env;
  return {
    cors: options.cors ?? (cors ? { origins: parseOrigins(cors) } : undefined),
    rateLimit: options.rateLimit ?? (rate ? parseRate(rate) : undefined),
    trustProxy:
      options.trustProxy ?? (proxies ? Number(proxies === 'true' ? 1 : proxies) : undefined),
  };
}

/** `https://a.example, https://b.example` -> the list `cors.origins` takes. */
export function parseOrigins(text: string): string[] {
  return text
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
}

const units: Record<string, number> = {
  '': 1,
  b: 1,
  kb: 1024,
  k: 1024,
  mb: 1024 ** 2,
  m: 1024 ** 2,
  gb: 1024 ** 3,
  g: 1024 ** 3,
};

/** `1048576`, `512kb`, `1mb` -> bytes; throws a TypeError naming the accepted forms. */
export function parseByteSize(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match ? units[match[2].toLowerCase()] : undefined;
  if (!match || unit === undefined) {
    throw new TypeError(
      `${JSON.stringify(text)} is not a size: use bytes or a number with kb, mb or gb (such as 512kb)`,
    );
  }
  return Math.floor(Number(match[1]) * unit);
}
