// src/health/health.controller.ts: GET /health, for load balancers and container health checks.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function healthControllerTemplate(options: ProjectOptions): TypeScriptFile {
  const indicator =
    options.database === 'mongodb' ? 'MongooseHealthIndicator' : 'TypeOrmHealthIndicator';
  return tsFile(
    'src/health/health.controller.ts',
    [
      pkg('@nestjs/common', 'BadRequestException', 'Controller', 'Get', 'Query'),
      pkg('@nestjs/swagger', 'ApiTags'),
      pkg('@nestjs/terminus', 'HealthCheck', 'HealthCheckService', indicator),
      pkgTypes('@nestjs/terminus', 'HealthCheckResult'),
      use('access', 'Access'),
      use('apiDocs', 'ApiErrors'),
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
            docs: [
              '200 when the database (and Redis, when REDIS_URL is set) answers, else 503. It takes no',
              'parameters (`access_token`, which apps may send everywhere, aside): any other is a 400.',
            ],
            decorators: [
              decorator('Get'),
              decorator('Access', "'public'"),
              decorator('SkipRateLimit'),
              decorator('HealthCheck'),
              decorator('ApiErrors', '400'),
            ],
            parameters: [
              { name: 'query', type: 'Record<string, unknown>', decorators: [decorator('Query')] },
            ],
            returnType: 'Promise<HealthCheckResult>',
            statements: code(
              "const unknown = Object.keys(query).filter((name) => name !== 'access_token');",
              'if (unknown.length > 0) {',
              "  throw new BadRequestException(`GET /health takes no parameters: ${unknown.join(', ')}`);",
              '}',
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
