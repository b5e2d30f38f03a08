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
      pkgTypes(
        '@nestjs/swagger',
        'OpenAPIObject',
        'OperationObject',
        'ParameterObject',
        'PathItemObject',
        'ReferenceObject',
        'ResponseObject',
      ),
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
          "  .addServer('/', 'This server')",
          '  .build();',
          'return finishDocument(SwaggerModule.createDocument(app, config));',
        ),
      }),
      functionOf({
        name: 'finishDocument',
        isExported: false,
        docs: [
          'What the decorators cannot say: every operation has a summary (from its method, for routes',
          'written by hand too), a public one says so with `security: []`, and security schemes that no',
          'route uses are left out. The document then passes the recommended rules of OpenAPI linters.',
        ],
        parameters: [{ name: 'document', type: 'OpenAPIObject' }],
        returnType: 'OpenAPIObject',
        statements: code(
          'const used = new Set<string>();',
          'for (const path of Object.values<PathItemObject>(document.paths)) {',
          "  for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {",
          '    const operation = path[method];',
          '    if (!operation) continue;',
          '    operation.summary ??= summaryOf(operation.operationId, operation.tags?.[0]);',
          '    operation.security ??= [];',
          '    for (const requirement of operation.security) {',
          '      for (const name of Object.keys(requirement)) used.add(name);',
          '    }',
          '    if (takesFields(operation)) partialItems(document, operation);',
          '  }',
          '}',
          "// As package.json says (npm's meaning of the word behind the link); change both for a licence.",
          'document.info.license ??= {',
          "  name: 'UNLICENSED',",
          "  url: 'https://docs.npmjs.com/cli/configuring-npm/package-json#license',",
          '};',
          'const schemes = document.components?.securitySchemes ?? {};',
          'for (const name of Object.keys(schemes)) if (!used.has(name)) delete schemes[name];',
          'return document;',
        ),
      }),
      functionOf({
        name: 'takesFields',
        isExported: false,
        docs: ['A list whose `fields` parameter chooses the properties of its entries.'],
        parameters: [{ name: 'operation', type: 'OperationObject' }],
        returnType: 'boolean',
        statements: code(
          "return (operation.parameters ?? []).some((parameter: ParameterObject | ReferenceObject) => 'name' in parameter && parameter.in === 'query' && parameter.name === 'fields');",
        ),
      }),
      functionOf({
        name: 'partialItems',
        isExported: false,
        docs: [
          "With `fields`, a list's entries hold only the properties it names: they refer to a copy of",
          'their view that requires none (`ArticleViewPartial`), so that a client is not promised them.',
        ],
        parameters: [
          { name: 'document', type: 'OpenAPIObject' },
          { name: 'operation', type: 'OperationObject' },
        ],
        returnType: 'void',
        statements: code(
          "const ok = operation.responses['200'] as ResponseObject | undefined;",
          "const schema = ok?.content?.['application/json']?.schema;",
          "if (!schema || '$ref' in schema) return;",
          'const rows = schema.properties?.rows;',
          "const list = schema.type === 'array' ? schema : rows && !('$ref' in rows) ? rows : undefined;",
          'const items = list?.items;',
          "if (!list || !items || !('$ref' in items)) return;",
          "const name = items.$ref.split('/').pop()!;",
          'const schemas = (document.components ??= {}).schemas ?? {};',
          'const view = schemas[name];',
          "if (!view || '$ref' in view) return;",
          'const partial = { ...view };',
          'delete partial.required;',
          'schemas[`${name}Partial`] ??= {',
          '  ...partial,',
          '  description: `A ${name} with the properties that \\`fields\\` names (all of them without it)`,',
          '};',
          'list.items = { $ref: `#/components/schemas/${name}Partial` };',
        ),
      }),
      functionOf({
        name: 'summaryOf',
        isExported: false,
        docs: ["`UsersController_updateRole` and tag `users`: 'Update role (users)'."],
        parameters: [
          { name: 'operationId', type: 'string | undefined' },
          { name: 'tag', type: 'string | undefined' },
        ],
        returnType: 'string',
        statements: code(
          "const method = (operationId ?? 'operation').split('_').pop()!;",
          "const words = method.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();",
          'const sentence = words.charAt(0).toUpperCase() + words.slice(1);',
          'return tag ? `${sentence} (${tag})` : sentence;',
        ),
      }),
    ],
  );
}
