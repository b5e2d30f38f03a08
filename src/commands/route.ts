// `rest route`: serves the controllers below a prefix module with path routing, or prints their OpenAPI document.
import { Flags } from '@oclif/core';
import { BaseCommand } from '../cli/base-command.js';
import { UserError } from '../model/user-error.js';
import { Application, type ApplicationOptions } from '../route/application.js';
import { parseByteSize, parseOrigins } from '../route/create-app.js';
import { LifespanError } from '../route/lifespan.js';
import { parseDuration } from '../route/limits.js';
import { openApiDocument } from '../route/openapi.js';
import { RouteTableError } from '../route/route-table.js';
import { parseRate } from '../route/rate-limit.js';
import { PrefixError } from '../route/scan.js';
import { HostError, parseHost, startServer, watchPrefix } from '../route/serve.js';

export default class Route extends BaseCommand {
  static override description = `Serve the controllers below a prefix module: METHOD /module/class/args?kwargs reaches Class.METHOD(args, kwargs)

The prefix module's exported startup() runs before serving and shutdown() after stopping. On SIGTERM or SIGINT the server stops accepting, ends streamed answers, lets in-flight requests finish for up to --shutdown-timeout, then exits 0.`;

  static override examples = [
    '<%= config.bin %> route --prefix=controllers',
    '<%= config.bin %> route --prefix=app.controllers --host=0.0.0.0:8080 --watch',
    '<%= config.bin %> route --prefix=controllers --max-body=5mb --debug',
    '<%= config.bin %> route --prefix=controllers --handler-timeout=5s --shutdown-timeout=20s',
    '<%= config.bin %> route --prefix=controllers --openapi > openapi.json',
    '<%= config.bin %> route --prefix=controllers --cors=https://app.example.com --rate-limit=100/60s --trust-proxy',
  ];

