// src/app.setup.ts: what the running app and the e2e tests share: request logging, body parsers and limits, validation, errors.
import type { TypeScriptFile } from '../../src/generator/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';

export function appSetupTemplate(): TypeScriptFile {
  return tsFile(
    'src/app.setup.ts',
    [
      pkg('@nestjs/common', 'ValidationPipe'),
      pkg('@nestjs/core', 'HttpAdapterHost'),
      pkgTypes('@nestjs/platform-express', 'NestExpressApplication'),
      pkg('@nestjs/config', 'ConfigService'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      use('requestLogger', 'requestLogger', 'REQUEST_ID_HEADER'),
      use('accessToken', 'captureAccessToken'),
      use('exceptionFilter', 'AllExceptionsFilter'),
    ],
    [
      constant('BODY_LIMIT', "'1mb'", {
        docs: ['Larger bodies are refused with 413 before they are read.'],
      }),
      functionOf({
        name: 'configureApp',
        docs: [
          'Create the app with `{ bodyParser: false }`: the parsers are set up here, with their limit.',
        ],
        parameters: [{ name: 'app', type: 'NestExpressApplication' }],
        returnType: 'NestExpressApplication',
        statements: code(
          'const config = app.get<ConfigService<Environment, true>>(ConfigService);',
          "const pretty = config.get('NODE_ENV', { infer: true }) === 'development';",
          "app.use(requestLogger(config.get('LOG_LEVEL', { infer: true }), pretty));",
          "app.disable('x-powered-by');",
          "app.useBodyParser('json', { limit: BODY_LIMIT });",
          "app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });",
          'app.use(captureAccessToken);',
          'app.useGlobalPipes(',
          '  new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),',
          ');',
          'app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost).httpAdapter));',
          "app.enableCors({ exposedHeaders: ['X-Total-Count', 'Link', REQUEST_ID_HEADER] });",
          'app.enableShutdownHooks();',
          'return app;',
        ),
      }),
    ],
  );
}
