// src/common/headers.ts: what answers tell browsers and caches: CORS origins, proxies, no caching of private answers.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { beforeRouteParameters, httpNames } from '../_shared/http.js';
import { pkgTypes, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';

export function headersTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/common/headers.ts',
    [
      options.http === 'fastify'
        ? pkgTypes(
            'fastify',
            'FastifyReply',
            'FastifyRequest',
            'HookHandlerDoneFunction',
            ...(options.forceHttps ? ['onRequestHookHandler'] : []),
          )
        : pkgTypes(
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
          options.http === 'fastify'
            ? "TRUST_PROXY as Fastify's `trustProxy` takes it: true or false, a number of proxies, or"
            : "TRUST_PROXY as Express's `trust proxy` takes it: true or false, a number of proxies, or",
          'addresses and subnets (`loopback, 10.0.0.0/8`).',
        ],
        parameters: [{ name: 'value', type: 'string' }],
        returnType:
          options.http === 'fastify'
            ? 'boolean | string | ((address: string, hop: number) => boolean)'
            : 'boolean | number | string',
        statements:
          options.http === 'fastify'
            ? code(
                "if (value === 'true' || value === 'false' || value === '0') return value === 'true';",
                'if (!/^\\d+$/.test(value)) return value;',
                '// A number of proxies: the addresses of that many hops from this server are trusted.',
                'const hops = Number(value);',
                'return (_address: string, hop: number) => hop < hops;',
              )
            : code(
                "if (value === 'true' || value === 'false') return value === 'true';",
                'return /^\\d+$/.test(value) ? Number(value) : value;',
              ),
      }),
      functionOf({
        name: 'noStoreWhenAuthenticated',
        docs: [
          `${options.http === 'fastify' ? 'A preValidation hook' : 'Middleware'}, after the access token is captured: an answer to a request that carries credentials`,
          'may hold private data or a token, so no cache on the way may keep it.',
        ],
        parameters: beforeRouteParameters(options, true),
        returnType: 'void',
        statements: code(
          'if (request.headers.authorization !== undefined || extractAccessToken(request)) {',
          `  ${httpNames(options).answer}.${httpNames(options).setHeader}('Cache-Control', 'no-store');`,
          '}',
          `${httpNames(options).next}();`,
        ),
      }),
      ...(options.forceHttps ? [options.http === 'fastify' ? forceHttpsHook : forceHttps] : []),
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

const forceHttpsHook = functionOf({
  name: 'forceHttps',
  docs: [
    'An onRequest hook for production: a request that did not come over https is sent there, same host',
    "and path: 301 for GET and HEAD, 308 for the others so that the body is sent again. Fastify's",
    '`request.protocol` reads X-Forwarded-Proto from the proxies TRUST_PROXY trusts, and from nobody',
    'else: without it, every request would look like plain HTTP, so that is refused at start-up.',
    '/health answers over HTTP: load balancers probe it so.',
  ],
  parameters: [{ name: 'trustProxy', type: 'ReturnType<typeof trustProxySetting>' }],
  returnType: 'onRequestHookHandler',
  statements: code(
    'if (trustProxy === false) {',
    '  throw new Error(',
    "    'Plain HTTP is redirected to https in production, and this server only speaks HTTP: set TRUST_PROXY to the proxy that ends TLS (for example TRUST_PROXY=1), so that X-Forwarded-Proto is believed.',",
    '  );',
    '}',
    'return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {',
    "  if (request.protocol === 'https' || request.url.split('?')[0] === '/health') return done();",
    '  const host = request.headers.host;',
    '  if (!host) {',
    "    void reply.status(400).send({ statusCode: 400, message: 'Use https, with a Host header', error: 'Bad Request' });",
    '    return;',
    '  }',
    "  const status = request.method === 'GET' || request.method === 'HEAD' ? 301 : 308;",
    '  void reply.redirect(`https://${host}${request.url}`, status);',
    '};',
  ),
});
