// src/common/access-token.ts: where a request carries its access token (query, body, Bearer header).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { beforeRouteParameters, httpNames, httpTypeImports } from '../_shared/http.js';
import { code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export function accessTokenTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  return tsFile(
    'src/common/access-token.ts',
    [httpTypeImports(options, 'next', 'request', 'response')],
    [
      interfaceOf({
        name: 'TokenCarrier',
        isExported: false,
        properties: [{ name: 'bodyAccessToken', type: 'string', hasQuestionToken: true }],
      }),
      constant(
        'readString',
        "(value: unknown): string | undefined => typeof value === 'string' && value !== '' ? value : undefined",
        { isExported: false },
      ),
      functionOf({
        name: 'extractAccessToken',
        docs: [
          'The access token of a request: `access_token` in the query or the body, else an `Authorization: Bearer` header.',
        ],
        parameters: [{ name: 'request', type: http.request }],
        returnType: 'string | undefined',
        statements: code(
          options.http === 'fastify'
            ? 'const fromQuery = readString((request.query as Record<string, unknown>).access_token);'
            : 'const fromQuery = readString(request.query?.access_token);',
          'if (fromQuery) return fromQuery;',
          `const fromBody = (request as ${http.request} & TokenCarrier).bodyAccessToken;`,
          'if (fromBody) return fromBody;',
          "const [scheme, token] = (request.headers.authorization ?? '').split(' ');",
          "return scheme?.toLowerCase() === 'bearer' ? readString(token) : undefined;",
        ),
      }),
      functionOf({
        name: 'captureAccessToken',
        docs: [
          `${http.next === 'next' ? 'Middleware' : 'A preValidation hook'}: takes \`access_token\` out of the body, so that DTO validation, which refuses unknown`,
          'properties, never sees it.',
        ],
        parameters: beforeRouteParameters(options),
        returnType: 'void',
        statements: code(
          'const body: unknown = request.body;',
          "if (body !== null && typeof body === 'object' && Object.hasOwn(body, 'access_token')) {",
          '  const { access_token: token, ...rest } = body as Record<string, unknown>;',
          `  (request as ${http.request} & TokenCarrier).bodyAccessToken = readString(token);`,
          '  request.body = rest;',
          '}',
          `${http.next}();`,
        ),
      }),
    ],
  );
}
