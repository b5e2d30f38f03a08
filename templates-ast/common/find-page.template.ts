// src/common/find-page.ts: runs a list query against a TypeORM repository or a Mongoose model.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile, typeAlias } from '../_shared/ts.js';
import { CURSOR_DIALECTS, cursorConstants, cursorFunctions } from './find-page.cursor.js';
import { FIND_BY_ID } from '../database/find-by-id.template.js';
import { bindingFunctions } from './find-page.binding.js';
import { statementFunctions } from './find-page.statements.js';
import { mongooseFindPage } from './find-page.mongoose.js';
import { cachesLists, LIST_CACHE } from './list-cache.template.js';
import { SEARCH_QUERY } from '../database/search-bound.template.js';

export function findPageTemplate(options: ProjectOptions): TypeScriptFile {
  return options.database === 'mongodb'
    ? mongooseFindPage(shared)
    : typeormFindPage(options.database);
}

/**
 * `q` through each database's text index (made by the migrations, see sql-dialects.ts): substrings
 * of 3 characters or more (list-query.ts), with Unicode case folding. `condition` adds it to a
 * query of `alias` with named parameters; `values` gives those parameters for one q.
 */
const SEARCH = {
  postgres: {
    docs: 'ILIKE, LIKE wildcards escaped, over the pg_trgm GIN index of each column.',
    imports: [pkg('typeorm', 'Brackets'), pkgTypes('typeorm', 'WhereExpressionBuilder')],
    condition: [
      'builder.andWhere(',
      '  new Brackets((where: WhereExpressionBuilder) => {',
      '    for (const field of spec.search) where.orWhere(`${alias}.${field} ILIKE :pattern`);',
      '  }),',
      ');',
    ],
    values: ['return { pattern: `%${escapeLike(q)}%` };'],
    escapeLike: true,
    estimates: true,
  },
  mysql: {
    docs: 'a phrase of the FULLTEXT index `IDX_<table>_search`, kept only where a column holds q as typed.',
    imports: [pkg('typeorm', 'Brackets'), pkgTypes('typeorm', 'WhereExpressionBuilder')],
    condition: [
      '// The index finds the rows holding the words of q (case and accents folded by the collation);',
      '// LIKE keeps those where one column holds q itself, its punctuation included.',
      "const columns = spec.search.map((field) => `${alias}.${field}`).join(', ');",
      'builder.andWhere(`MATCH(${columns}) AGAINST (:phrase IN BOOLEAN MODE)`);',
      'builder.andWhere(',
      '  new Brackets((where: WhereExpressionBuilder) => {',
      '    for (const field of spec.search) where.orWhere(`${alias}.${field} LIKE :pattern`);',
      '  }),',
      ');',
    ],
    values: ['return { phrase: `"${q.replace(/"/g, \' \')}"`, pattern: `%${escapeLike(q)}%` };'],
    escapeLike: true,
    estimates: false,
  },
  sqlite: {
    docs: 'a phrase matched in the FTS5 trigram table `<table>_search`.',
    imports: [],
    condition: [
      'const { tableName } = builder.expressionMap.mainAlias!.metadata;',
      'const search = builder.connection.driver.escape(`${tableName}_search`);',
      'builder.andWhere(`${alias}.rowid IN (SELECT rowid FROM ${search} WHERE ${search} MATCH :phrase)`);',
    ],
    values: ['return { phrase: `"${q.replace(/"/g, \'""\')}"` };'],
    escapeLike: false,
    estimates: false,
  },
};

const shared = [use('listQuery', 'ListQuery', 'ListSpec'), use('paging', 'Page')];
const filterTypes = use('listFilters', 'Filter', 'FilterSpec');

