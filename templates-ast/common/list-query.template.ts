// src/common/list-query.ts: `q`, `page`, `limit`, `fields` and `sort` of a list route, checked against a resource's fields.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export function listQueryTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  return tsFile(
    'src/common/list-query.ts',
    [
      pkg('@nestjs/common', 'BadRequestException', 'createParamDecorator'),
      pkgTypes('@nestjs/common', 'ExecutionContext'),
      httpTypeImports(options, 'request'),
      use('listFilters', 'parseExpand', 'parseFilters', 'Filter', 'FilterSpec'),
    ],
    [
      interfaceOf({
        name: 'ListSpec',
        docs: ['What a list route may be asked for.'],
        properties: [
          {
            name: 'fields',
            type: 'readonly string[]',
            docs: ['Fields a client may select with `fields`.'],
          },
          {
            name: 'sort',
            type: 'readonly string[]',
            docs: [
              'Fields `sort` may order by: those with an index (id, createdAt, `--indexes`, the owner),',
              'so that no order sorts the whole table.',
            ],
          },
          {
            name: 'search',
            type: 'readonly string[]',
            docs: ['Text fields that `q` searches, ignoring case.'],
          },
          {
            name: 'filters',
            type: 'Readonly<Record<string, FilterSpec>>',
            docs: ['Fields a list may be filtered by (see list-filters.ts).'],
          },
          {
            name: 'expand',
            type: 'readonly string[]',
            docs: ['References whose entries `expand` may embed.'],
          },
        ],
      }),
      interfaceOf({
        name: 'SortKey',
        properties: [
          { name: 'field', type: 'string' },
          { name: 'descending', type: 'boolean' },
        ],
      }),
      interfaceOf({
        name: 'ListQuery',
        properties: [
          { name: 'q', type: 'string', hasQuestionToken: true },
          { name: 'page', type: 'number' },
          { name: 'limit', type: 'number' },
          { name: 'fields', type: '{ include: string[]; exclude: string[] }' },
          { name: 'sort', type: 'SortKey[]' },
          { name: 'filters', type: 'Filter[]' },
          { name: 'expand', type: 'string[]' },
          {
            name: 'after',
            type: 'unknown[]',
            hasQuestionToken: true,
            docs: [
              'Cursor paging (`after`): the sort keys and id of the entry the page follows; empty for',
              'the first page. Their types are checked against the columns by findPage.',
            ],
          },
          {
            name: 'count',
            type: 'boolean',
            docs: [
              'Whether the answer counts the matching entries (`count=false` spares the count).',
            ],
          },
        ],
      }),
      constant('MAX_LIMIT', '100'),
      constant('MAX_COUNT', '10_000', {
        docs: [
          'Entries a list counts at most: X-Total-Count is exact up to this, and beyond it says this',
          'many with `X-Total-Count-Exact: false`, so that no count reads more than MAX_COUNT + 1 rows.',
        ],
      }),
      constant(
        'NOT_A_CURSOR',
        "'after is not a cursor of this list: copy it from the Link header, or send after= for the first page'",
        { docs: ['The answer to an `after` that no answer of this list gave.'] },
      ),
      constant('MAX_CURSOR', '2_048', {
        isExported: false,
        docs: ['Characters of an `after` cursor at most.'],
      }),
      constant(
        'LIST_PARAMETERS',
        "['q', 'page', 'limit', 'after', 'count', 'fields', 'sort', 'expand', 'access_token']",
        {
          isExported: false,
          docs: [
            'The parameters every list takes besides its filters (`access_token` is the credential).',
          ],
        },
      ),
      constant('SEARCH_LENGTH', '{ min: 3, max: 100 }', {
        docs: [
          'Characters of `q`: the text indexes match substrings of 3 or more, and a bound keeps',
          'every search cheap.',
        ],
      }),
      functionOf({
        name: 'parseListQuery',
        docs: [
          'Reads a list query; anything out of range or unknown is a 400 that says what to send instead.',
        ],
        parameters: [
          { name: 'query', type: 'Record<string, unknown>' },
          { name: 'spec', type: 'ListSpec' },
        ],
        returnType: 'ListQuery',
        statements: code(
          'checkParameterNames(query, spec);',
          "const fields = fieldList(text(query.fields, 'fields') ?? '', 'fields', spec.fields, spec);",
          "const sort = fieldList(text(query.sort, 'sort') ?? '-createdAt', 'sort', spec.sort, spec).map((field) => ({",
          "  field: field.replace(/^-/, ''),",
          "  descending: field.startsWith('-'),",
          '}));',
          "const after = text(query.after, 'after');",
          'if (after !== undefined && query.page !== undefined) {',
          "  throw new BadRequestException('after and page cannot be used together: follow the Link header, whose next link carries after');",
          '}',
          'return {',
          "  q: searchText(text(query.q, 'q')),",
          "  page: integer(query.page, 'page', 1, Number.MAX_SAFE_INTEGER, 1),",
          "  limit: integer(query.limit, 'limit', 1, MAX_LIMIT, 10),",
          '  after: after === undefined ? undefined : readCursor(after, sort),',
          "  count: flag(query.count, 'count', true),",
          '  fields: {',
          "    include: fields.filter((field) => !field.startsWith('-')),",
          "    exclude: fields.filter((field) => field.startsWith('-')).map((field) => field.slice(1)),",
          '  },',
          '  sort,',
          '  filters: parseFilters(query, spec.filters),',
          '  expand: parseExpand(query.expand, spec.expand),',
          '};',
        ),
      }),
      functionOf({
        name: 'checkParameterNames',
        isExported: false,
        docs: [
          'A parameter the list does not know (`?publishd=true`, a typo of a filter) is a 400 naming the ones',
          'it knows, rather than a whole list that looks filtered.',
        ],
        parameters: [
          { name: 'query', type: 'Record<string, unknown>' },
          { name: 'spec', type: 'ListSpec' },
        ],
        returnType: 'void',
        statements: code(
          'for (const key of Object.keys(query)) {',
          "  const [field = ''] = key.split('.');",
          '  if (LIST_PARAMETERS.includes(key) || Object.hasOwn(spec.filters, field)) continue;',
          '  const known = LIST_PARAMETERS.filter(',
          "    (name) => name !== 'access_token' && (name !== 'expand' || spec.expand.length > 0),",
          "  ).join(', ');",
          '  const filters = Object.keys(spec.filters);',
          '  throw new BadRequestException(',
          "    `${key} is not a parameter of this list: use ${known}${filters.length > 0 ? `, or a filter: ${filters.join(', ')}` : ''}`,",
          '  );',
          '}',
        ),
      }),
      functionOf({
        name: 'text',
        isExported: false,
        parameters: [
          { name: 'value', type: 'unknown' },
          { name: 'name', type: 'string' },
        ],
        returnType: 'string | undefined',
        statements: code(
          "if (value === undefined || typeof value === 'string') return value;",
          'throw new BadRequestException(`${name} must be given once, as text`);',
        ),
      }),
      functionOf({
        name: 'searchText',
        isExported: false,
        parameters: [{ name: 'q', type: 'string | undefined' }],
        returnType: 'string | undefined',
        statements: code(
          "if (q === undefined || q === '') return undefined;",
          '// Counted in Unicode characters, as the indexes count them; a long q is refused before it is split.',
          'const length = q.length > SEARCH_LENGTH.max * 2 ? q.length : [...q].length;',
          'if (length >= SEARCH_LENGTH.min && length <= SEARCH_LENGTH.max) return q;',
          'throw new BadRequestException(',
          '  `q must be from ${SEARCH_LENGTH.min} to ${SEARCH_LENGTH.max} characters long`,',
          ');',
        ),
      }),
      functionOf({
        name: 'flag',
        isExported: false,
        parameters: [
          { name: 'value', type: 'unknown' },
          { name: 'name', type: 'string' },
          { name: 'fallback', type: 'boolean' },
        ],
        returnType: 'boolean',
        statements: code(
          'const given = text(value, name);',
          'if (given === undefined) return fallback;',
          "if (given === 'true' || given === 'false') return given === 'true';",
          'throw new BadRequestException(`${name} must be true or false`);',
        ),
      }),
      functionOf({
        name: 'sortText',
        isExported: false,
        docs: ['The sort as `sort=` writes it: the sort a cursor was made for.'],
        parameters: [{ name: 'sort', type: 'readonly SortKey[]' }],
        returnType: 'string',
        statements: code(
          "return sort.map((key) => `${key.descending ? '-' : ''}${key.field}`).join(',');",
        ),
      }),
      functionOf({
        name: 'cursorOf',
        docs: [
          'The `after` cursor of an entry: its sort keys and id as the database holds them, with the',
          "sort they belong to, in base64url JSON. Opaque to clients; findPage checks each key's type.",
        ],
        parameters: [
          { name: 'sort', type: 'readonly SortKey[]' },
          { name: 'keys', type: 'readonly unknown[]' },
        ],
        returnType: 'string',
        statements: code(
          "return Buffer.from(JSON.stringify([sortText(sort), ...keys])).toString('base64url');",
        ),
      }),
      functionOf({
        name: 'readCursor',
        isExported: false,
        docs: [
          'The keys of an `after` cursor made for this sort; empty for the first page (`after=`).',
          'Anything else is a 400: a cursor is only ever copied from a Link header.',
        ],
        parameters: [
          { name: 'cursor', type: 'string' },
          { name: 'sort', type: 'readonly SortKey[]' },
        ],
        returnType: 'unknown[]',
        statements: code(
          "if (cursor === '') return [];",
          'let decoded: unknown;',
          'try {',
          '  decoded =',
          '    cursor.length <= MAX_CURSOR && /^[\\w-]+$/.test(cursor)',
          "      ? JSON.parse(Buffer.from(cursor, 'base64url').toString())",
          '      : undefined;',
          '} catch {',
          '  decoded = undefined;',
          '}',
          "if (!Array.isArray(decoded) || typeof decoded[0] !== 'string') {",
          '  throw new BadRequestException(NOT_A_CURSOR);',
          '}',
          'const [made, ...keys] = decoded as [string, ...unknown[]];',
          'if (made !== sortText(sort)) {',
          '  throw new BadRequestException(`after was made for sort=${made}: send that sort with it, or after= to start again`);',
          '}',
          "const expected = sort.length + (sort.some((key) => key.field === 'id') ? 0 : 1);",
          'if (keys.length !== expected) {',
          '  throw new BadRequestException(NOT_A_CURSOR);',
          '}',
          'return keys;',
        ),
      }),
      functionOf({
        name: 'integer',
        isExported: false,
        parameters: [
          { name: 'value', type: 'unknown' },
          { name: 'name', type: 'string' },
          { name: 'min', type: 'number' },
          { name: 'max', type: 'number' },
          { name: 'fallback', type: 'number' },
        ],
        returnType: 'number',
        statements: code(
          'const given = text(value, name);',
          'if (given === undefined) return fallback;',
          'const number = /^\\d{1,16}$/.test(given) ? Number(given) : Number.NaN;',
          'if (Number.isSafeInteger(number) && number >= min && number <= max) return number;',
          'const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;',
          'throw new BadRequestException(`${name} must be a whole number ${range}`);',
        ),
      }),
      functionOf({
        name: 'fieldList',
        isExported: false,
        docs: [
          '`name,-email`: the comma list of `fields` or `sort`, each one of `allowed`; a field that the',
          'list has but cannot sort by is named so.',
        ],
        parameters: [
          { name: 'list', type: 'string' },
          { name: 'name', type: 'string' },
          { name: 'allowed', type: 'readonly string[]' },
          { name: 'spec', type: 'ListSpec' },
        ],
        returnType: 'string[]',
        statements: code(
          'const items = list',
          "  .split(',')",
          '  .map((item) => item.trim())',
          "  .filter((item) => item !== '');",
          "const unknown = items.find((item) => !allowed.includes(item.replace(/^-/, '')));",
          'if (unknown !== undefined) {',
          "  const field = unknown.replace(/^-/, '');",
          '  const what =',
          "    allowed !== spec.fields && spec.fields.includes(field) ? `'${field}', which has no index to sort by` : `an unknown field '${field}'`;",
          "  throw new BadRequestException(`${name} has ${what}: use ${allowed.join(', ')}`);",
          '}',
          'return items;',
        ),
      }),
      functionOf({
        name: 'selectFields',
        docs: [
          'Keeps the fields a list query asked for (all by default), less those it excluded; `id`',
          'always stays, so that every item can be fetched, changed or deleted.',
        ],
        typeParameters: [{ name: 'T', constraint: 'object' }],
        parameters: [
          { name: 'item', type: 'T' },
          { name: 'query', type: "Pick<ListQuery, 'fields'>" },
        ],
        returnType: 'Partial<T>',
        statements: code(
          'const { include, exclude } = query.fields;',
          '// Every view is a fresh object: without `fields` it is answered as it is, not copied.',
          'if (include.length === 0 && exclude.length === 0) return item;',
          'const kept = Object.entries(item).filter(',
          "  ([key]) => key === 'id' || ((include.length === 0 || include.includes(key)) && !exclude.includes(key)),",
          ');',
          'return Object.fromEntries(kept) as Partial<T>;',
        ),
      }),
      constant(
        'ListQueryParams',
        code(
          'createParamDecorator(',
          '  (spec: ListSpec, context: ExecutionContext): ListQuery =>',
          `    parseListQuery(context.switchToHttp().getRequest<${http.queryRequest}>().query, spec),`,
          ')',
        ),
        {
          docs: ['`@ListQueryParams(spec) query: ListQuery`: the checked list query of a request.'],
        },
      ),
    ],
  );
}
