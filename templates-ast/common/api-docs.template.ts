// src/common/api-docs.ts: what the OpenAPI document says of errors, list queries and request bodies.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, constant, decorator, functionOf, property, tsFile } from '../_shared/ts.js';

/** What `q` finds: a substring on the SQL databases, words and phrases in MongoDB's text index. */
const Q_DESCRIPTION = {
  sql: 'Search text: entries whose searched fields contain it, ignoring case (Unicode); 3 to 100 characters, else 400',
  mongodb:
    'Search text, matched against the words of a MongoDB text index, not as a substring: lovelace finds Ada Lovelace, love does not; several words must appear together, in that order. Ignores case and accents; 3 to 100 characters, else 400',
};

const ERRORS: Record<number, string> = {
  400: 'The request is malformed or a value is out of range',
  401: 'The key, token or password is missing or wrong',
  403: 'Not allowed for this user',
  404: 'No entry with this id',
  409: 'It conflicts with what is stored (the message says how)',
  413: 'The body is larger than the limit',
  415: 'The body is neither JSON nor a form',
  429: 'Too many attempts: wait and try again',
};

export function apiDocsTemplate(options: ProjectOptions): TypeScriptFile {
  const q = Q_DESCRIPTION[options.database === 'mongodb' ? 'mongodb' : 'sql'];
  return tsFile(
    'src/common/api-docs.ts',
    [
      pkg('@nestjs/common', 'applyDecorators'),
      pkg('@nestjs/swagger', 'ApiConsumes', 'ApiProperty', 'ApiQuery', 'ApiResponse'),
      use('listQuery', 'MAX_LIMIT', 'ListSpec'),
      use('listFilters', 'MAX_IN_VALUES', 'FilterSpec'),
    ],
    [
      classOf({
        name: 'ErrorView',
        docs: ["The body of every error answer (Nest's shape, see AllExceptionsFilter)."],
        properties: [
          property('statusCode', 'number', [decorator('ApiProperty', '{ example: 404 }')], {
            hasExclamationToken: true,
          }),
          // A validation error lists every value it refuses; others say one thing.
          property(
            'message',
            'string | string[]',
            [
              decorator(
                'ApiProperty',
                "{ oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }], example: 'Not Found' }",
              ),
            ],
            { hasExclamationToken: true },
          ),
          property('error', 'string', [decorator('ApiProperty', "{ example: 'Not Found' }")], {
            hasExclamationToken: true,
          }),
        ],
      }),
      constant(
        'ERROR_DESCRIPTIONS',
        `{ ${Object.entries(ERRORS)
          .map(([status, text]) => `${status}: '${text}'`)
          .join(', ')} }`,
        { type: 'Record<number, string>', isExported: false },
      ),
      functionOf({
        name: 'ApiErrors',
        docs: [
          '`@ApiErrors(400, 404)`: the error answers of a route, each with the ErrorView body.',
        ],
        parameters: [{ name: 'statuses', type: 'number[]', isRestParameter: true }],
        statements: code(
          'return applyDecorators(',
          '  ...statuses.map((status) =>',
          "    ApiResponse({ status, description: ERROR_DESCRIPTIONS[status] ?? 'Error', type: ErrorView }),",
          '  ),',
          ');',
        ),
      }),
      functionOf({
        name: 'ApiBodies',
        docs: ['Request bodies are read as JSON or as an HTML form (see body-limits.ts).'],
        statements: code(
          "return ApiConsumes('application/json', 'application/x-www-form-urlencoded');",
        ),
      }),
      functionOf({
        name: 'ApiListQuery',
        docs: [
          'The query parameters of a list route (see parseListQuery), with their types, limits and',
          'the field names of its spec.',
        ],
        parameters: [{ name: 'spec', type: 'ListSpec' }],
        statements: code(
          'const named = (fields: readonly string[]) => ({',
          "  type: 'array' as const,",
          "  items: { type: 'string' as const, enum: fields.flatMap((field) => [field, `-${field}`]) },",
          '});',
          'return applyDecorators(',
          '  ApiQuery({',
          "    name: 'q',",
          '    required: false,',
          `    description: '${q}',`,
          "    schema: { type: 'string', minLength: 3, maxLength: 100 },",
          '  }),',
          '  ApiQuery({',
          "    name: 'page',",
          '    required: false,',
          "    description: 'The page, from 1',",
          "    schema: { type: 'integer', minimum: 1, default: 1 },",
          '  }),',
          '  ApiQuery({',
          "    name: 'limit',",
          '    required: false,',
          "    description: 'Entries per page',",
          "    schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 10 },",
          '  }),',
          '  ApiQuery({',
          "    name: 'after',",
          '    required: false,',
          '    description:',
          "      'Cursor paging instead of page: empty for the first page, then the cursor of the Link header\\'s next link (made for the same sort); not with page',",
          "    schema: { type: 'string', maxLength: 2048, pattern: '^[\\\\w-]*$' },",
          '  }),',
          '  ApiQuery({',
          "    name: 'count',",
          '    required: false,',
          '    description:',
          "      'false leaves out X-Total-Count (and the last page\\'s link), sparing the count of the matching entries',",
          "    schema: { type: 'boolean', default: true },",
          '  }),',
          '  ApiQuery({',
          "    name: 'fields',",
          '    required: false,',
          "    description: 'Comma list of the fields to keep, or -field to leave one out; `id` always stays',",
          "    style: 'form',",
          '    explode: false,',
          '    schema: named(spec.fields),',
          '  }),',
          '  ApiQuery({',
          "    name: 'sort',",
          '    required: false,',
          "    description: 'Comma list of indexed fields; -field for descending (default -createdAt)',",
          "    style: 'form',",
          '    explode: false,',
          '    schema: named(spec.sort),',
          '  }),',
          '  ...filterQueries(spec.filters),',
          '  ...(spec.expand.length > 0 ? [ApiExpand(spec.expand)] : []),',
          '  ApiErrors(400),',
          '  // A search, or a filter that scans, stopped at SEARCH_TIMEOUT_MS (search-timeout.ts).',
          '  ...(spec.search.length > 0 || Object.values(spec.filters).some((filter) => filter.scan === true)',
          '    ? [',
          '        ApiResponse({',
          '          status: 503,',
          "          description: 'The search, or a filter on a field without an index, costs more than SEARCH_TIMEOUT_MS allows: search for a longer or rarer text, filter by an indexed field, or try again after Retry-After',",
          '          type: ErrorView,',
          "          headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } },",
          '        }),',
          '      ]',
          '    : []),',
          ');',
        ),
      }),
      functionOf({
        name: 'ApiExpand',
        docs: [
          "`?expand=category,tags`: references embedded as their entries' views (see parseExpand).",
        ],
        parameters: [{ name: 'references', type: 'readonly string[]' }],
        statements: code(
          'return ApiQuery({',
          "  name: 'expand',",
          '  required: false,',
          "  description: 'Comma list of references to embed as the views of their entries instead of ids; one query per reference, else 400',",
          "  style: 'form',",
          '  explode: false,',
          "  schema: { type: 'array', items: { type: 'string', enum: [...references] } },",
          '});',
        ),
      }),
      constant(
        'FILTER_SCHEMAS',
        `{ string: { type: 'string', minLength: 1, maxLength: 255 }, number: { type: 'number' }, boolean: { type: 'boolean' }, date: { type: 'string', format: 'date-time' }, id: { type: 'string', ${options.database === 'mongodb' ? "pattern: '^[0-9a-f]{24}$'" : "format: 'uuid'"} } } as const`,
        {
          isExported: false,
          docs: ['What each type of filter accepts (see filterValue in list-filters.ts).'],
        },
      ),
      functionOf({
        name: 'filterQueries',
        isExported: false,
        docs: [
          '`?views=`, and for numbers and dates `?views.gte=`, `?views.lte=` and `?views.in=`: each',
          'filter of a list, typed.',
        ],
        parameters: [{ name: 'filters', type: 'Readonly<Record<string, FilterSpec>>' }],
        statements: code(
          'return Object.entries(filters).flatMap(([field, spec]) => {',
          '  const schema = FILTER_SCHEMAS[spec.type];',
          "  const scan = spec.scan ? '. No index holds it: a scan, bounded as a search is (503 past SEARCH_TIMEOUT_MS)' : '';",
          '  const equal = ApiQuery({',
          '    name: field,',
          '    required: false,',
          '    description: spec.join',
          '      ? `Only entries whose ${field} hold this id, else 400`',
          '      : `Only entries whose ${field} is this value, else 400${scan}`,',
          '    schema,',
          '  });',
          "  if (spec.type !== 'number' && spec.type !== 'date') return [equal];",
          '  return [',
          '    equal,',
          '    ApiQuery({ name: `${field}.gte`, required: false, description: `Only entries whose ${field} is this or more${scan}`, schema }),',
          '    ApiQuery({ name: `${field}.lte`, required: false, description: `Only entries whose ${field} is this or less${scan}`, schema }),',
          '    ApiQuery({',
          '      name: `${field}.in`,',
          '      required: false,',
          '      description: `Only entries whose ${field} is one of these (comma list)${scan}`,',
          "      style: 'form',",
          '      explode: false,',
          "      schema: { type: 'array', items: schema, maxItems: MAX_IN_VALUES },",
          '    }),',
          '  ];',
          '});',
        ),
      }),
    ],
  );
}
