// src/common/rate-limit.module.ts: the rate limiters from .env, and the guard installed for every route.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';

export function rateLimitModuleTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/rate-limit.module.ts',
    [
      pkg('@nestjs/common', 'Module'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/core', 'APP_GUARD'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      use('rateLimit', 'RateLimiters', 'RateLimitGuard'),
    ],
    [
      classOf({
        name: 'RateLimitModule',
        docs: ['The rate limits of every route, from .env (see the README, Security).'],
        decorators: [
          decorator(
            'Module',
            code(
              '{',
              '  providers: [',
              '    {',
              '      provide: RateLimiters,',
              '      inject: [ConfigService],',
              '      useFactory: (config: ConfigService<Environment, true>) => RateLimiters.fromConfig(config),',
              '    },',
              '    { provide: APP_GUARD, useClass: RateLimitGuard },',
              '  ],',
              '  exports: [RateLimiters],',
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