  static override flags = {
    prefix: Flags.string({
      description:
        'Module that holds the controllers, relative to the working directory (controllers, app.controllers)',
      env: 'REST_PREFIX',
      required: true,
    }),
    host: Flags.string({
      description: 'Address to listen on, host:port (port 0 picks a free one)',
      default: '127.0.0.1:8000',
    }),
    'max-body': Flags.string({
      description: 'Largest request body: bytes, or 512kb, 1mb, ...',
      default: '1mb',
    }),
    'headers-timeout': Flags.string({
      description:
        'Longest wait for the request line and headers (500ms, 10s, 2m; 0 for none); slower clients get 408',
      default: '10s',
    }),
    'body-timeout': Flags.string({
      description: 'Longest wait for a request body to arrive (0 for none); slower bodies get 408',
      default: '30s',
    }),
    'handler-timeout': Flags.string({
      description:
        'Longest wait for a handler to answer (0 for none); slower handlers get 503 and their connection is freed',
      default: '30s',
    }),
    'shutdown-timeout': Flags.string({
      description:
        'On SIGTERM or SIGINT, how long in-flight requests may finish before their connections are closed (0 for no limit)',
      default: '10s',
    }),
    methods: Flags.string({
      description:
        'Methods that are routes besides GET, HEAD, POST, PUT, PATCH, DELETE and OPTIONS, comma-separated (PURGE)',
    }),
    debug: Flags.boolean({
      description: 'Show the messages of unexpected errors in 500 responses',
    }),
    watch: Flags.boolean({
      description: 'Rebuild the route table when a file below the prefix changes',
    }),
    openapi: Flags.boolean({
      description: 'Print the OpenAPI 3.1 document of the route table and exit',
    }),
    cors: Flags.string({
      description:
        'Origins whose pages may call the API, comma-separated (https://app.example.com,http://localhost:5173); * for any page, without credentials. Off by default',
    }),
    'rate-limit': Flags.string({
      description:
        'Requests per client and window, such as 100/60s, 10/s or 1000/1h; over it, 429 with Retry-After. Off by default',
    }),
    'trust-proxy': Flags.boolean({
      description:
        'A proxy in front appends the client address to X-Forwarded-For; without this flag the client is the socket address',
    }),
    'max-message': Flags.string({
      description:
        'Largest WebSocket message: bytes, or 64kb, 1mb, ...; larger ones close the socket (1009)',
      default: '1mb',
    }),
    'max-sockets-per-client': Flags.integer({
      description: 'Open WebSockets one client address may hold; the next handshake gets 429',
      default: 16,
      min: 1,
    }),
    'socket-idle-timeout': Flags.string({
      description:
        'Close a WebSocket after this long without a message either way (2m, 30s; 0 for never), with 1001',
      default: '2m',
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Route);
    const address = userInput(() => parseHost(flags.host));
    const app = userInput(() => new Application(applicationOptions(flags)));
    if (flags.openapi) {
      this.log(JSON.stringify(openApiDocument(await userInput(() => app.ready())), null, 2));
      return;
    }
    const running = await userInput(() => startServer(app, address));
    this.log(`rest route: serving ${flags.prefix} on ${running.url}`);
    const stopWatching = flags.watch
      ? watchPrefix(app, {
          rebuilt: (table) =>
            this.log(
              `rest route: rebuilt the route table (${table.controllers.length} controllers)`,
            ),
          failed: (error) =>
            this.logToStderr(`rest route: kept the old route table: ${error.message}`),
        })
      : undefined;
    const signal = await new Promise<string>((resolve) => {
      for (const name of ['SIGINT', 'SIGTERM']) process.once(name, () => resolve(name));
    });
    this.log(`rest route: ${signal}: finishing in-flight requests, then stopping`);
    stopWatching?.();
    await userInput(() => running.close());
    this.log('rest route: stopped');
    // A handler still awaiting something (a timer, a socket) would keep the process alive: the answer is out.
    process.exit(0);
  }
}

interface RouteFlags {
  prefix: string;
  debug: boolean;
  cors?: string;
  'max-body': string;
  'max-message': string;
  'max-sockets-per-client': number;
  'socket-idle-timeout': string;
  'rate-limit'?: string;
  'trust-proxy': boolean;
  methods?: string;
  'headers-timeout': string;
  'body-timeout': string;
  'handler-timeout': string;
  'shutdown-timeout': string;
}

function applicationOptions(flags: RouteFlags): ApplicationOptions {
  return {
    prefix: flags.prefix,
    debug: flags.debug,
    maxBody: parseByteSize(flags['max-body']),
    maxMessage: withHint(() => parseByteSize(flags['max-message']), 'Use --max-message=64kb.'),
    maxSocketsPerClient: flags['max-sockets-per-client'],
    cors: flags.cors === undefined ? undefined : { origins: parseOrigins(flags.cors) },
    rateLimit: flags['rate-limit'] === undefined ? undefined : parseRate(flags['rate-limit']),
    trustProxy: flags['trust-proxy'],
    methods: flags.methods?.split(',').map((method) => method.trim()),
    timeouts: {
      headers: parseDuration(flags['headers-timeout']),
      body: parseDuration(flags['body-timeout']),
      handler: parseDuration(flags['handler-timeout']),
      shutdown: parseDuration(flags['shutdown-timeout']),
      socketIdle: parseDuration(flags['socket-idle-timeout']),
    },
  };
}

function withHint<T>(parse: () => T, hint: string): T {
  try {
    return parse();
  } catch (error) {
    throw new UserError((error as Error).message, { hint });
  }
}

/** Our library's errors for a user's mistakes, as one-line UserErrors with the fix. */
function userInput<T>(step: () => T): T {
  const wrap = (error: unknown): never => {
    throw toUserError(error);
  };
  try {
    const value = step();
    return (value instanceof Promise ? value.catch(wrap) : value) as T;
  } catch (error) {
    return wrap(error);
  }
}

function toUserError(error: unknown): unknown {
  const { message } = error as Error;
  if (error instanceof PrefixError)
    return new UserError(message, {
      hint: 'Pass --prefix=<module> naming a file or folder of controllers.',
    });
  if (error instanceof RouteTableError)
    return new UserError(message, {
      hint: message.startsWith('route collision')
        ? 'Rename or remove one of the two definitions.'
        : 'Fix the module so that it loads, then start again.',
    });
  if (error instanceof HostError)
    return new UserError(message, {
      hint: 'Use --host=127.0.0.1:8000, --host=:8000 or --host=8000.',
    });
  if (error instanceof TypeError && /is not a size/.test(message))
    return new UserError(message, { hint: 'Use --max-body=1mb.' });
  if (error instanceof TypeError && /is not a duration/.test(message))
    return new UserError(message, { hint: 'Use a duration such as --handler-timeout=30s.' });
  if (error instanceof TypeError && /is not a method name/.test(message))
    return new UserError(message, { hint: 'Use --methods=PURGE,LOCK.' });
  if (error instanceof TypeError && /is not a rate/.test(message))
    return new UserError(message, { hint: 'Use --rate-limit=100/60s.' });
  if (error instanceof TypeError && /^cors/.test(message))
    return new UserError(message, {
      hint: 'Use --cors=https://app.example.com,http://localhost:5173.',
    });
  if (error instanceof LifespanError)
    return new UserError(message, {
      hint: 'Fix the startup or shutdown function of the prefix module.',
    });
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new UserError(`the address is already in use: ${message}`, {
      hint: 'Pick another port with --host.',
    });
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new UserError(`cannot listen there: ${message}`, {
      hint: 'Use a local address, such as --host=127.0.0.1:8000.',
    });
  return error;
}
