// src/health/redis.health.ts: a terminus indicator that pings the Redis of REDIS_URL, when one is set.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function redisHealthTemplate(): TypeScriptFile {
  return tsFile(
    'src/health/redis.health.ts',
    [
      pkg('@nestjs/common', 'Injectable'),
      pkg('@nestjs/terminus', 'HealthIndicatorService'),
      use('rateLimit', 'RateLimiters'),
    ],
    [
      classOf({
        name: 'RedisHealthIndicator',
        docs: [
          "Pings the rate limiters' own connection: the check reports the Redis the app depends on, and",
          'the connection closes once, after the server has finished the requests in flight.',
        ],
        decorators: [decorator('Injectable')],
        ctors: [
          {
            parameters: [
              injected('indicators', 'HealthIndicatorService'),
              injected('limiters', 'RateLimiters'),
            ],
          },
        ],
        getAccessors: [
          {
            name: 'configured',
            returnType: 'boolean',
            statements: code('return this.limiters.redis !== undefined;'),
          },
        ],
        methods: [
          {
            name: 'pingCheck',
            typeParameters: [{ name: 'Key', constraint: 'string' }],
            parameters: [{ name: 'key', type: 'Key' }],
            statements: code(
              'const client = this.limiters.redis;',
              'return this.indicators',
              '  .check(key)',
              '  .attempt(async () => {',
              "    if (!client) throw new Error('REDIS_URL is not set');",
              '    // The connection does not queue commands while down, so a lost Redis answers at once.',
              '    await client.ping();',
              '  })',
              '  .withTimeout(3000);',
            ),
          },
        ],
      }),
    ],
  );
}
