// src/common/headers.ts: what answers tell browsers and caches: CORS origins, proxies, no caching of private answers.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkgTypes, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile, middlewareParameters } from '../_shared/ts.js';

export function headersTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/common/headers.ts',
    [
      pkgTypes(
        'express',
        'NextFunction',
        'Request',
        ...(options.forceHttps ? ['RequestHandler'] : []),
        'Response',
      ),
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
      ...(options.forceHttps ? [forceHttps] : []),
    ],
  );
}

const forceHttps = functionOf({
  name: 'forceHttps',
  docs: [
    'Middleware for production: a request that did not come over https is sent there, same host and',
    "path: 301 for GET and HEAD, 308 for the others so that the body is sent again. Express's",
    '`request.secure` reads X-Forwarded-Proto from the proxies TRUST_PROXY trusts, and from nobody',
    'else: without it, every request would look like plain HTTP, so that is refused at start-up.',
    '/health answers over HTTP: load balancers probe it so.',
  ],
  parameters: [{ name: 'trustProxy', type: 'boolean | number | string' }],
  returnType: 'RequestHandler',
  statements: code(
    'if (trustProxy === false || trustProxy === 0) {',
    '  throw new Error(',
    "    'Plain HTTP is redirected to https in production, and this server only speaks HTTP: set TRUST_PROXY to the proxy that ends TLS (for example TRUST_PROXY=1), so that X-Forwarded-Proto is believed.',",
    '  );',
    '}',
    'return (request: Request, response: Response, next: NextFunction): void => {',
    "  if (request.secure || request.path === '/health') return next();",
    '  const host = request.headers.host;',
    '  if (!host) {',
    '    response.status(400).json({',
    '      statusCode: 400,',
    "      message: 'Use https, with a Host header',",
    "      error: 'Bad Request',",
    '    });',
    '    return;',
    '  }',
    "  const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;",
    '  response.redirect(status, `https://${host}${request.originalUrl}`);',
    '};',
  ),
});
