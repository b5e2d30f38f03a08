// src/common/access-token.ts: where a request carries its access token (query, body, Bearer header).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkgTypes } from '../_shared/pieces.js';
import {
  code,
  constant,
  functionOf,
  interfaceOf,
  tsFile,
  middlewareParameters,
} from '../_shared/ts.js';

export function accessTokenTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/access-token.ts',
    [pkgTypes('express', 'NextFunction', 'Request', 'Response')],
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
        parameters: [{ name: 'request', type: 'Request' }],
        returnType: 'string | undefined',
        statements: code(
          'const fromQuery = readString(request.query?.access_token);',
          'if (fromQuery) return fromQuery;',
          'const fromBody = (request as Request & TokenCarrier).bodyAccessToken;',
          'if (fromBody) return fromBody;',
          "const [scheme, token] = (request.headers.authorization ?? '').split(' ');",
          "return scheme?.toLowerCase() === 'bearer' ? readString(token) : undefined;",
        ),
      }),
      functionOf({
        name: 'captureAccessToken',
        docs: [
          'Middleware: takes `access_token` out of the body, so that DTO validation, which refuses unknown',
          'properties, never sees it.',
        ],
        parameters: middlewareParameters(),
        returnType: 'void',
        statements: code(
          'const body: unknown = request.body;',
          "if (body !== null && typeof body === 'object' && Object.hasOwn(body, 'access_token')) {",
          '  const { access_token: token, ...rest } = body as Record<string, unknown>;',
          '  (request as Request & TokenCarrier).bodyAccessToken = readString(token);',
          '  request.body = rest;',
          '}',
          'next();',
        ),
      }),
    ],
  );
}
