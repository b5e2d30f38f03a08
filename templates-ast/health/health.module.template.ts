// src/health/health.module.ts: GET /health and the graceful shutdown.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';

export function healthModuleTemplate(): TypeScriptFile {
  return tsFile(
    'src/health/health.module.ts',
    [
      pkg('@nestjs/common', 'Module'),
      pkg('@nestjs/terminus', 'TerminusModule'),
      use('rateLimitModule', 'RateLimitModule'),
      { from: 'src/health/health.controller.ts', named: ['HealthController'] },
      { from: 'src/health/redis.health.ts', named: ['RedisHealthIndicator'] },
      { from: 'src/health/graceful-shutdown.ts', named: ['GracefulShutdown'] },
    ],
    [
      classOf({
        name: 'HealthModule',
        decorators: [
          decorator(
            'Module',
            code(
              '{',
              "  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), RateLimitModule],",
              '  controllers: [HealthController],',
              '  providers: [RedisHealthIndicator, GracefulShutdown],',
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
