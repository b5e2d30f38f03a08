// src/graphql/graphql-errors.ts: a resolver's error as GraphQL answers it, with the code and status REST would give.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile } from '../_shared/ts.js';

/** Apollo's `extensions.code` for each HTTP status of a refusal. */
const CODES: [number, string][] = [
  [400, 'BAD_USER_INPUT'],
  [401, 'UNAUTHENTICATED'],
  [403, 'FORBIDDEN'],
  [404, 'NOT_FOUND'],
  [409, 'CONFLICT'],
  [413, 'BAD_USER_INPUT'],
  [429, 'TOO_MANY_REQUESTS'],
  [503, 'SERVICE_UNAVAILABLE'],
];

export function graphqlErrorsTemplate(): TypeScriptFile {
  return tsFile(
    'src/graphql/graphql-errors.ts',
    [
      pkg('@nestjs/common', 'HttpException', 'Logger'),
      pkg('graphql', 'GraphQLError'),
      pkgTypes('graphql', 'GraphQLFormattedError'),
      use('exceptionFilter', 'asClientError', 'referenceConflict'),
    ],
    [
      constant(
        'CODES',
        code('{', ...CODES.map(([status, name]) => `  ${status}: '${name}',`), '}'),
        {
          isExported: false,
          type: 'Record<number, string>',
          docs: ["The `extensions.code` of each refusal, as Apollo's clients know them."],
        },
      ),
      constant('logger', "new Logger('GraphQL')", { isExported: false }),
      functionOf({
        name: 'formatError',
        docs: [
          "A resolver's error as the client sees it: a refusal (HttpException, a foreign key's conflict) keeps",
          'its message, with a code and the HTTP status REST would answer; anything else is logged with its',
          "stack and answered `INTERNAL_SERVER_ERROR` without details, as REST's 500.",
        ],
        parameters: [
          { name: 'error', type: 'GraphQLError' },
          { name: 'mutation', type: 'boolean' },
        ],
        returnType: 'GraphQLFormattedError',
        statements: code(
          'const original = error.originalError;',
          'if (!original || original instanceof GraphQLError) return error.toJSON();',
          'const refusal =',
          '  asClientError(original) ??',
          '  (original instanceof HttpException && original.getStatus() < 500 ? original : undefined) ??',
          "  referenceConflict(original, mutation ? 'DELETE' : 'GET') ??",
          '  (original instanceof HttpException && original.getStatus() === 503 ? original : undefined);',
          'if (refusal) {',
          '  const status = refusal.getStatus();',
          '  return {',
          '    message: reason(refusal),',
          '    locations: error.locations,',
          '    path: error.path,',
          "    extensions: { code: CODES[status] ?? 'BAD_REQUEST', status },",
          '  };',
          '}',
          'logger.error(original, original.stack);',
          'return {',
          "  message: 'Internal server error',",
          '  locations: error.locations,',
          '  path: error.path,',
          "  extensions: { code: 'INTERNAL_SERVER_ERROR', status: 500 },",
          '};',
        ),
      }),
      functionOf({
        name: 'reason',
        isExported: false,
        docs: [
          "The reason Nest would give: class-validator's messages joined, or the exception's own.",
        ],
        parameters: [{ name: 'exception', type: 'HttpException' }],
        returnType: 'string',
        statements: code(
          'const body = exception.getResponse();',
          "if (typeof body === 'object' && body !== null && 'message' in body) {",
          '  const { message } = body;',
          "  if (Array.isArray(message)) return message.join('; ');",
          "  if (typeof message === 'string') return message;",
          '}',
          'return exception.message;',
        ),
      }),
    ],
  );
}
