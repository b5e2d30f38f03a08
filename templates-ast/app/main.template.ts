// src/main.ts: starts the server and says where it listens.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { appTypeImport } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';

export function mainTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/main.ts',
    [
      pkg('@nestjs/core', 'NestFactory'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/swagger', 'SwaggerModule'),
      appTypeImport(options),
      { from: 'src/app.module.ts', named: ['AppModule'] },
      use('appSetup', 'configureApp', ...(options.http === 'fastify' ? ['createAdapter'] : [])),
      use('openApi', 'buildOpenApi'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      functionOf({
        name: 'bootstrap',
        isExported: false,
        isAsync: true,
        returnType: 'Promise<void>',
        statements: code(
          'const app = configureApp(',
          options.http === 'fastify'
            ? '  await NestFactory.create<NestFastifyApplication>(AppModule, createAdapter()),'
            : '  await NestFactory.create<NestExpressApplication>(AppModule, { bodyParser: false }),',
          ');',
          'const config = app.get<ConfigService<Environment, true>>(ConfigService);',
          "const mode = config.get('NODE_ENV', { infer: true });",
          '// Only where asked for: a deployment that forgets NODE_ENV runs as production, without /docs.',
          "if (mode === 'development' || config.get('DOCS', { infer: true })) {",
          "  SwaggerModule.setup('docs', app, () => buildOpenApi(app));",
          '}',
          "const port = config.get('PORT', { infer: true });",
          "await app.listen(port, '0.0.0.0');",
          `console.log(\`${options.name} listening on http://0.0.0.0:\${port}, in \${mode} mode\`);`,
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
