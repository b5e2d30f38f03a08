// src/common/find-page.ts of a SQL project: the statements of one shape of list query, built with TypeORM's query builder.
import { code, functionOf } from '../_shared/ts.js';

/** What a database's search brings to the statements: its condition on `alias` for `q`. */
export interface SearchStatements {
  condition: string[];
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
        "const counted = repository.createQueryBuilder('counted').select('COUNT(*)', TOTAL);",
        'const count = matching(counted, query, spec).getQuery();',
        'const page =',
        '  query.q !== undefined && spec.search.length > 0',
        '    ? searchedPage(repository, query, spec)',
        '    : filteredPage(repository, query, spec, count);',
        'return { page, count };',
      ),
    }),
    functionOf({
      name: 'filteredPage',
      isExported: false,
      docs: [
        'Without a search, the count is a subquery and the ids are sorted by a walk of the',
        "sort's index that stops at the page.",
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
        "const ids = repository.createQueryBuilder('item').select('item.id', 'id');",
        'const pageIds = sorted(matching(ids, query, spec), query).getQuery();',
        'return sorted(selectColumns(repository, entityColumns(repository)), query)',
        '  // Computed once: the subquery does not depend on the row.',
        '  .addSelect(`(${count})`, TOTAL)',
        "  .innerJoin(`(${pageIds} LIMIT :limit OFFSET :offset)`, 'page', `${escape('page')}.${escape('id')} = item.id`)",
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
      ],
      returnType: 'string',
      statements: code(
        'const escape = (name: string) => repository.manager.connection.driver.escape(name);',
        "const matched = escape('matched');",
        "const matches = repository.createQueryBuilder('item').select('item.id', 'id');",
        "const keys = query.sort.map((key, index) => ({ ...key, name: key.field === 'id' ? 'id' : `key${index}` }));",
        "if (!keys.some((key) => key.name === 'id')) keys.push({ field: 'id', descending: false, name: 'id' });",
        "for (const key of keys) if (key.name !== 'id') matches.addSelect(`item.${key.field}`, key.name);",
        "const order = keys.map((key) => `${escape(key.name)} ${key.descending ? 'DESC' : 'ASC'}`).join(', ');",
        "const pageIds = `SELECT ${escape('id')} FROM ${matched} ORDER BY ${order} LIMIT :limit OFFSET :offset`;",
        'const page = sorted(selectColumns(repository, entityColumns(repository)), query)',
        '  .addSelect(`(SELECT COUNT(*) FROM ${matched})`, TOTAL)',
        "  .innerJoin(`(${pageIds})`, 'page', `${escape('page')}.${escape('id')} = item.id`);",
        'return `WITH ${matched} AS (${matching(matches, query, spec).getQuery()}) ${page.getQuery()}`;',
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
        'for (const key of query.sort) {',
        "  builder.addOrderBy(`${builder.alias}.${key.field}`, key.descending ? 'DESC' : 'ASC');",
        '}',
        "if (!query.sort.some((key) => key.field === 'id')) builder.addOrderBy(`${builder.alias}.id`, 'ASC');",
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
        'if (query.q !== undefined && spec.search.length > 0) {',
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
