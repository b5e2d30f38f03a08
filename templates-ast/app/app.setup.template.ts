// src/app.setup.ts: what the running app and the e2e tests share: request logging, headers, body parsers and limits, validation, errors.
import type { ImportRef, TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';

export function appSetupTemplate(options: ProjectOptions): TypeScriptFile {
  if (options.http === 'fastify') return fastifySetupTemplate(options);
  const { apiRoot, forceHttps } = options;
  return tsFile(
    'src/app.setup.ts',
    setupImports(
      options,
      [pkgTypes('@nestjs/platform-express', 'NestExpressApplication')],
      ['BODY_LIMITS', 'acceptBodyTypes', 'limitBodies'],
    ),
    [
      constant('BODY_LIMIT', "'1mb'", {
        docs: ['Larger bodies are refused with 413 before they are read.'],
      }),
      constant('VALIDATION', '{ whitelist: true, forbidNonWhitelisted: true, transform: true }', {
        type: 'ValidationPipeOptions',
        docs: [
          "The global ValidationPipe's options; GraphQL's arguments (graphql-input.ts) are checked with them too.",
        ],
      }),
      ...(apiRoot ? apiRootPieces(apiRoot) : []),
      functionOf({
        name: 'configureApp',
        docs: [
          'Create the app with `{ bodyParser: false }`: the parsers are set up here, with their limits.',
          'Order matters: requests are checked before their body is read, bodies before any pipe runs.',
        ],
        parameters: [{ name: 'app', type: 'NestExpressApplication' }],
        returnType: 'NestExpressApplication',
        statements: code(
          'const config = app.get<ConfigService<Environment, true>>(ConfigService);',
          ...(forceHttps
            ? [
                "const trustProxy = trustProxySetting(config.get('TRUST_PROXY', { infer: true }));",
                "app.set('trust proxy', trustProxy);",
              ]
            : [
                "app.set('trust proxy', trustProxySetting(config.get('TRUST_PROXY', { infer: true })));",
              ]),
          ...(apiRoot ? ['setApiRoot(app);'] : []),
          ...USE_LOGGER,
          'app.use(requestLogger(logger));',
          'app.use(helmet());',
          'app.use(checkRequests);',
          ...(forceHttps
            ? [
                "if (config.get('NODE_ENV', { infer: true }) === 'production') {",
                '  app.use(forceHttps(trustProxy));',
                '}',
              ]
            : []),
          'app.use(acceptBodyTypes);',
          "app.useBodyParser('json', { limit: BODY_LIMIT });",
          '// Flat forms only (`extended: false`): `a[b]=1` is the key `a[b]`, never a nested object.',
          "app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false, parameterLimit: BODY_LIMITS.keys });",
          'app.use(limitBodies);',
          "// A body is read in stream events, outside the request's async context: its logger is set again.",
          'app.use(withRequestLog);',
          'app.use(captureAccessToken);',
          'app.use(noStoreWhenAuthenticated);',
          ...AFTER_BODIES,
        ),
      }),
    ],
  );
}

/** API_ROOT and what puts the routes under it, shared by the app and `npm run docs`. */
const apiRootPieces = (apiRoot: string) => [
  constant('API_ROOT', `'${apiRoot}'`, {
    docs: ['Every route is under it but /health (load balancers probe it there) and /docs.'],
  }),
  functionOf({
    name: 'setApiRoot',
    parameters: [{ name: 'app', type: 'INestApplication' }],
    returnType: 'void',
    statements: code("app.setGlobalPrefix(API_ROOT, { exclude: ['health'] });"),
  }),
];

/**
 * --http fastify: the same work as Express's middleware, as Fastify hooks. onRequest hooks run before
 * the body is read, preValidation hooks after it is parsed and before guards and pipes.
 */
function fastifySetupTemplate(options: ProjectOptions): TypeScriptFile {
  const { apiRoot, forceHttps } = options;
  return tsFile(
    'src/app.setup.ts',
    setupImports(
      options,
      [
        pkg('@nestjs/platform-fastify', 'FastifyAdapter'),
        pkgTypes('@nestjs/platform-fastify', 'NestFastifyApplication'),
        pkgTypes('fastify', 'FastifyReply', 'FastifyRequest', 'HookHandlerDoneFunction'),
      ],
      ['acceptBodyTypes', 'limitBodies', 'parseForm'],
    ),
    [
      constant('BODY_LIMIT', '1024 * 1024', {
        docs: ['Larger bodies (in bytes) are refused with 413 before they are read.'],
      }),
      constant('VALIDATION', '{ whitelist: true, forbidNonWhitelisted: true, transform: true }', {
        type: 'ValidationPipeOptions',
        docs: [
          "The global ValidationPipe's options; GraphQL's arguments (graphql-input.ts) are checked with them too.",
        ],
      }),
      ...(apiRoot ? apiRootPieces(apiRoot) : []),
      functionOf({
        name: 'createAdapter',
        docs: [
          'The Fastify adapter of the app and the e2e tests. Its options are fixed before the app exists, so',
          'TRUST_PROXY is read from the environment, where ConfigModule has put the `.env` file.',
        ],
        returnType: 'FastifyAdapter',
        statements: code(
          'return new FastifyAdapter({',
          '  bodyLimit: BODY_LIMIT,',
          "  trustProxy: trustProxySetting(process.env.TRUST_PROXY ?? 'false'),",
          "  // A route parameter past Fastify's 100 characters is a 414; a long unknown token is a 404 here, as on Express.",
          '  routerOptions: { maxParamLength: 1000 },',
          '  // bodyProblem refuses the keys __proto__ and constructor, with one 400 for every body type.',
          "  onProtoPoisoning: 'ignore',",
          "  onConstructorPoisoning: 'ignore',",
          '});',
        ),
      }),
      functionOf({
        name: 'configureApp',
        docs: [
          'Create the app with createAdapter(). Order matters: requests are checked before their body is',
          'read (onRequest hooks), bodies before any guard or pipe runs (preValidation hooks).',
        ],
        parameters: [{ name: 'app', type: 'NestFastifyApplication' }],
        returnType: 'NestFastifyApplication',
        statements: code(
          'const config = app.get<ConfigService<Environment, true>>(ConfigService);',
          ...(apiRoot ? ['setApiRoot(app);'] : []),
          'const fastify = app.getHttpAdapter().getInstance();',
          ...USE_LOGGER,
          'const logRequest = requestLogger(logger);',
          'const secure = helmet();',
          "fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {",
          '  logRequest(request.raw, reply.raw, done);',
          '});',
          "fastify.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {",
          '  secure(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));',
          '});',
          "fastify.addHook('onRequest', checkRequests);",
          ...(forceHttps
            ? [
                "if (config.get('NODE_ENV', { infer: true }) === 'production') {",
                "  fastify.addHook('onRequest', forceHttps(trustProxySetting(config.get('TRUST_PROXY', { infer: true }))));",
                '}',
              ]
            : []),
          "fastify.addHook('onRequest', acceptBodyTypes);",
          '// Flat forms only: `a[b]=1` is the key `a[b]`, never a nested object.',
          "app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit: BODY_LIMIT }, (_request: FastifyRequest, body: Buffer, done: (error: Error | null, form?: object) => void) => {",
          '  done(null, parseForm(body));',
          '});',
          "fastify.addHook('preValidation', limitBodies);",
          "// A body is read in stream events, outside the request's async context: its logger is set again.",
          "fastify.addHook('preValidation', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {",
          '  withRequestLog(request.raw, reply.raw, done);',
          '});',
          "fastify.addHook('preValidation', captureAccessToken);",
          "fastify.addHook('preValidation', noStoreWhenAuthenticated);",
          ...AFTER_BODIES,
        ),
      }),
    ],
  );
}

/** The imports both platforms' setups share, around the platform's own and the body limits' names. */
function setupImports(
  options: ProjectOptions,
  platform: ImportRef[],
  bodyLimits: string[],
): ImportRef[] {
  const { apiRoot, forceHttps } = options;
  return [
    pkg('@nestjs/common', 'ValidationPipe'),
    pkgTypes('@nestjs/common', 'ValidationPipeOptions'),
    pkg('@nestjs/config', 'ConfigService'),
    pkg('@nestjs/core', 'HttpAdapterHost'),
    ...(apiRoot ? [pkgTypes('@nestjs/common', 'INestApplication')] : []),
    ...platform,
    { from: 'helmet', default: 'helmet' },
    use('appLogger', 'AppLogger', 'createLogger', 'withRequestLog'),
    use('requestLogger', 'requestLogger', 'REQUEST_ID_HEADER'),
    use('accessToken', 'captureAccessToken'),
    use('bodyLimits', ...bodyLimits),
    use('exceptionFilter', 'AllExceptionsFilter'),
    use(
      'headers',
      'corsOrigins',
      ...(forceHttps ? ['forceHttps'] : []),
      'noStoreWhenAuthenticated',
      'trustProxySetting',
    ),
    use('requestChecks', 'checkRequests', 'limitRequestTime'),
    { from: 'src/config/environment.ts', types: ['Environment'] },
  ];
}

/**
 * Nest's own lines (start-up, SQL, 500s, every `new Logger()`) go through the pino logger of the
 * request lines: main.ts buffers them until here.
 */
const USE_LOGGER = [
  "const pretty = config.get('NODE_ENV', { infer: true }) === 'development';",
  "const logger = createLogger(config.get('LOG_LEVEL', { infer: true }), pretty);",
  'app.useLogger(new AppLogger(logger));',
];

/** Both platforms' setups end alike: validation, the error filter, CORS and the shutdown hooks. */
const AFTER_BODIES = [
  'app.useGlobalPipes(new ValidationPipe(VALIDATION));',
  'app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost).httpAdapter));',
  "const origins = corsOrigins(config.get('CORS_ORIGINS', { infer: true }));",
  'if (origins.length > 0) {',
  "  app.enableCors({ origin: origins, exposedHeaders: ['X-Total-Count', 'X-Total-Count-Exact', 'Link', REQUEST_ID_HEADER] });",
  '}',
  "limitRequestTime(app.getHttpServer(), config.get('REQUEST_TIMEOUT', { infer: true }));",
  'app.enableShutdownHooks();',
  'return app;',
];
