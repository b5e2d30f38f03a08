// src/health/redis.health.ts: a terminus indicator that pings the Redis of REDIS_URL, when one is set.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { Scope } from '../../src/loader/ts-morph.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function redisHealthTemplate(): TypeScriptFile {
  return tsFile(
    'src/health/redis.health.ts',
    [
      pkg('@nestjs/common', 'Injectable'),
      pkgTypes('@nestjs/common', 'OnModuleDestroy'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/terminus', 'HealthIndicatorService'),
      pkg('ioredis', 'Redis'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      classOf({
        name: 'RedisHealthIndicator',
        decorators: [decorator('Injectable')],
        implements: ['OnModuleDestroy'],
        properties: [
          {
            name: 'client',
            type: 'Redis',
            scope: Scope.Private,
            isReadonly: true,
            hasQuestionToken: true,
          },
        ],
        ctors: [
          {
            parameters: [
              injected('indicators', 'HealthIndicatorService'),
              { name: 'config', type: 'ConfigService<Environment, true>' },
            ],
            statements: code(
              "const url = config.get('REDIS_URL', { infer: true });",
              'if (!url) return;',
              '// Connects on the first check; a failed ping reports Redis down instead of retrying for long.',
              'this.client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });',
              "// Connection errors are the check's answer; without a listener ioredis prints each one.",
              "this.client.on('error', () => undefined);",
            ),
          },
        ],
        getAccessors: [
          {
            name: 'configured',
            returnType: 'boolean',
            statements: code('return this.client !== undefined;'),
          },
        ],
        methods: [
          {
            name: 'pingCheck',
            typeParameters: [{ name: 'Key', constraint: 'string' }],
            parameters: [{ name: 'key', type: 'Key' }],
            statements: code(
              'const client = this.client;',
              'return this.indicators',
              '  .check(key)',
              '  .attempt(async () => {',
              "    if (!client) throw new Error('REDIS_URL is not set');",
              '    await client.ping();',
              '  })',
              '  .withTimeout(3000);',
            ),
          },
          {
            name: 'onModuleDestroy',
            returnType: 'void',
            statements: code('this.client?.disconnect();'),
          },
        ],
      }),
    ],
  );
}
