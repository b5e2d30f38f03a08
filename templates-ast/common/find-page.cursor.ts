// src/common/find-page.ts of a SQL project: cursor paging (`after`), the keys of a page's last entry as a keyset condition.
import { code, constant, functionOf } from '../_shared/ts.js';

/** Where a SQL database sorts NULL, and how its sort keys are read back exactly. */
export interface CursorDialect {
  /** NULL before every value in an ascending sort (SQLite, MySQL), or after (PostgreSQL). */
  nullsFirst: boolean;
  /** The text a date column's key is read as, to the microsecond the database holds. */
  dateKey: (column: string) => string;
}

export const CURSOR_DIALECTS: Record<'postgres' | 'mysql' | 'sqlite', CursorDialect> = {
  postgres: { nullsFirst: false, dateKey: (column) => `CAST(${column} AS text)` },
  mysql: { nullsFirst: true, dateKey: (column) => `CAST(${column} AS CHAR)` },
  // Dates are stored as text already, to the millisecond.
  sqlite: { nullsFirst: true, dateKey: (column) => column },
};

/** The constants of cursor paging in find-page.ts. */
export function cursorConstants(dialect: CursorDialect) {
  return [
    constant('KEY', "'__key'", {
      isExported: false,
      docs: ["The columns of a cursor page's sort keys: `__key0`, `__key1`, …"],
    }),
    constant('NULLS_FIRST', String(dialect.nullsFirst), {
      isExported: false,
      docs: ['Whether this database sorts NULL before every value in an ascending order.'],
    }),
    constant(
      'DATE_KEY',
      '/^(\\d{4})-(\\d{2})-(\\d{2})(?:[ T](\\d{2}):(\\d{2}):(\\d{2})(?:\\.\\d{1,6})?)?(?:Z|[+-]\\d{2}(?::?\\d{2})?)?$/',
      { isExported: false, docs: ['A date key as the database writes it.'] },
    ),
    constant('NUMBER_KEY', '/^-?\\d{1,40}(?:\\.\\d{1,40})?$/', {
      isExported: false,
      docs: ['A number key that a driver gives as text (bigint, decimal).'],
    }),
    constant('UUID_KEY', '/^[\\da-f]{8}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{4}-[\\da-f]{12}$/i', {
      isExported: false,
    }),
  ];
}

