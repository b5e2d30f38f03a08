// src/common/list-filters.ts: `?views.gte=10&category=<id>` and `?expand=category` of a list route, typed and checked.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile, typeAlias } from '../_shared/ts.js';

export function listFiltersTemplate(options: ProjectOptions): TypeScriptFile {
  const http = httpNames(options);
  const mongo = options.database === 'mongodb';
  const isId = mongo ? 'isMongoId' : 'isUUID';
  const idText = mongo ? 'a 24-character hexadecimal ObjectId' : 'a UUID';
  return tsFile(
    'src/common/list-filters.ts',
    [
      pkg('@nestjs/common', 'BadRequestException', 'createParamDecorator'),
      pkgTypes('@nestjs/common', 'ExecutionContext'),
      httpTypeImports(options, 'request'),
      pkg('class-validator', 'isISO8601', isId),
    ],
    [
      typeAlias('FilterType', "'string' | 'number' | 'boolean' | 'date' | 'id'"),
      interfaceOf({
        name: 'FilterSpec',
        docs: ['A field a list may be filtered by; `id` is a reference, the id of another entry.'],
        properties: [
          { name: 'type', type: 'FilterType' },
          {
            name: 'column',
            type: 'string',
            hasQuestionToken: true,
            docs: ['The column that holds it, when not the field itself (`categoryId`).'],
          },
          {
            name: 'scan',
            type: 'boolean',
            hasQuestionToken: true,
            docs: [
              'No index holds it: the database reads rows one by one to filter, so the list query runs',
              'under the bound of a search (SEARCH_TIMEOUT_MS, a 503 past it). `--indexes` gives it one.',
            ],
          },
          {
            name: 'join',
            type: '{ table: string; own: string; target: string }',
            hasQuestionToken: true,
            docs: [
              'The join table of a list of references: `?tags=<id>` keeps entries that have it.',
            ],
          },
        ],
      }),
      typeAlias('FilterValue', 'string | number | boolean | Date'),
      interfaceOf({
        name: 'Filter',
        docs: ['`views.gte=10`: field, operator (`eq` when none is written) and the typed value.'],
        properties: [
          { name: 'field', type: 'string' },
          { name: 'operator', type: "'eq' | 'gte' | 'lte' | 'in'" },
          { name: 'value', type: 'FilterValue | FilterValue[]' },
        ],
      }),
      constant('MAX_IN_VALUES', '100', { docs: ['Values of one `.in` list.'] }),
      constant('MAX_FILTER_LENGTH', '255', { docs: ['Characters of one text value.'] }),
      functionOf({
        name: 'parseFilters',
        docs: [
          'The filters of a list query: parameters named after a filterable field, alone or with `.gte`,',
          '`.lte` or `.in` (numbers and dates only). Other parameters are not filters and are left alone.',
        ],
        parameters: [
          { name: 'query', type: 'Record<string, unknown>' },
          { name: 'filters', type: 'Readonly<Record<string, FilterSpec>>' },
        ],
        returnType: 'Filter[]',
        statements: code(
          'const parsed: Filter[] = [];',
          'for (const [key, given] of Object.entries(query)) {',
          "  const [field = '', operator = 'eq', ...rest] = key.split('.');",
          '  if (!Object.hasOwn(filters, field)) continue;',
          '  const { type } = filters[field];',
          "  if (rest.length > 0 || !['eq', 'gte', 'lte', 'in'].includes(operator) || key === `${field}.eq`) {",
          '    throw new BadRequestException(`${key} is not a filter: use ${field}=, ${field}.gte=, ${field}.lte= or ${field}.in=`);',
          '  }',
          "  if (operator !== 'eq' && type !== 'number' && type !== 'date') {",
          '    throw new BadRequestException(`${key}: only numbers and dates take .${operator}; use ${field}=`);',
          '  }',
          "  if (typeof given !== 'string') throw new BadRequestException(`${key} must be given once, as text`);",
          "  if (operator !== 'in') {",
          "    parsed.push({ field, operator: operator as Filter['operator'], value: filterValue(given, type, key) });",
          '    continue;',
          '  }',
          "  const values = given.split(',');",
          '  if (values.length > MAX_IN_VALUES) {',
          '    throw new BadRequestException(`${key} takes at most ${MAX_IN_VALUES} values`);',
          '  }',
          "  parsed.push({ field, operator: 'in', value: values.map((value) => filterValue(value.trim(), type, key)) });",
          '}',
          'return parsed;',
        ),
      }),
      functionOf({
        name: 'filterValue',
        isExported: false,
        docs: ["A value read as its field's type, or a 400 naming the parameter."],
        parameters: [
          { name: 'value', type: 'string' },
          { name: 'type', type: 'FilterType' },
          { name: 'key', type: 'string' },
        ],
        returnType: 'FilterValue',
        statements: code(
          'switch (type) {',
          "  case 'number': {",
          '    const number = /^-?\\d{1,16}(\\.\\d{1,16})?$/.test(value) ? Number(value) : Number.NaN;',
          '    if (Number.isFinite(number)) return number;',
          '    throw new BadRequestException(`${key} must be a number`);',
          '  }',
          "  case 'boolean':",
          "    if (value === 'true' || value === 'false') return value === 'true';",
          '    throw new BadRequestException(`${key} must be true or false`);',
          "  case 'date':",
          '    if (isISO8601(value, { strict: true })) return new Date(value);',
          '    throw new BadRequestException(`${key} must be an ISO 8601 date, e.g. 2024-01-31T12:00:00Z`);',
          "  case 'id':",
          `    if (${isId}(value)) return value;`,
          `    throw new BadRequestException(\`\${key} must be ${idText}\`);`,
          '  default:',
          "    if (value !== '' && value.length <= MAX_FILTER_LENGTH) return value;",
          '    throw new BadRequestException(`${key} must be from 1 to ${MAX_FILTER_LENGTH} characters long`);',
          '}',
        ),
      }),
      functionOf({
        name: 'parseExpand',
        docs: [
          '`expand=category,tags`: references whose entries the answer embeds, each one a declared reference.',
        ],
        parameters: [
          { name: 'given', type: 'unknown' },
          { name: 'references', type: 'readonly string[]' },
        ],
        returnType: 'string[]',
        statements: code(
          "if (given === undefined || given === '') return [];",
          "if (typeof given !== 'string') throw new BadRequestException('expand must be given once, as text');",
          "const names = [...new Set(given.split(',').map((name) => name.trim()))];",
          'const unknown = names.find((name) => !references.includes(name));',
          'if (unknown !== undefined) {',
          '  throw new BadRequestException(',
          '    references.length === 0',
          "      ? `expand has an unknown reference '${unknown}': there are none to expand here`",
          "      : `expand has an unknown reference '${unknown}': use ${references.join(', ')}`,",
          '  );',
          '}',
          'return names;',
        ),
      }),
      constant(
        'ExpandParam',
        code(
          'createParamDecorator(',
          '  (references: readonly string[], context: ExecutionContext): string[] =>',
          `    parseExpand(context.switchToHttp().getRequest<${http.queryRequest}>().query.expand, references),`,
          ')',
        ),
        {
          docs: [
            '`@ExpandParam(ARTICLE_LIST.expand) expand: string[]`: the checked `expand` of a request.',
          ],
        },
      ),
    ],
  );
}
