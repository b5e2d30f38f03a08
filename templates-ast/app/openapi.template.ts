// src/openapi.ts: the OpenAPI document of the app, served at /docs in development and written by `npm run docs`.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/project/options.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';

export function openApiTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/openapi.ts',
    [
      pkg('@nestjs/swagger', 'DocumentBuilder', 'SwaggerModule'),
      pkgTypes('@nestjs/swagger', 'OpenAPIObject'),
      pkgTypes('@nestjs/common', 'INestApplication'),
    ],
    [
      functionOf({
        name: 'buildOpenApi',
        parameters: [{ name: 'app', type: 'INestApplication' }],
        returnType: 'OpenAPIObject',
        statements: code(
          'const config = new DocumentBuilder()',
          `  .setTitle('${options.name}')`,
          "  .setVersion('1.0.0')",
          "  .addApiKey({ type: 'apiKey', in: 'query', name: 'access_token', description: 'MASTER_KEY: back ends only' }, 'master-key')",
          ...(options.auth
            ? [
                "  .addApiKey({ type: 'apiKey', in: 'query', name: 'access_token', description: 'CLIENT_KEY (apps) or MASTER_KEY' }, 'client-key')",
              ]
            : []),
          ...(options.auth ? ['  .addBearerAuth()'] : []),
          ...(options.auth && hasPassword(options) ? ['  .addBasicAuth()'] : []),
          '  .build();',
          'return SwaggerModule.createDocument(app, config);',
        ),
      }),
    ],
  );
}