function typeormFindPage(database: keyof typeof SEARCH): TypeScriptFile {
  const search = SEARCH[database];
  const cursor = CURSOR_DIALECTS[database];
  const cached = cachesLists(database);
  return tsFile(
    'src/common/find-page.ts',
    [
      ...search.imports,
      pkg('@nestjs/common', 'BadRequestException'),
      pkgTypes('typeorm', 'EntityMetadata', 'ObjectLiteral', 'Repository', 'SelectQueryBuilder'),
      ...shared,
      use('listQuery', 'cursorOf', 'MAX_COUNT', 'NOT_A_CURSOR', 'SortKey'),
      filterTypes,
      {
        from: FIND_BY_ID,
        named: ['entityColumns', 'selectColumns', 'toEntity'],
        types: ['Column'],
      },
      ...(cached ? [{ from: LIST_CACHE, named: ['cachedPage'] }] : []),
      { from: SEARCH_QUERY, named: ['searchQuery'] },
    ],
    [
      interfaceOf({
        name: 'PageStatements',
        isExported: false,
        docs: ['The statements of one shape of list query, with named parameters.'],
        properties: [
          {
            name: 'page',
            type: 'string',
            docs: [
              'The rows of a page (`:limit`, and `:offset` or a cursor), each with the count of all',
              '(TOTAL) unless `count=false`.',
            ],
          },
          {
            name: 'count',
            type: 'string',
            docs: ['That count alone (TOTAL): at most MAX_COUNT + 1 rows are counted.'],
          },
          ...(search.estimates
            ? [
                {
                  name: 'estimate',
                  type: 'string',
                  hasQuestionToken: true,
                  docs: [
                    "A counted search's matches as the planner expects them (`EXPLAIN`, nothing run).",
                  ],
                },
                {
                  name: 'uncounted',
                  type: 'string',
                  hasQuestionToken: true,
                  docs: [
                    "A search's page without its count, as `count=false` reads it: PostgreSQL may walk",
                    "the sort's index and stop at the page's last entry.",
                  ],
                },
                {
                  name: 'materialized',
                  type: 'string',
                  hasQuestionToken: true,
                  docs: [
                    'The same page with its matches read through the trigram indexes first, should',
                    'that walk run long (search-query.ts).',
                  ],
                },
              ]
            : []),
        ],
      }),
      interfaceOf({
        name: 'FetchedPage',
        isExported: false,
        docs: [
          'A page as its statements gave it: its entities, the count of all, and for a cursor the sort',
          'keys of each entry and whether more follow.',
        ],
        typeParameters: [{ name: 'T' }],
        properties: [
          { name: 'items', type: 'T[]' },
          { name: 'total', type: 'number', hasQuestionToken: true },
          { name: 'keys', type: 'unknown[][]', hasQuestionToken: true },
          { name: 'more', type: 'boolean' },
        ],
      }),
      typeAlias('ColumnMetadata', "EntityMetadata['columns'][number]", false),
      constant('TOTAL', "'__total'", {
        isExported: false,
        docs: ['The column of the count of all matching entries.'],
      }),
      constant('MAX_SHAPES', '200', {
        isExported: false,
        docs: [
          'Statements kept per repository, so that no client can make the cache grow without end.',
        ],
      }),
      constant(
        'statements',
        'new WeakMap<Repository<ObjectLiteral>, Map<string, PageStatements>>()',
        { isExported: false },
      ),
      ...(search.estimates
        ? [
            constant('BIG_TABLE_AGE', '60_000', {
              isExported: false,
              docs: [
                'How long, in milliseconds, a table the planner expects to hold more than MAX_COUNT rows is',
                'taken to stay so (mayHoldMany): meanwhile each counted search asks for its own estimate.',
              ],
            }),
            constant(
              'tableSizes',
              'new WeakMap<EntityMetadata, { explain: string; bigUntil: number; asked?: Promise<number> }>()',
              {
                isExported: false,
                docs: [
                  'Per table: the statement that asks for its size, until when it is known to be big, and the',
                  'question in flight.',
                ],
              },
            ),
          ]
        : []),
      ...cursorConstants(cursor),
      functionOf({
        name: 'findPage',
        docs: [
          'One page of a list query and the count of its entries, in one statement; with a cursor',
          '(`after`), the entries after it, found by their sort keys rather than skipped. Field names',
          'come from the checked spec, never from the request; the search text is a bound parameter:',
          `${search.docs}`,
          '',
          "Where TypeORM's getManyAndCount built two statements per request (the page and a COUNT",
          'DISTINCT that ran the search again), this builds them once per shape of query with',
          "TypeORM's own query builder, binds the values through its driver, counts in a subquery of",
          'the same statement, and hydrates the rows as TypeORM does.',
        ],
        isAsync: true,
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [
          { name: 'repository', type: 'Repository<T>' },
          { name: 'query', type: 'ListQuery' },
          { name: 'spec', type: 'ListSpec' },
        ],
        returnType: 'Promise<Page<T>>',
        statements: code(
          'const statement = statementsOf(repository, query, spec);',
          'const { after } = query;',
          'const offset = (query.page - 1) * query.limit;',
          'const values = {',
          '  ...valuesOf(query, spec),',
          '  // One entry more than the page: whether a next page follows.',
          '  ...(after === undefined',
          '    ? { limit: query.limit, offset }',
          '    : { ...afterValues(repository, query, after), limit: query.limit + 1 }),',
          '};',
          'const bounded = isBounded(query, spec);',
          'const fetch = async (): Promise<FetchedPage<T>> => {',
          ...(search.estimates
            ? [
                '  // A counted search that the planner expects to match more than MAX_COUNT rows is not',
                "  // counted: its page is read as count=false reads it (PostgreSQL may walk the sort's index",
                '  // and stop at the page), and the answer says MAX_COUNT, not exact. Counting such a search',
                '  // reads every match (a common word at 1,000,000 rows: past SEARCH_TIMEOUT_MS, a 503).',
                '  const many =',
                '    statement.estimate !== undefined &&',
                '    (await mayHoldMany(repository)) &&',
                '    (await plannedRows(repository, statement.estimate, values)) > MAX_COUNT;',
                '  const found =',
                '    many || !query.count',
                '      ? await run(repository, statement.uncounted ?? statement.page, values, bounded, statement.materialized)',
                '      : await run(repository, statement.page, values, bounded);',
              ]
            : ['  const found = await run(repository, statement.page, values, bounded);']),
          '  const rows = found.slice(0, query.limit);',
          '  // A page past the last one has no row to carry the count.',
          '  const first = offset === 0 && (after === undefined || after.length === 0);',
          '  const [counted] =',
          `    ${search.estimates ? 'many || ' : ''}!query.count || rows.length > 0 || first ? rows : await run(repository, statement.count, values, bounded);`,
          '  const columns = entityColumns(repository);',
          '  const items = rows.map((row) => toEntity<T>(repository, columns, row));',
          '  await loadListIds(repository, items);',
          '  const names = after === undefined ? [] : sortKeys(query).map((_, index) => `${KEY}${index}`);',
          '  return {',
          '    items,',
          search.estimates
            ? '    total: query.count ? (many ? MAX_COUNT + 1 : Number(counted?.[TOTAL] ?? 0)) : undefined,'
            : '    total: query.count ? Number(counted?.[TOTAL] ?? 0) : undefined,',
          '    keys: after === undefined ? undefined : rows.map((row) => names.map((name) => row[name])),',
          '    more: found.length > query.limit,',
          '  };',
          '};',
          ...(cached
            ? [
                '// Kept per statement and values; see list-cache.ts for when a kept page is used.',
                'const { items, total, keys, more } = await cachedPage(repository, `${statement.page}\\0${JSON.stringify(values)}`, fetch);',
                '// Copies, so that what a caller does with its entities stays its own.',
                'const page = { items: items.map(copyOf), total, page: query.page, limit: query.limit };',
              ]
            : [
                'const { items, total, keys, more } = await fetch();',
                'const page = { items, total, page: query.page, limit: query.limit };',
              ]),
          '// The cursor of an entry is made only for the one a Link header names.',
          'return keys === undefined ? page : { ...page, more, after: (index: number) => cursorOf(query.sort, keys[index]) };',
        ),
      }),
      ...(cached
        ? [
            functionOf({
              name: 'copyOf',
              isExported: false,
              docs: [
                'A copy of a kept entity, down to its dates, lists and objects: cheaper than hydrating',
                'its row again.',
              ],
              typeParameters: [{ name: 'T' }],
              parameters: [{ name: 'value', type: 'T' }],
              returnType: 'T',
              statements: code(
                'if (value instanceof Date) return new Date(value.getTime()) as T;',
                'if (Array.isArray(value)) return value.map(copyOf) as T;',
                "if (value === null || typeof value !== 'object') return value;",
                'const copy = Object.assign(Object.create(Object.getPrototypeOf(value) as object) as object, value) as Record<string, unknown>;',
                'for (const key of Object.keys(copy)) {',
                '  const field = copy[key];',
                "  if (field !== null && typeof field === 'object') copy[key] = copyOf(field);",
                '}',
                'return copy as T;',
              ),
            }),
          ]
        : []),
      functionOf({
        name: 'statementsOf',
        isExported: false,
        docs: [
          'The statements of this shape of query (search or not, filters, sort), built on first use.',
        ],
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [
          { name: 'repository', type: 'Repository<T>' },
          { name: 'query', type: 'ListQuery' },
          { name: 'spec', type: 'ListSpec' },
        ],
        returnType: 'PageStatements',
        statements: code(
          'const shape = [',
          "  query.q === undefined ? '' : 'q',",
          "  query.count ? '' : 'uncounted',",
          "  // A cursor's NULL keys change its condition (IS NULL rather than a parameter).",
          "  query.after === undefined ? '' : `after:${query.after.map((key) => (key === null ? 0 : 1)).join('')}`,",
          '  ...query.filters.map((filter) => `${filter.field}.${filter.operator}`),',
          "  ...query.sort.map((key) => `${key.descending ? '-' : '+'}${key.field}`),",
          "].join(' ');",
          'let shapes = statements.get(repository);',
          'if (shapes === undefined) statements.set(repository, (shapes = new Map<string, PageStatements>()));',
          'let built = shapes.get(shape);',
          'if (built === undefined) {',
          '  if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);',
          '  built = buildStatements(repository, query, spec);',
          '  shapes.set(shape, built);',
          '}',
          'return built;',
        ),
      }),
      ...(search.estimates
        ? [
            functionOf({
              name: 'mayHoldMany',
              isExported: false,
              isAsync: true,
              docs: [
                "Whether PostgreSQL's planner expects the table to hold more than MAX_COUNT rows (its pages and",
                'the density ANALYZE saw). A table that does not cannot be expected to match more, so its',
                'searches are counted without the estimate of each: requests that arrive while the question is',
                'asked share its answer, a round trip less for each but the first, and each answer is as fresh as',
                "a read's. A big table is taken to stay so for BIG_TABLE_AGE, its searches estimated each.",
              ],
              typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
              parameters: [{ name: 'repository', type: 'Repository<T>' }],
              returnType: 'Promise<boolean>',
              statements: code(
                'const { metadata } = repository;',
                'let table = tableSizes.get(metadata);',
                'if (table === undefined) {',
                "  const whole = repository.createQueryBuilder('whole').select('1').getQuery();",
                '  table = { explain: `EXPLAIN (FORMAT JSON) ${whole}`, bigUntil: 0 };',
                '  tableSizes.set(metadata, table);',
                '}',
                'if (table.bigUntil > Date.now()) return true;',
                '// Requests that arrive while the question is out share it; the next one asks again.',
                'const asked = (table.asked ??= plannedRows(repository, table.explain, {}).finally(() => {',
                '  table.asked = undefined;',
                '}));',
                'const many = (await asked) > MAX_COUNT;',
                'if (many) table.bigUntil = Date.now() + BIG_TABLE_AGE;',
                'return many;',
              ),
            }),
            functionOf({
              name: 'plannedRows',
              isExported: false,
              docs: [
                "The rows PostgreSQL's planner expects a statement to give (`EXPLAIN`: planned, not run),",
                'from the column statistics ANALYZE keeps: a table autovacuum has not analyzed yet gives',
                'a small guess, so its searches are counted.',
              ],
              isAsync: true,
              typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
              parameters: [
                { name: 'repository', type: 'Repository<T>' },
                { name: 'explain', type: 'string' },
                { name: 'values', type: 'Record<string, unknown>' },
              ],
              returnType: 'Promise<number>',
              statements: code(
                'const [row] = await run(repository, explain, values);',
                "const plan: unknown = row?.['QUERY PLAN'];",
                "const plans = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[];",
                "return Array.isArray(plans) ? Number(plans[0]?.Plan?.['Plan Rows'] ?? 0) : 0;",
              ),
            }),
          ]
        : []),
      ...statementFunctions(search),
      ...cursorFunctions(cursor),
      ...bindingFunctions(search),
    ],
  );
}
