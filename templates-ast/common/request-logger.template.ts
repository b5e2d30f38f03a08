// src/common/request-logger.ts: one JSON line per request, with a request id and no secrets;
// the app's own lines while serving it carry that id too (src/common/app-logger.ts).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

export function requestLoggerTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/request-logger.ts',
    [
      pkg('node:crypto', 'randomUUID'),
      pkgTypes('node:http', 'IncomingHttpHeaders', 'IncomingMessage', 'ServerResponse'),
      pkgTypes('pino', 'Level', 'Logger'),
      use('appLogger', 'runWithRequestLog', 'startRequestLog', 'writeLine'),
    ],
    [
      constant('REQUEST_ID_HEADER', "'X-Request-Id'"),
      constant('SAFE_REQUEST_ID', '/^[\\w.:-]{1,64}$/', {
        isExported: false,
        docs: [
          "A caller's id is kept only when it is short and cannot forge log lines or headers.",
        ],
      }),
      constant('SECRET_IN_URL', '/[?&]|^\\/password-resets\\//i', {
        isExported: false,
        docs: [
          'Where withoutSecrets may find something: most URLs have neither, and skip its two replaces.',
        ],
      }),
      constant('SECRET_HEADERS', "['authorization', 'cookie']", {
        isExported: false,
        docs: [
          "Bodies and answers' headers are never logged; these are the secrets a request line holds.",
        ],
      }),
      typeAlias('LoggedRequest', 'IncomingMessage & { id?: unknown; originalUrl?: string }', false),
      functionOf({
        name: 'requestId',
        docs: [
          'The `X-Request-Id` the caller sent, if it is safe, else a new one; echoed in the answer.',
        ],
        parameters: [
          { name: 'req', type: 'IncomingMessage' },
          { name: 'res', type: 'ServerResponse' },
        ],
        returnType: 'string',
        statements: code(
          "const given = req.headers['x-request-id'];",
          "const id = typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();",
          'res.setHeader(REQUEST_ID_HEADER, id);',
          'return id;',
        ),
      }),
      functionOf({
        name: 'withoutSecrets',
        docs: [
          '`/users?access_token=...` is logged as `/users?access_token=[Redacted]`, and the token of a',
          'password reset link (`/password-resets/...`) as `[Redacted]`.',
        ],
        parameters: [{ name: 'url', type: 'string' }],
        returnType: 'string',
        statements: code(
          'if (!SECRET_IN_URL.test(url)) return url;',
          'return url',
          "  .replace(/([?&](?:access(?:_|%5f)token|password|token)=)[^&#]*/gi, '$1[Redacted]')",
          "  .replace(/^(\\/password-resets\\/)[^/?#]+/i, '$1[Redacted]');",
        ),
      }),
      functionOf({
        name: 'requestLine',
        isExported: false,
        docs: [
          'What a log line says of a request. Built here rather than by pino-std-serializers and a',
          "`redact` list: those copy and then walk every request's headers, query and answer headers,",
          'a sixth of the time of a small GET. The headers are copied only when there is a secret to hide.',
        ],
        parameters: [{ name: 'req', type: 'LoggedRequest' }],
        returnType: 'object',
        statements: code(
          'let headers: IncomingHttpHeaders = req.headers;',
          'for (const name of SECRET_HEADERS) {',
          "  if (headers[name] !== undefined) headers = { ...headers, [name]: '[Redacted]' };",
          '}',
          'return {',
          '  id: req.id,',
          '  method: req.method,',
          "  url: withoutSecrets(req.originalUrl ?? req.url ?? ''),",
          '  headers,',
          '  remoteAddress: req.socket.remoteAddress,',
          '};',
        ),
      }),
      functionOf({
        name: 'requestLogger',
        docs: [
          'The middleware `configureApp` installs first, so that refused bodies are logged too: when the',
          "answer is sent (or the client leaves), one line through the app's logger, at info, warn from",
          '400 and error from 500, the shape pino-http writes. What is logged while serving the request',
          'carries its `reqId`. Written here rather than with pino-http, whose two child loggers per',
          'request (one with the request serialized) cost more than the line itself. A 500 goes through',
          'pino, whose `err` serializer shapes its line; the others through writeLine (app-logger.ts).',
        ],
        parameters: [{ name: 'logger', type: 'Logger' }],
        returnType: '(req: IncomingMessage, res: ServerResponse, next: () => void) => void',
        statements: code(
          'return (req: LoggedRequest, res, next) => {',
          '  const started = Date.now();',
          '  const id = requestId(req, res);',
          '  req.id = id;',
          '  const log = startRequestLog(req, logger, id);',
          "  res.once('close', () => {",
          '    const statusCode = res.statusCode;',
          "    const level: Level = statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';",
          '    if (!logger.isLevelEnabled(level)) return;',
          '    const line = { reqId: id, req: requestLine(req), res: { statusCode }, responseTime: Date.now() - started };',
          '    if (statusCode >= 500) {',
          "      logger[level]({ ...line, err: { message: `failed with status code ${statusCode}` } }, 'request errored');",
          '    } else {',
          "      writeLine(logger, level, line, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');",
          '    }',
          '  });',
          '  runWithRequestLog(log, next);',
          '};',
        ),
      }),
    ],
  );
}
