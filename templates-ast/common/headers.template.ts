// src/common/headers.ts: what answers tell browsers and caches: CORS origins, proxies, no caching of private answers.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkgTypes, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile, middlewareParameters } from '../_shared/ts.js';

export function headersTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/headers.ts',
    [
      pkgTypes('express', 'NextFunction', 'Request', 'Response'),
      use('accessToken', 'extractAccessToken'),
    ],
    [
      functionOf({
        name: 'corsOrigins',
        docs: ['CORS_ORIGINS, `https://app.example.com, https://admin.example.com`, as a list.'],
        parameters: [{ name: 'value', type: 'string | undefined' }],
        returnType: 'string[]',
        statements: code(
          "return (value ?? '')",
          "  .split(',')",
          '  .map((origin) => origin.trim())',
          "  .filter((origin) => origin !== '');",
        ),
      }),
      functionOf({
        name: 'trustProxySetting',
        docs: [
          "TRUST_PROXY as Express's `trust proxy` takes it: true or false, a number of proxies, or",
          'addresses and subnets (`loopback, 10.0.0.0/8`).',
        ],
        parameters: [{ name: 'value', type: 'string' }],
        returnType: 'boolean | number | string',
        statements: code(
          "if (value === 'true' || value === 'false') return value === 'true';",
          'return /^\\d+$/.test(value) ? Number(value) : value;',
        ),
      }),
      functionOf({
        name: 'noStoreWhenAuthenticated',
        docs: [
          'Middleware, after the access token is captured: an answer to a request that carries credentials',
          'may hold private data or a token, so no cache on the way may keep it.',
        ],
        parameters: middlewareParameters(true),
        returnType: 'void',
        statements: code(
          'if (request.headers.authorization !== undefined || extractAccessToken(request)) {',
          "  response.setHeader('Cache-Control', 'no-store');",
          '}',
          'next();',
        ),
      }),
    ],
  );
}
