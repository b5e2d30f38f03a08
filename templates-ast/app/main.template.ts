// src/main.ts: starts the server and says where it listens.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { appTypeImport } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';
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
      { from: 'src/app.module.ts', named: ['AppModule'] },
      use('appSetup', 'configureApp', ...(options.http === 'fastify' ? ['createAdapter'] : [])),
      use('openApi', 'buildOpenApi'),
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
                'if (process.env.DATABASE_URL) await ensureDatabase(process.env.DATABASE_URL);',
              ]
            : []),
          'const app = configureApp(',
          options.http === 'fastify'
            ? '  await NestFactory.create<NestFastifyApplication>(AppModule, createAdapter(), { bufferLogs: true }),'
            : '  await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: false, bufferLogs: true }),',
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
      code(
        'bootstrap().catch((error: unknown) => {',
        '  console.error(error instanceof Error ? error.message : error);',
        '  process.exit(1);',
        '});',
      ),
    ],
  );
}
