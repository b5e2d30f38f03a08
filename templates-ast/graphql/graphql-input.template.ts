// src/graphql/graphql-input.ts: a field's arguments checked as REST checks a body, an `:id` and a list's query string.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, constant, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

export function graphqlInputTemplate(): TypeScriptFile {
  return tsFile(
    'src/graphql/graphql-input.ts',
    [
      pkg('@nestjs/common', 'ValidationPipe'),
      use('appSetup', 'VALIDATION'),
      use('parseId', 'ParseIdPipe'),
      use('listQuery', 'parseListQuery', 'ListQuery', 'ListSpec'),
    ],
    [
      constant('validation', 'new ValidationPipe(VALIDATION)', {
        isExported: false,
        docs: ["The app's global ValidationPipe (app.setup.ts): the same checks as a REST body."],
      }),
      constant('ids', 'new ParseIdPipe()', { isExported: false }),
      functionOf({
        name: 'checkedInput',
        isAsync: true,
        typeParameters: ['T'],
        docs: [
          "A mutation's `input`, checked and turned into its DTO as a REST body is: a 400 names what is wrong.",
        ],
        parameters: [
          { name: 'dto', type: 'new () => T' },
          { name: 'input', type: 'unknown' },
        ],
        returnType: 'Promise<T>',
        statements: code(
          "return (await validation.transform(input ?? {}, { type: 'body', metatype: dto })) as T;",
        ),
      }),
      functionOf({
        name: 'checkedId',
        docs: ['An `id` argument, checked as the `:id` of a route.'],
        parameters: [{ name: 'id', type: 'unknown' }],
        returnType: 'string',
        statements: code('return ids.transform(String(id));'),
      }),
      typeAlias('Scalar', 'string | number | boolean', false),
      constant('OPERATOR', '/_(gte|lte|in)$/', {
        isExported: false,
        docs: [
          "GraphQL's names of the filter operators: `views_gte` is the query string's `views.gte`.",
        ],
      }),
      functionOf({
        name: 'listQueryOf',
        docs: [
          "A list field's arguments as the query string REST reads (`views_in: [1, 2]` is `views.in=1,2`),",
          'checked by the same parser: the same limits and the same 400s.',
        ],
        parameters: [
          { name: 'args', type: 'Record<string, unknown>' },
          { name: 'spec', type: 'ListSpec' },
        ],
        returnType: 'ListQuery',
        statements: code(
          'const query: Record<string, string> = {};',
          'for (const [name, value] of Object.entries(args)) {',
          '  if (value === undefined || value === null) continue;',
          "  const key = name.replace(OPERATOR, '.$1');",
          '  // The schema gives list fields scalar arguments, or lists of scalars.',
          '  const given = value as Scalar | Scalar[];',
          "  query[key] = Array.isArray(given) ? given.join(',') : String(given);",
          '}',
          'return parseListQuery(query, spec);',
        ),
      }),
    ],
  );
}
