// src/graphql/graphql-input.ts: a field's arguments checked as REST checks a body, an `:id` and a list's query string.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile, typeAlias } from '../_shared/ts.js';

export function graphqlInputTemplate(): TypeScriptFile {
  return tsFile(
    'src/graphql/graphql-input.ts',
    [
      pkg('@nestjs/common', 'ValidationPipe'),
      use('appSetup', 'VALIDATION'),
      use('parseId', 'ParseIdPipe'),
      use('listQuery', 'MAX_COUNT', 'parseListQuery', 'ListQuery', 'ListSpec'),
      use('paging', 'Page'),
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
      interfaceOf({
        name: 'PageAnswer',
        typeParameters: ['V'],
        docs: [
          "What a page field answers (`ArticlePage`): REST's body, X-Total-Count and Link in one.",
        ],
        properties: [
          { name: 'items', type: 'V[]' },
          {
            name: 'total',
            type: 'number | null',
            docs: [
              'Counted up to MAX_COUNT (more is answered as MAX_COUNT); null with `count: false`.',
            ],
          },
          {
            name: 'next',
            type: 'string | null',
            docs: ['With `after`: the cursor of the next page, null on the last one.'],
          },
        ],
      }),
      functionOf({
        name: 'pageAnswer',
        typeParameters: ['T', 'V'],
        docs: [
          'A page of a list, its entries shown as REST shows them, with its count and next cursor.',
        ],
        parameters: [
          { name: 'page', type: 'Page<T>' },
          { name: 'view', type: '(item: T) => V' },
        ],
        returnType: 'PageAnswer<V>',
        statements: code(
          'const last = page.items.length - 1;',
          'return {',
          '  items: page.items.map((item) => view(item)),',
          '  total: page.total === undefined ? null : Math.min(page.total, MAX_COUNT),',
          '  next: page.after && page.more && last >= 0 ? page.after(last) : null,',
          '};',
        ),
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
