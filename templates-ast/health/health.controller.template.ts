// src/health/health.controller.ts: GET /health, for load balancers and container health checks.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function healthControllerTemplate(options: ProjectOptions): TypeScriptFile {
  const indicator =
    options.database === 'mongodb' ? 'MongooseHealthIndicator' : 'TypeOrmHealthIndicator';
  return tsFile(
    'src/health/health.controller.ts',
    [
      pkg('@nestjs/common', 'Controller', 'Get'),
      pkg('@nestjs/swagger', 'ApiTags'),
      pkg('@nestjs/terminus', 'HealthCheck', 'HealthCheckService', indicator),
      pkgTypes('@nestjs/terminus', 'HealthCheckResult'),
      use('access', 'Access'),
      use('rateLimit', 'SkipRateLimit'),
      { from: 'src/health/redis.health.ts', named: ['RedisHealthIndicator'] },
    ],
    [
      classOf({
        name: 'HealthController',
        decorators: [decorator('ApiTags', "'health'"), decorator('Controller', "'health'")],
        ctors: [
          {
            parameters: [
              injected('health', 'HealthCheckService'),
              injected('database', indicator),
              injected('redis', 'RedisHealthIndicator'),
            ],
          },
        ],
        methods: [
          {
            name: 'check',
            docs: ['200 when the database (and Redis, when REDIS_URL is set) answers, else 503.'],
            decorators: [
              decorator('Get'),
              decorator('Access', "'public'"),
              decorator('SkipRateLimit'),
              decorator('HealthCheck'),
            ],
            returnType: 'Promise<HealthCheckResult>',
            statements: code(
              'return this.health.check([',
              "  () => this.database.pingCheck('database', { timeout: 3000 }),",
              "  ...(this.redis.configured ? [() => this.redis.pingCheck('redis')] : []),",
              ']);',
            ),
          },
        ],
      }),
    ],
  );
}
