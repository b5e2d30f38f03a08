// src/app.setup.ts: what the running app and the e2e tests share: request logging, headers, body parsers and limits, validation, errors.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';

export function appSetupTemplate(): TypeScriptFile {
  return tsFile(
    'src/app.setup.ts',
    [
      pkg('@nestjs/common', 'ValidationPipe'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/core', 'HttpAdapterHost'),
      pkgTypes('@nestjs/platform-express', 'NestExpressApplication'),
      { from: 'helmet', default: 'helmet' },
      use('requestLogger', 'requestLogger', 'REQUEST_ID_HEADER'),
      use('accessToken', 'captureAccessToken'),
      use('bodyLimits', 'BODY_LIMITS', 'acceptBodyTypes', 'limitBodies'),
      use('exceptionFilter', 'AllExceptionsFilter'),
      use('headers', 'corsOrigins', 'noStoreWhenAuthenticated', 'trustProxySetting'),
      use('requestChecks', 'checkRequests'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      constant('BODY_LIMIT', "'1mb'", {
        docs: ['Larger bodies are refused with 413 before they are read.'],
      }),
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
          "app.set('trust proxy', trustProxySetting(config.get('TRUST_PROXY', { infer: true })));",
          "const pretty = config.get('NODE_ENV', { infer: true }) === 'development';",
          "app.use(requestLogger(config.get('LOG_LEVEL', { infer: true }), pretty));",
          'app.use(helmet());',
          'app.use(checkRequests);',
          'app.use(acceptBodyTypes);',
          "app.useBodyParser('json', { limit: BODY_LIMIT });",
          '// Flat forms only (`extended: false`): `a[b]=1` is the key `a[b]`, never a nested object.',
          "app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false, parameterLimit: BODY_LIMITS.keys });",
          'app.use(limitBodies);',
          'app.use(captureAccessToken);',
          'app.use(noStoreWhenAuthenticated);',
          'app.useGlobalPipes(',
          '  new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),',
          ');',
          'app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost).httpAdapter));',
          "const origins = corsOrigins(config.get('CORS_ORIGINS', { infer: true }));",
          'if (origins.length > 0) {',
          "  app.enableCors({ origin: origins, exposedHeaders: ['X-Total-Count', 'Link', REQUEST_ID_HEADER] });",
          '}',
          'app.enableShutdownHooks();',
          'return app;',
        ),
      }),
    ],
  );
}
