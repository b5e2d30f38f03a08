// src/common/rate-limit.ts: rate limits per client address and per account, in memory or in Redis (REDIS_URL).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { Scope } from '../../src/loader/ts-morph.js';
import { accountOf, accountOfBody, rateLimitGuard } from './rate-limit-guard.js';
import {
  classOf,
  code,
  constant,
  functionOf,
  injected,
  interfaceOf,
  tsFile,
} from '../_shared/ts.js';

/** The limits of an auth project: requests, plus attempts per address and per account on credential routes. */
const LIMITS = {
  requests: ['requests from this address', 'THROTTLE_LIMIT', 'THROTTLE_TTL'],
  attempts: ['attempts from this address', 'THROTTLE_AUTH_LIMIT', 'THROTTLE_AUTH_TTL'],
  attemptsPerAccount: [
    'attempts for this account',
    'THROTTLE_AUTH_ACCOUNT_LIMIT',
    'THROTTLE_AUTH_TTL',
  ],
} as const;

type LimitName = keyof typeof LIMITS;

export function rateLimitTemplate(options: ProjectOptions): TypeScriptFile {
  const names = (options.auth ? Object.keys(LIMITS) : ['requests']) as LimitName[];
  return tsFile(
    'src/common/rate-limit.ts',
    [
      ...(options.auth ? [pkg('node:crypto', 'createHash')] : []),
      pkg('@nestjs/common', 'HttpException', 'HttpStatus', 'Injectable', 'Logger', 'SetMetadata'),
      pkgTypes('@nestjs/common', 'CanActivate', 'ExecutionContext', 'OnApplicationShutdown'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/core', 'Reflector'),
      httpTypeImports(options, 'request', 'response'),
      pkg('ioredis', 'Redis'),
      pkg('rate-limiter-flexible', 'RateLimiterMemory', 'RateLimiterRedis', 'RateLimiterRes'),
      pkgTypes('rate-limiter-flexible', 'RateLimiterAbstract'),
      ...(options.auth && hasPassword(options)
        ? [use('basicCredentials', 'parseBasicCredentials')]
        : []),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      constant('KEY_PREFIX', `'${options.name}:rate-limit'`, {
        isExported: false,
        docs: ['Where the counters live in a Redis that other apps may share.'],
      }),
      ...skipMark(),
      ...(options.auth ? attemptsMark(hasPassword(options)) : []),
      interfaceOf({
        name: 'RateLimit',
        properties: [
          { name: 'points', type: 'number', docs: ['Requests allowed per window.'] },
          { name: 'seconds', type: 'number', docs: ['The length of the window.'] },
        ],
      }),
      interfaceOf({
        name: 'RateLimitSettings',
        properties: names.map((name) => ({ name, type: 'RateLimit', docs: [LIMITS[name][0]] })),
      }),
      rateLimiters(names),
      functionOf({
        name: 'limiter',
        isExported: false,
        parameters: [
          { name: 'name', type: 'string' },
          { name: '{ points, seconds }', type: 'RateLimit' },
          { name: 'redis', type: 'Redis', hasQuestionToken: true },
        ],
        returnType: 'RateLimiterAbstract',
        statements: code(
          'const options = { keyPrefix: `${KEY_PREFIX}:${name}`, points, duration: seconds };',
          'const memory = new RateLimiterMemory(options);',
          'return redis ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory }) : memory;',
        ),
      }),
      rateLimitGuard(options),
      functionOf({
        name: 'consume',
        isAsync: true,
        isExported: false,
        docs: [
          'One point of `limiter` for `key`; past the limit, a 429 that names it and a Retry-After.',
        ],
        parameters: [
          { name: 'limiter', type: 'RateLimiterAbstract' },
          { name: 'key', type: 'string' },
          { name: 'what', type: 'string' },
          { name: httpNames(options).answer, type: httpNames(options).response },
        ],
        returnType: 'Promise<void>',
        statements: code(
          'try {',
          '  await limiter.consume(key);',
          '} catch (rejection) {',
          '  if (!(rejection instanceof RateLimiterRes)) throw rejection;',
          '  const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));',
          `  ${httpNames(options).answer}.${httpNames(options).setHeader}('Retry-After', String(seconds));`,
          '  throw new HttpException(',
          '    {',
          '      statusCode: HttpStatus.TOO_MANY_REQUESTS,',
          '      message: `Too many ${what}: at most ${limiter.points} per ${limiter.duration} s. Try again in ${seconds} s.`,',
          "      error: 'Too Many Requests',",
          '    },',
          '    HttpStatus.TOO_MANY_REQUESTS,',
          '  );',
          '}',
        ),
      }),
      ...(options.auth
        ? [hasPassword(options) ? accountOf(httpNames(options)) : accountOfBody(httpNames(options))]
        : []),
      clientKey(),
    ],
  );
}

function clientKey() {
  return functionOf({
    name: 'clientKey',
    docs: [
      'The counter a client address counts against. An IPv6 host is handed a whole /64 and can pick a new',
      'address in it for every request, so IPv6 addresses count by their /64; IPv4 ones (mapped ones too) alone.',
    ],
    parameters: [{ name: 'address', type: 'string' }],
    returnType: 'string',
    statements: code(
      "if (!address.includes(':')) return address;",
      'const mapped = /^::ffff:(\\d+\\.\\d+\\.\\d+\\.\\d+)$/i.exec(address);',
      'if (mapped) return mapped[1];',
      "const [head = '', tail] = address.split('%')[0].split('::');",
      "const left = head === '' ? [] : head.split(':');",
      "const right = tail === undefined || tail === '' ? [] : tail.split(':');",
      "const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];",
      "return `${groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;",
    ),
  });
}

function skipMark() {
  return [
    constant('SKIP_RATE_LIMIT', "'skip-rate-limit'", { isExported: false }),
    constant('SkipRateLimit', '() => SetMetadata(SKIP_RATE_LIMIT, true)', {
      docs: [
        'On a route that load balancers and orchestrators poll (GET /health): no limit applies to it,',
        'so that a busy client address can never make an instance look dead.',
      ],
    }),
  ];
}

function attemptsMark(password: boolean) {
  return [
    constant('LIMIT_ATTEMPTS', "'limit-attempts'", {
      docs: [
        "`@LimitAttempts`'s mark, which GraphQL's fields read too (src/graphql/graphql-access.ts).",
      ],
    }),
    constant('LimitAttempts', '(group?: string) => SetMetadata(LIMIT_ATTEMPTS, group ?? true)', {
      docs: [
        ...(password
          ? [
              'On a route that checks a password or creates an account: the THROTTLE_AUTH_* limits apply',
              'to it as well, per client address and per account (the e-mail of the Basic header or the body).',
              "Routes of one `group` share an account's count: `@LimitAttempts('password')` on every route that",
              'checks a password, so that a guess counts wherever it is made.',
            ]
          : [
              'On a route that signs in or creates an account: the THROTTLE_AUTH_* limits apply to it as',
              'well, per client address and per account (the e-mail of the body).',
            ]),
      ],
    }),
  ];
}

function rateLimiters(names: LimitName[]) {
  const settings = names.map(
    (name) =>
      `  ${name}: { points: get('${LIMITS[name][1]}'), seconds: get('${LIMITS[name][2]}') },`,
  );
  return classOf({
    name: 'RateLimiters',
    docs: [
      'One limiter per limit, counting in this process, or in Redis when REDIS_URL is set so that every',
      'instance of the app shares the counters. If Redis fails while running, each instance counts alone',
      'until it is back (the insurance limiter) rather than refusing every request.',
    ],
    implements: ['OnApplicationShutdown'],
    properties: names.map((name) => ({
      name,
      type: 'RateLimiterAbstract',
      isReadonly: true,
    })),
    ctors: [
      {
        parameters: [
          { name: 'settings', type: 'RateLimitSettings' },
          // Public: the health check pings this connection rather than opening one of its own.
          { ...injected('redis', 'Redis'), scope: Scope.Public, hasQuestionToken: true },
        ],
        statements: code(
          ...names.map((name) => `this.${name} = limiter('${name}', settings.${name}, redis);`),
        ),
      },
    ],
    methods: [
      {
        name: 'fromConfig',
        isStatic: true,
        isAsync: true,
        docs: ['The limits of .env; a REDIS_URL where no Redis answers stops the start.'],
        parameters: [{ name: 'config', type: 'ConfigService<Environment, true>' }],
        returnType: 'Promise<RateLimiters>',
        statements: code(
          'const get = (key: keyof Environment) => Number(config.get(key, { infer: true }));',
          'const settings: RateLimitSettings = {',
          ...settings,
          '};',
          "const url = config.get('REDIS_URL', { infer: true });",
          'if (!url) return new RateLimiters(settings);',
          'const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });',
          "redis.on('error', (error: Error) => {",
          '  new Logger(RateLimiters.name).warn(`Redis: ${error.message}; counting in this instance meanwhile`);',
          '});',
          'try {',
          '  await redis.connect();',
          '} catch (error) {',
          '  redis.disconnect();',
          '  const { host, port } = redis.options;',
          '  const reason = error instanceof Error ? error.message : String(error);',
          '  throw new Error(`REDIS_URL: no Redis answers at ${host}:${port} (${reason})`, { cause: error });',
          '}',
          'return new RateLimiters(settings, redis);',
        ),
      },
      {
        name: 'onApplicationShutdown',
        isAsync: true,
        returnType: 'Promise<void>',
        statements: code("if (this.redis?.status === 'ready') await this.redis.quit();"),
      },
    ],
  });
}
