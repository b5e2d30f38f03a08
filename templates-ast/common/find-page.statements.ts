// src/common/find-page.ts of a SQL project: the statements of one shape of list query, built with TypeORM's query builder.
import { code, functionOf } from '../_shared/ts.js';

/** What a database's search brings to the statements: its condition on `alias` for `q`. */
export interface SearchStatements {
  condition: string[];
  /**
   * Whether a counted search asks the planner first how many rows it expects (PostgreSQL): past
   * MAX_COUNT, the page is read as `count=false` reads it and the count is not read at all.
   */
  estimates: boolean;
}

/** The functions of find-page.ts that build its statements, in the file's order. */
export function statementFunctions(search: SearchStatements) {
  return [
    functionOf({
      name: 'buildStatements',
      isExported: false,
      docs: [
        "The page's ids are sorted on their own and only then joined to their rows: a sort that",
        'carries every column of every match cost more than the rest of the statement (SQLite).',
      ],
      typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
      parameters: [
        { name: 'repository', type: 'Repository<T>' },
        { name: 'query', type: 'ListQuery' },
        { name: 'spec', type: 'ListSpec' },
      ],
      returnType: 'PageStatements',
      statements: code(
        'const escape = (name: string) => repository.manager.connection.driver.escape(name);',
        "const counted = matching(repository.createQueryBuilder('counted').select('1', 'one'), query, spec);",
        '// Counted up to MAX_COUNT + 1 rows: beyond, the answer says the count is not exact.',
        "const count = `SELECT COUNT(*) AS ${escape(TOTAL)} FROM (${counted.getQuery()} LIMIT ${MAX_COUNT + 1}) ${escape('bounded')}`;",
        'const page = isSearch(query, spec)',
        '  ? searchedPage(repository, query, spec)',
        '  : filteredPage(repository, query, spec, count);',
        ...(search.estimates
          ? [
              "// A search: for a count, the planner's estimate of its matches; its page without the count,",
              '// and that page with its matches read through the trigram indexes, should a walk run long.',
              'if (isSearch(query, spec)) {',
              '  const uncounted = { ...query, count: false };',
              '  return {',
              '    page,',
              '    count,',
              '    estimate: query.count ? `EXPLAIN (FORMAT JSON) ${counted.getQuery()}` : undefined,',
              '    uncounted: query.count ? searchedPage(repository, uncounted, spec) : page,',
              '    materialized: searchedPage(repository, uncounted, spec, true),',
              '  };',
              '}',
            ]
          : []),
        'return { page, count };',
      ),
    }),
    functionOf({
      name: 'isSearch',
      isExported: false,
      docs: ['Whether a list query searches: a `q` on a list with searched fields.'],
      parameters: [
        { name: 'query', type: 'ListQuery' },
        { name: 'spec', type: 'ListSpec' },
      ],
      returnType: 'query is ListQuery & { q: string }',
      statements: code('return query.q !== undefined && spec.search.length > 0;'),
    }),
    functionOf({
      name: 'isBounded',
      isExported: false,
      docs: [
        'Whether a list query runs under the bound of a search (SEARCH_TIMEOUT_MS, a 503 past it):',
        'a search, or a filter on a field that no index holds, which the database answers by a scan.',
      ],
      parameters: [
        { name: 'query', type: 'ListQuery' },
        { name: 'spec', type: 'ListSpec' },
      ],
      returnType: 'boolean',
      statements: code(
        'return isSearch(query, spec) || query.filters.some((filter) => spec.filters[filter.field]?.scan === true);',
      ),
    }),
    functionOf({
      name: 'filteredPage',
      isExported: false,
      docs: [
        'Without a search, the count is a subquery and the ids are sorted by a walk of the',
        "sort's index that stops at the page; a cursor's page starts that walk at the cursor.",
      ],
      typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
      parameters: [
        { name: 'repository', type: 'Repository<T>' },
        { name: 'query', type: 'ListQuery' },
        { name: 'spec', type: 'ListSpec' },
        { name: 'count', type: 'string' },
      ],
      returnType: 'string',
      statements: code(
        'const escape = (name: string) => repository.manager.connection.driver.escape(name);',
        "const ids = matching(repository.createQueryBuilder('item').select('item.id', 'id'), query, spec);",
        'const { after } = query;',
        'if (after !== undefined && after.length > 0) {',
        '  const keys = sortKeys(query);',
        '  const nullable = keys.map((key) => repository.metadata.findColumnWithPropertyName(key.field)?.isNullable ?? false);',
        '  ids.andWhere(afterCondition(keys.map((key) => `item.${key.field}`), keys, after, nullable));',
        '}',
        "const pageIds = `${sorted(ids, query).getQuery()} LIMIT :limit${after === undefined ? ' OFFSET :offset' : ''}`;",
        'const page = sorted(selectColumns(repository, entityColumns(repository)), query);',
        'if (after !== undefined) keyColumns(page, query);',
        '// Computed once: the subquery does not depend on the row.',
        'if (query.count) page.addSelect(`(${count})`, TOTAL);',
        'return page',
        "  .innerJoin(`(${pageIds})`, 'page', `${escape('page')}.${escape('id')} = item.id`)",
        '  .getQuery();',
      ),
    }),
    functionOf({
      name: 'searchedPage',
      isExported: false,
      docs: [
        'A search runs once: its matches and their sort keys are a common table expression that',
        "gives both the count and the page's ids. As two subqueries, the text index matched q twice.",
      ],
      typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
      parameters: [
        { name: 'repository', type: 'Repository<T>' },
        { name: 'query', type: 'ListQuery' },
        { name: 'spec', type: 'ListSpec' },
        ...(search.estimates
          ? [{ name: 'materialized', type: 'boolean', initializer: 'false' }]
          : []),
      ],
      returnType: 'string',
      statements: code(
        'const escape = (name: string) => repository.manager.connection.driver.escape(name);',
        "const matched = escape('matched');",
        "const matches = repository.createQueryBuilder('item').select('item.id', 'id');",
        "const keys = sortKeys(query).map((key, index) => ({ ...key, name: key.field === 'id' ? 'id' : `key${index}` }));",
        "for (const key of keys) if (key.name !== 'id') matches.addSelect(`item.${key.field}`, key.name);",
        "const order = keys.map((key) => `${escape(key.name)} ${key.descending ? 'DESC' : 'ASC'}`).join(', ');",
        'const { after } = query;',
        "let where = '';",
        'if (after !== undefined && after.length > 0) {',
        '  const nullable = keys.map((key) => repository.metadata.findColumnWithPropertyName(key.field)?.isNullable ?? false);',
        '  where = ` WHERE ${afterCondition(keys.map((key) => escape(key.name)), keys, after, nullable)}`;',
        '}',
        "const pageIds = `SELECT ${escape('id')} FROM ${matched}${where} ORDER BY ${order} LIMIT :limit${after === undefined ? ' OFFSET :offset' : ''}`;",
        'const page = sorted(selectColumns(repository, entityColumns(repository)), query);',
        'if (after !== undefined) keyColumns(page, query);',
        'if (query.count) {',
        "  page.addSelect(`(SELECT COUNT(*) FROM (SELECT 1 FROM ${matched} LIMIT ${MAX_COUNT + 1}) ${escape('bounded')})`, TOTAL);",
        '}',
        "page.innerJoin(`(${pageIds})`, 'page', `${escape('page')}.${escape('id')} = item.id`);",
        search.estimates
          ? "return `WITH ${matched} AS ${materialized ? 'MATERIALIZED ' : ''}(${matching(matches, query, spec).getQuery()}) ${page.getQuery()}`;"
          : 'return `WITH ${matched} AS (${matching(matches, query, spec).getQuery()}) ${page.getQuery()}`;',
      ),
    }),
    functionOf({
      name: 'sorted',
      isExported: false,
      docs: ['Orders a query by the sort of a list query, then by id so that pages never overlap.'],
      typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
      parameters: [
        { name: 'builder', type: 'SelectQueryBuilder<T>' },
        { name: 'query', type: 'ListQuery' },
      ],
      returnType: 'SelectQueryBuilder<T>',
      statements: code(
        'for (const key of sortKeys(query)) {',
        "  builder.addOrderBy(`${builder.alias}.${key.field}`, key.descending ? 'DESC' : 'ASC');",
        '}',
        'return builder;',
      ),
    }),
    functionOf({
      name: 'matching',
      isExported: false,
      docs: ['Adds the search and the filters of a list query to a query of the table.'],
      typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
      parameters: [
        { name: 'builder', type: 'SelectQueryBuilder<T>' },
        { name: 'query', type: 'ListQuery' },
        { name: 'spec', type: 'ListSpec' },
      ],
      returnType: 'SelectQueryBuilder<T>',
      statements: code(
        'const { alias } = builder;',
        'if (isSearch(query, spec)) {',
        ...search.condition.map((line) => `  ${line}`),
        '}',
        'query.filters.forEach((filter, index) => {',
        '  builder.andWhere(filterCondition(builder, alias, filter, spec.filters[filter.field], `filter${index}`));',
        '});',
        'return builder;',
      ),
    }),
  ];
}
