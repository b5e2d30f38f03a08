// src/health/graceful-shutdown.ts: on SIGTERM the server stops taking requests and finishes those in flight, then the database closes.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, constant, decorator, injected, tsFile } from '../_shared/ts.js';

export function gracefulShutdownTemplate(): TypeScriptFile {
  return tsFile(
    'src/health/graceful-shutdown.ts',
    [
      pkg('@nestjs/common', 'Injectable'),
      pkgTypes('@nestjs/common', 'BeforeApplicationShutdown'),
      pkg('@nestjs/core', 'HttpAdapterHost'),
      pkgTypes('node:http', 'Server'),
      use('appLogger', 'writeLogsNow'),
    ],
    [
      constant('DRAIN_TIMEOUT_MS', '10_000', {
        isExported: false,
        docs: ['Requests still running after this long are cut off.'],
      }),
      classOf({
        name: 'GracefulShutdown',
        decorators: [decorator('Injectable')],
        docs: [
          'Nest closes the database connections (shutdown hooks) before the HTTP server: closing the',
          'server first, here, lets the requests in flight finish with their database. Their log lines',
          'are written before Nest ends the process.',
        ],
        implements: ['BeforeApplicationShutdown'],
        ctors: [{ parameters: [injected('adapterHost', 'HttpAdapterHost')] }],
        methods: [
          {
            name: 'beforeApplicationShutdown',
            isAsync: true,
            returnType: 'Promise<void>',
            statements: code(
              '// Nest ends the process by the signal after the shutdown hooks, with no exit where the lines',
              '// still waiting would be written: from here each line is written when it is logged.',
              'writeLogsNow();',
              'const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;',
              'if (!server?.listening) return;',
              'const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);',
              'await new Promise<void>((closed) => server.close(() => closed()));',
              'clearTimeout(timer);',
            ),
          },
        ],
      }),
    ],
  );
}
