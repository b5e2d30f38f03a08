// src/main.ts: starts the server and says where it listens.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { appTypeImport } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';
import { checksDatabase, DATABASE_READY } from '../database/database-ready.template.js';

export function mainTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/main.ts',
    [
      pkg('@nestjs/common', 'Logger'),
      pkg('@nestjs/core', 'NestFactory'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/swagger', 'SwaggerModule'),
      appTypeImport(options),
      ...(checksDatabase(options) ? [] : [{ from: 'src/app.module.ts', named: ['AppModule'] }]),
      use('appSetup', 'configureApp', ...(options.http === 'fastify' ? ['createAdapter'] : [])),
      use('openApi', 'buildOpenApi'),
      use('appLogger', 'AppLogger', 'createLogger'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      ...(checksDatabase(options)
        ? [pkg('node:fs', 'existsSync'), { from: DATABASE_READY, named: ['ensureDatabase'] }]
        : []),
    ],
    [
      functionOf({
        name: 'bootstrap',
        isExported: false,
        isAsync: true,
        returnType: 'Promise<void>',
        statements: code(
          ...(checksDatabase(options)
            ? [
                '// The server answers and the database exists (created when missing) before the app connects: else',
                '// one line that says why. .env is read here as ConfigModule reads it: variables set already win.',
                "if (process.env.NODE_ENV !== 'test' && existsSync('.env')) process.loadEnvFile('.env');",
                "if (process.env.DATABASE_URL) await ensureDatabase(process.env.DATABASE_URL, (message) => logger.log(message, 'Database'));",
                '// Loaded only now: ConfigModule checks the configuration as AppModule loads, and a failed check',
                "// waiting through the step above would end the process with Node's own report, not the app's log.",
                "const { AppModule } = await import('./app.module.js');",
              ]
            : []),
          'const app = configureApp(',
          options.http === 'fastify'
            ? '  await NestFactory.create<NestFastifyApplication>(AppModule, createAdapter(), { bufferLogs: true, logger }),'
            : '  await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: false, bufferLogs: true, logger }),',
          ');',
          'const config = app.get<ConfigService<Environment, true>>(ConfigService);',
          "const mode = config.get('NODE_ENV', { infer: true });",
          '// Only where asked for: a deployment that forgets NODE_ENV runs as production, without /docs.',
          "if (mode === 'development' || config.get('DOCS', { infer: true })) {",
          "  SwaggerModule.setup('docs', app, () => buildOpenApi(app));",
          '}',
          "const port = config.get('PORT', { infer: true });",
          "await app.listen(port, '0.0.0.0');",
          `Logger.log(\`${options.name} listening on http://0.0.0.0:\${port}, in \${mode} mode\`, 'Bootstrap');`,
        ),
      }),
      functionOf({
        name: 'startupLogger',
        isExported: false,
        docs: [
          "Nest's own lines until the configuration is read (configureApp sets the app's logger), a failed",
          'start-up included: one JSON object per line outside development, as every later line.',
        ],
        returnType: 'AppLogger',
        statements: code(
          "const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];",
          'const level = process.env.LOG_LEVEL;',
          "return new AppLogger(createLogger(level && levels.includes(level) ? level : 'info', process.env.NODE_ENV === 'development'));",
        ),
      }),
      constant('logger', 'startupLogger()', { isExported: false }),
      code(
        'bootstrap().catch((error: unknown) => {',
        "  // What Nest held back for the app's logger, then why the start failed, in the log's format.",
        '  Logger.flush();',
        "  logger.fatal(error instanceof Error ? error.message : String(error), 'Bootstrap');",
        '  process.exit(1);',
        '});',
      ),
    ],
  );
}
