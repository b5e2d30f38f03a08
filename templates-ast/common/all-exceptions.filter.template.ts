// src/common/all-exceptions.filter.ts: a client's mistake caught outside a route (bad JSON, huge body) is a 4xx, not a 500.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, constant, decorator, functionOf, tsFile } from '../_shared/ts.js';
import { REFERRED_MESSAGE } from '../database/delete-rules.template.js';
import { SEARCH_TIMEOUT } from '../database/search-bound.template.js';

export function allExceptionsFilterTemplate(options: ProjectOptions): TypeScriptFile {
  const fastify = options.http === 'fastify';
  return tsFile(
    'src/common/all-exceptions.filter.ts',
    [
      pkg('@nestjs/common', 'Catch', 'HttpException'),
      pkgTypes('@nestjs/common', 'ArgumentsHost'),
      pkg('@nestjs/core', 'BaseExceptionFilter'),
      ...(fastify ? [] : [use('bodyLimits', 'BODY_LIMITS')]),
      { from: SEARCH_TIMEOUT, named: ['SearchTimeoutException'] },
    ],
    [
      constant(
        'REASONS',
        code(
          '{',
          "  400: 'Bad Request',",
          "  401: 'Unauthorized',",
          "  403: 'Forbidden',",
          "  404: 'Not Found',",
          "  409: 'Conflict',",
          "  413: 'Payload Too Large',",
          "  415: 'Unsupported Media Type',",
          '}',
        ),
        { isExported: false, type: 'Record<number, string>' },
      ),
      ...(fastify
        ? []
        : [
            constant(
              'PARSER_MESSAGES',
              code(
                '{',
                "  'parameters.too.many': `A form body may have at most ${BODY_LIMITS.keys} fields`,",
                '}',
              ),
              {
                isExported: false,
                type: 'Record<string, string>',
                docs: ["body-parser's messages that do not name the limit, by the error's `type`."],
              },
            ),
          ]),
      functionOf({
        name: 'asClientError',
        docs: [
          fastify
            ? "Errors of the HTTP layer (Fastify's body parsing and limits) carry a 4xx `statusCode`; those are the"
            : 'Errors of the HTTP layer (body-parser, http-errors) carry `status` and `expose`; those are the',
          "client's mistakes, answered in Nest's error shape (as are HttpExceptions that lack `error`).",
          'Anything else stays a 500, which Nest logs without telling the client details.',
        ],
        parameters: [{ name: 'exception', type: 'unknown' }],
        returnType: 'HttpException | undefined',
        statements: code(
          'if (exception instanceof HttpException) {',
          '  const body = exception.getResponse();',
          "  const complete = typeof body === 'object' && 'error' in body;",
          '  if (complete || exception.getStatus() > 499) return undefined;',
          fastify
            ? '  return withReason(exception.getStatus(), exception.message);'
            : '  return withReason(exception.getStatus(), parserMessage(exception.cause) ?? exception.message);',
          '}',
          "if (typeof exception !== 'object' || exception === null) return undefined;",
          ...(fastify
            ? [
                'const { statusCode: status, message } = exception as Record<string, unknown>;',
                "if (typeof status !== 'number' || status < 400 || status > 499) return undefined;",
              ]
            : [
                'const { status, expose, message } = exception as Record<string, unknown>;',
                "if (typeof status !== 'number' || status < 400 || status > 499 || expose !== true) return undefined;",
              ]),
          fastify
            ? 'return withReason(status, String(message));'
            : 'return withReason(status, parserMessage(exception) ?? String(message));',
        ),
      }),
      functionOf({
        name: 'referenceConflict',
        docs: [
          'A foreign key that refused the change (the delete rule `restrict`, or a referenced entry deleted',
          "meanwhile): the client's 409, not a 500. PostgreSQL 23503, SQLite's FOREIGNKEY, MySQL 1451/1452.",
        ],
        parameters: [
          { name: 'exception', type: 'unknown' },
          { name: 'method', type: 'string' },
        ],
        returnType: 'HttpException | undefined',
        statements: code(
          "if (typeof exception !== 'object' || exception === null) return undefined;",
          'const { code, message } = exception as { code?: unknown; message?: unknown };',
          "const codes = ['23503', 'ER_ROW_IS_REFERENCED_2', 'ER_NO_REFERENCED_ROW_2'];",
          '// SQLite says FOREIGNKEY, or TRIGGER for ON DELETE RESTRICT, with one message for both.',
          "const sqlite = typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT') && String(message).includes('FOREIGN KEY');",
          "if (!sqlite && !(typeof code === 'string' && codes.includes(code))) return undefined;",
          "return method === 'DELETE'",
          `  ? withReason(409, '${REFERRED_MESSAGE}')`,
          "  : withReason(409, 'A reference names an entry that does not exist any more');",
        ),
      }),
      ...(fastify
        ? []
        : [
            functionOf({
              name: 'parserMessage',
              isExported: false,
              docs: [
                'A message naming the limit for a body-parser error (Nest passes it on as the cause).',
              ],
              parameters: [{ name: 'error', type: 'unknown' }],
              returnType: 'string | undefined',
              statements: code(
                "const type = typeof error === 'object' && error !== null ? (error as { type?: unknown }).type : undefined;",
                "return typeof type === 'string' ? PARSER_MESSAGES[type] : undefined;",
              ),
            }),
          ]),
      functionOf({
        name: 'withReason',
        isExported: false,
        docs: ["Nest's error body: `{ statusCode, message, error }`."],
        parameters: [
          { name: 'status', type: 'number' },
          { name: 'message', type: 'string' },
        ],
        returnType: 'HttpException',
        statements: code(
          "return new HttpException({ statusCode: status, message, error: REASONS[status] ?? 'Error' }, status);",
        ),
      }),
      classOf({
        name: 'AllExceptionsFilter',
        decorators: [decorator('Catch')],
        extends: 'BaseExceptionFilter',
        methods: [
          {
            name: 'catch',
            hasOverrideKeyword: true,
            parameters: [
              { name: 'exception', type: 'unknown' },
              { name: 'host', type: 'ArgumentsHost' },
            ],
            returnType: 'void',
            statements: code(
              "const method = host.getType() === 'http' ? host.switchToHttp().getRequest<{ method: string }>().method : '';",
              "// A search stopped at its bound (search-timeout.ts) says when to try again; Express's response and",
              "// Fastify's reply both set a header with header().",
              "if (exception instanceof SearchTimeoutException && host.getType() === 'http') {",
              "  host.switchToHttp().getResponse<{ header(name: string, value: string): unknown }>().header('Retry-After', String(exception.retryAfter));",
              '}',
              'super.catch(referenceConflict(exception, method) ?? asClientError(exception) ?? exception, host);',
            ),
          },
        ],
      }),
    ],
  );
}