/** The functions of find-page.ts for cursor paging, in the file's order. */
export function cursorFunctions(dialect: CursorDialect) {
  return [
    functionOf({
      name: 'sortKeys',
      isExported: false,
      docs: ['The order of a list query: its sort, then the id, so that no two entries tie.'],
      parameters: [{ name: 'query', type: 'ListQuery' }],
      returnType: 'SortKey[]',
      statements: code(
        "return query.sort.some((key) => key.field === 'id')",
        '  ? query.sort',
        "  : [...query.sort, { field: 'id', descending: false }];",
      ),
    }),
    functionOf({
      name: 'keyColumns',
      isExported: false,
      docs: [
        "Adds a cursor page's sort keys to its columns, as `__key<n>`: dates as the database's own",
        'text, so that a cursor holds them to the microsecond (a JavaScript Date stops at the millisecond).',
      ],
      typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
      parameters: [
        { name: 'builder', type: 'SelectQueryBuilder<T>' },
        { name: 'query', type: 'ListQuery' },
      ],
      returnType: 'SelectQueryBuilder<T>',
      statements: code(...keyColumnStatements(dialect)),
    }),
    functionOf({
      name: 'afterCondition',
      isExported: false,
      docs: [
        "The entries after a cursor's keys in the list's order, for the columns `columns` (one per",
        'key): (a > :after0) OR (a = :after0 AND b > :after1) …, NULL where the database sorts it;',
        "and the first key's bound on its own in front, which its index seeks to: a page deep in the",
        'list costs what the first one does.',
      ],
      parameters: [
        { name: 'columns', type: 'string[]' },
        { name: 'keys', type: 'SortKey[]' },
        { name: 'after', type: 'unknown[]' },
        { name: 'nullable', type: 'boolean[]' },
      ],
      returnType: 'string',
      statements: code(
        'const equal = (index: number) =>',
        '  after[index] === null ? `${columns[index]} IS NULL` : `${columns[index]} = :after${index}`;',
        'const beyond = (index: number): string | undefined => {',
        '  const nullsLater = nullable[index] && keys[index].descending === NULLS_FIRST;',
        '  if (after[index] === null) return nullsLater ? undefined : `${columns[index]} IS NOT NULL`;',
        "  const next = `${columns[index]} ${keys[index].descending ? '<' : '>'} :after${index}`;",
        '  return nullsLater ? `(${next} OR ${columns[index]} IS NULL)` : next;',
        '};',
        'const branches: string[] = [];',
        'keys.forEach((_, index) => {',
        '  const step = beyond(index);',
        '  if (step === undefined) return;',
        "  branches.push(`(${[...keys.slice(0, index).map((__, before) => equal(before)), step].join(' AND ')})`);",
        '});',
        "const any = branches.length === 0 ? '1 = 0' : branches.join(' OR ');",
        'if (after[0] === null || nullable[0]) return `(${any})`;',
        "return `${columns[0]} ${keys[0].descending ? '<=' : '>='} :after0 AND (${any})`;",
      ),
    }),
    functionOf({
      name: 'afterValues',
      isExported: false,
      docs: [
        "The named parameters of a cursor's keys, each checked against its column's type: a cursor",
        "comes from the client, and a key the database cannot compare is the client's mistake (400).",
      ],
      typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
      parameters: [
        { name: 'repository', type: 'Repository<T>' },
        { name: 'query', type: 'ListQuery' },
        { name: 'after', type: 'unknown[]' },
      ],
      returnType: 'Record<string, unknown>',
      statements: code(
        'const values: Record<string, unknown> = {};',
        '// `after=`: the first page, with no key to check.',
        'if (after.length === 0) return values;',
        'sortKeys(query).forEach((key, index) => {',
        '  const column = repository.metadata.findColumnWithPropertyName(key.field);',
        '  const value = after[index];',
        '  if (column === undefined || !validKey(column, value)) throw new BadRequestException(NOT_A_CURSOR);',
        '  if (value !== null) values[`after${index}`] = value;',
        '});',
        'return values;',
      ),
    }),
    functionOf({
      name: 'validKey',
      isExported: false,
      parameters: [
        { name: 'column', type: 'ColumnMetadata' },
        { name: 'value', type: 'unknown' },
      ],
      returnType: 'boolean',
      statements: code(
        'if (value === null) return column.isNullable;',
        'if (column.enum !== undefined) return column.enum.includes(value as string | number);',
        'switch (kindOf(column)) {',
        "  case 'date':",
        "    return typeof value === 'string' && validDate(value);",
        "  case 'number':",
        "    return typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && NUMBER_KEY.test(value);",
        "  case 'boolean':",
        "    return typeof value === 'boolean' || value === 0 || value === 1;",
        "  case 'uuid':",
        "    return typeof value === 'string' && UUID_KEY.test(value);",
        '  default:',
        "    return typeof value === 'string';",
        '}',
      ),
    }),
    functionOf({
      name: 'validDate',
      isExported: false,
      docs: ['A date key the database can read: its day exists, its time is within the day.'],
      parameters: [{ name: 'text', type: 'string' }],
      returnType: 'boolean',
      statements: code(
        'const parts = DATE_KEY.exec(text);',
        'if (parts === null) return false;',
        "const [year, month, day, hour = 0, minute = 0, second = 0] = parts.slice(1).map((part) => Number(part ?? '0'));",
        'const date = new Date(Date.UTC(year, month - 1, day));',
        'return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;',
      ),
    }),
    functionOf({
      name: 'kindOf',
      isExported: false,
      docs: ["A column's type as a cursor key: how it is read back and checked."],
      parameters: [{ name: 'column', type: 'ColumnMetadata' }],
      returnType: "'date' | 'number' | 'boolean' | 'uuid' | 'text'",
      statements: code(
        "if (column.isCreateDate || column.isUpdateDate) return 'date';",
        "const type = typeof column.type === 'function' ? column.type.name : String(column.type);",
        "if (/date|time/i.test(type)) return 'date';",
        "if (/int|double|float|real|numeric|decimal|number/i.test(type)) return 'number';",
        "if (/bool/i.test(type)) return 'boolean';",
        "return type === 'uuid' ? 'uuid' : 'text';",
      ),
    }),
  ];
}

/** keyColumns' statements: SQLite stores dates as text already, to the millisecond. */
function keyColumnStatements(dialect: CursorDialect): string[] {
  const read = dialect.dateKey('${column}');
  if (read === '${column}') {
    return [
      'sortKeys(query).forEach((key, index) => {',
      '  builder.addSelect(`${builder.alias}.${key.field}`, `${KEY}${index}`);',
      '});',
      'return builder;',
    ];
  }
  return [
    'const { metadata } = builder.expressionMap.mainAlias!;',
    'sortKeys(query).forEach((key, index) => {',
    '  const column = `${builder.alias}.${key.field}`;',
    '  const found = metadata.findColumnWithPropertyName(key.field);',
    `  const read = found !== undefined && kindOf(found) === 'date' ? \`${read}\` : column;`,
    '  builder.addSelect(read, `${KEY}${index}`);',
    '});',
    'return builder;',
  ];
}
