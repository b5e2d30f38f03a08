// src/docs.ts: `npm run docs` writes docs/openapi.json and docs/index.html, a page that needs no network.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';

export function docsTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/docs.ts',
    [
      pkg('node:fs/promises', 'mkdir', 'readFile', 'writeFile'),
      pkg('node:path', 'dirname', 'join'),
      pkg('@nestjs/core', 'NestFactory'),
      ...(options.http === 'fastify' ? [pkg('@nestjs/platform-fastify', 'FastifyAdapter')] : []),
      pkgTypes('@nestjs/swagger', 'OpenAPIObject'),
      { from: 'src/app.module.ts', named: ['AppModule'] },
      use('openApi', 'buildOpenApi'),
      ...(options.apiRoot ? [use('appSetup', 'setApiRoot')] : []),
    ],
    [
      functionOf({
        name: 'writeDocs',
        isExported: false,
        isAsync: true,
        returnType: 'Promise<void>',
        statements: code(
          '// A preview app maps the routes without connecting to the database.',
          options.http === 'fastify'
            ? "const app = await NestFactory.create(AppModule, new FastifyAdapter(), { preview: true, logger: ['error'] });"
            : "const app = await NestFactory.create(AppModule, { preview: true, logger: ['error'] });",
          ...(options.apiRoot ? ['setApiRoot(app);'] : []),
          'const document = buildOpenApi(app);',
          'await app.close();',
          "await mkdir('docs', { recursive: true });",
          "await writeFile('docs/openapi.json', `${JSON.stringify(document, null, 2)}\\n`);",
          "await writeFile('docs/index.html', await staticPage(document));",
          "console.log('Wrote docs/openapi.json and docs/index.html');",
        ),
      }),
      functionOf({
        name: 'staticPage',
        isExported: false,
        isAsync: true,
        docs: [
          'Swagger UI with its script, style and the document inlined: one file that works offline.',
        ],
        parameters: [{ name: 'document', type: 'OpenAPIObject' }],
        returnType: 'Promise<string>',
        statements: code(
          "const dist = dirname(require.resolve('swagger-ui-dist/package.json'));",
          'const [style, script] = await Promise.all([',
          "  readFile(join(dist, 'swagger-ui.css'), 'utf8'),",
          "  readFile(join(dist, 'swagger-ui-bundle.js'), 'utf8'),",
          ']);',
          "const inline = (text: string) => text.replace(/<\\/(script|style)/gi, '<\\\\/$1');",
          "const spec = JSON.stringify(document).replace(/</g, '\\\\u003c');",
          'return [',
          "  '<!doctype html>',",
          '  \'<html lang="en">\',',
          '  \'<meta charset="utf-8">\',',
          '  `<title>${document.info.title}</title>`,',
          '  `<style>${inline(style)}</style>`,',
          '  \'<div id="swagger-ui"></div>\',',
          '  `<script>${inline(script)}</script>`,',
          "  `<script>SwaggerUIBundle({ spec: ${spec}, dom_id: '#swagger-ui' });</script>`,",
          "  '',",
          "].join('\\n');",
        ),
      }),
      code(
        'writeDocs().catch((error: unknown) => {',
        '  console.error(error instanceof Error ? error.message : error);',
        '  process.exit(1);',
        '});',
      ),
    ],
  );
}
