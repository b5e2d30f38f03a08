// src/common/find-page.ts: runs a list query against a TypeORM repository or a Mongoose model.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';
import { FIND_BY_ID } from '../database/find-by-id.template.js';

export function findPageTemplate(options: ProjectOptions): TypeScriptFile {
  return options.database === 'mongodb' ? mongooseFindPage() : typeormFindPage(options.database);
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
  },
};

const shared = [use('listQuery', 'ListQuery', 'ListSpec'), use('paging', 'Page')];
const filterTypes = use('listFilters', 'Filter', 'FilterSpec');

function typeormFindPage(database: keyof typeof SEARCH): TypeScriptFile {
  const search = SEARCH[database];
  return tsFile(
    'src/common/find-page.ts',
    [
      ...search.imports,
      pkgTypes('typeorm', 'ObjectLiteral', 'Repository', 'SelectQueryBuilder'),
      ...shared,
      filterTypes,
      {
        from: FIND_BY_ID,
        named: ['entityColumns', 'selectColumns', 'toEntity'],
        types: ['Column'],
      },
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
            docs: ['The rows of a page (`:limit`, `:offset`), each with the count of all (TOTAL).'],
          },
          { name: 'count', type: 'string', docs: ['That count alone (TOTAL).'] },
        ],
      }),
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
      functionOf({
        name: 'findPage',
        docs: [
          'One page of a list query and the count of all its entries, in one statement. Field names',
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
          'const offset = (query.page - 1) * query.limit;',
          'const values = { ...valuesOf(query, spec), limit: query.limit, offset };',
          'const rows = await run(repository, statement.page, values);',
          '// A page past the last one has no row to carry the count.',
          'const [counted] = rows.length > 0 || offset === 0 ? rows : await run(repository, statement.count, values);',
          'const columns = entityColumns(repository);',
          'const items = rows.map((row) => toEntity<T>(repository, columns, row));',
          'await loadListIds(repository, items);',
          'return { items, total: Number(counted?.[TOTAL] ?? 0), page: query.page, limit: query.limit };',
        ),
      }),
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
          "const counted = repository.createQueryBuilder('counted').select('COUNT(*)', TOTAL);",
          'const count = matching(counted, query, spec).getQuery();',
          "const ids = repository.createQueryBuilder('item').select('item.id', 'id');",
          'const pageIds = sorted(matching(ids, query, spec), query).getQuery();',
          'const page = sorted(selectColumns(repository, entityColumns(repository)), query)',
          '  // Computed once: the subquery does not depend on the row.',
          '  .addSelect(`(${count})`, TOTAL)',
          "  .innerJoin(`(${pageIds} LIMIT :limit OFFSET :offset)`, 'page', `${escape('page')}.${escape('id')} = item.id`);",
          'return { page: page.getQuery(), count };',
        ),
      }),
      functionOf({
        name: 'sorted',
        isExported: false,
        docs: [
          'Orders a query by the sort of a list query, then by id so that pages never overlap.',
        ],
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
      functionOf({
        name: 'valuesOf',
        isExported: false,
        docs: ['The named parameters of `matching` for one request.'],
        parameters: [
          { name: 'query', type: 'ListQuery' },
          { name: 'spec', type: 'ListSpec' },
        ],
        returnType: 'Record<string, unknown>',
        statements: code(
          'const values: Record<string, unknown> = {};',
          'if (query.q !== undefined && spec.search.length > 0) Object.assign(values, searchValues(query.q));',
          'query.filters.forEach((filter, index) => {',
          '  values[`filter${index}`] = filter.value;',
          '});',
          'return values;',
        ),
      }),
      functionOf({
        name: 'searchValues',
        isExported: false,
        parameters: [{ name: 'q', type: 'string' }],
        returnType: 'Record<string, string>',
        statements: code(...search.values),
      }),
      functionOf({
        name: 'run',
        isExported: false,
        docs: [
          "A statement with named parameters, bound by TypeORM's driver as its query builder binds them",
          '(dates, booleans and `IN (:...list)` included).',
        ],
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [
          { name: 'repository', type: 'Repository<T>' },
          { name: 'sql', type: 'string' },
          { name: 'values', type: 'Record<string, unknown>' },
        ],
        returnType: 'Promise<Record<string, unknown>[]>',
        statements: code(
          'const { driver } = repository.manager.connection;',
          'const [statement, parameters] = driver.escapeQueryWithParameters(sql, values);',
          'return repository.query<Record<string, unknown>[]>(statement, parameters);',
        ),
      }),
      functionOf({
        name: 'loadListIds',
        isExported: false,
        docs: [
          'The ids of each list of references (`@RelationId` of a `@ManyToMany` with its `@JoinTable`),',
          'one query per list for the whole page, in the order getMany gives them.',
        ],
        isAsync: true,
        parameters: [
          { name: 'repository', type: 'Repository<ObjectLiteral>' },
          { name: 'items', type: 'ObjectLiteral[]' },
        ],
        returnType: 'Promise<void>',
        statements: code(
          'if (items.length === 0) return;',
          'const ids = items.map((item): unknown => item.id);',
          'const escape = (name: string) => repository.manager.connection.driver.escape(name);',
          'for (const { relation, propertyName } of repository.metadata.relationIds) {',
          '  const junction = relation.junctionEntityMetadata!;',
          '  const [own, target]: Column[] = [junction.ownerColumns[0], junction.inverseColumns[0]];',
          '  const rows = await run(',
          '    repository,',
          "    `SELECT ${escape(own.databaseName)} AS ${escape('own')}, ${escape(target.databaseName)} AS ${escape('target')} ` +",
          '      `FROM ${escape(junction.tableName)} WHERE ${escape(own.databaseName)} IN (:...ids) ORDER BY 2, 1`,',
          '    { ids },',
          '  );',
          '  const lists = new Map(ids.map((id) => [id, [] as unknown[]]));',
          '  for (const row of rows) lists.get(row.own)?.push(row.target);',
          '  items.forEach((item, index) => {',
          '    item[propertyName] = lists.get(ids[index]);',
          '  });',
          '}',
        ),
      }),
      functionOf({
        name: 'filterCondition',
        isExported: false,
        docs: [
          'The condition of one filter: a named parameter against a column named by the spec; a list of',
          'references through its join table.',
        ],
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [
          { name: 'builder', type: 'SelectQueryBuilder<T>' },
          { name: 'alias', type: 'string' },
          { name: 'filter', type: 'Filter' },
          { name: 'spec', type: 'FilterSpec' },
          { name: 'parameter', type: 'string' },
        ],
        returnType: 'string',
        statements: code(
          'const operator = {',
          '  eq: `= :${parameter}`,',
          '  gte: `>= :${parameter}`,',
          '  lte: `<= :${parameter}`,',
          '  in: `IN (:...${parameter})`,',
          '}[filter.operator];',
          'if (spec.join === undefined) return `${alias}.${spec.column ?? filter.field} ${operator}`;',
          'const escape = (name: string) => builder.connection.driver.escape(name);',
          'const { table, own, target } = spec.join;',
          'return `${alias}.id IN (SELECT ${escape(own)} FROM ${escape(table)} WHERE ${escape(target)} ${operator})`;',
        ),
      }),
      ...(search.escapeLike
        ? [
            functionOf({
              name: 'escapeLike',
              isExported: false,
              docs: ['LIKE escapes with a backslash by default (PostgreSQL, MySQL).'],
              parameters: [{ name: 'text', type: 'string' }],
              returnType: 'string',
              statements: code(
                'return text.replace(/[\\\\%_]/g, (character) => `\\\\${character}`);',
              ),
            }),
          ]
        : []),
    ],
  );
}

function mongooseFindPage(): TypeScriptFile {
  return tsFile(
    'src/common/find-page.ts',
    [
      pkgTypes('mongoose', 'HydratedDocument', 'Model', 'SortOrder'),
      ...shared,
      use('listFilters', 'Filter'),
    ],
    [
      functionOf({
        name: 'findPage',
        docs: [
          'One page of a list query. Field names come from the checked spec, never from the request;',
          "`q` is only ever the text of a `$text` search, which the collection's text index answers;",
          'the filters are values typed by list-filters.ts, each compared with one operator.',
        ],
        isAsync: true,
        typeParameters: ['T'],
        parameters: [
          { name: 'model', type: 'Model<T>' },
          { name: 'query', type: 'ListQuery' },
          { name: 'spec', type: 'ListSpec' },
        ],
        returnType: 'Promise<Page<HydratedDocument<T>>>',
        statements: code(
          'const { q } = query;',
          'const search = q === undefined || spec.search.length === 0 ? undefined : textSearch(q);',
          '// Each field filter a condition of its own: views.gte and views.lte on one field both hold.',
          'const conditions = query.filters.map(fieldFilter);',
          'const filter: Record<string, unknown> = {',
          '  ...(search === undefined ? {} : { $text: { $search: search } }),',
          '  ...(conditions.length === 0 ? {} : { $and: conditions }),',
          '};',
          "const sort: Record<string, SortOrder | { $meta: 'textScore' }> = {};",
          '// The order asked for; best matches first only when none is (`sort=` left empty).',
          'if (search !== undefined && query.sort.length === 0) {',
          "  sort.score = { $meta: 'textScore' };",
          '}',
          'for (const key of query.sort) {',
          "  sort[key.field === 'id' ? '_id' : key.field] = key.descending ? -1 : 1;",
          '}',
          'sort._id ??= 1;',
          'const [items, total] = await Promise.all([',
          '  model',
          '    .find(filter)',
          '    .sort(sort)',
          '    .skip((query.page - 1) * query.limit)',
          '    .limit(query.limit)',
          '    .exec(),',
          '  model.countDocuments(filter).exec(),',
          ']);',
          'return { items, total, page: query.page, limit: query.limit };',
        ),
      }),
      functionOf({
        name: 'fieldFilter',
        isExported: false,
        docs: [
          "One filter as a condition on its field; Mongoose casts an id to the field's ObjectId, and a",
          'list of references matches when it holds the id.',
        ],
        parameters: [{ name: 'filter', type: 'Filter' }],
        returnType: 'Record<string, unknown>',
        statements: code(
          "const field = filter.field === 'id' ? '_id' : filter.field;",
          'const condition = {',
          '  eq: filter.value,',
          '  gte: { $gte: filter.value },',
          '  lte: { $lte: filter.value },',
          '  in: { $in: filter.value },',
          '}[filter.operator];',
          'return { [field]: condition };',
        ),
      }),
      functionOf({
        name: 'textSearch',
        isExported: false,
        docs: [
          '`q` as the phrases of a `$text` search, so that MongoDB matches it as typed rather than any one',
          'of its words, and no `-` in it negates. A `"` cannot be escaped inside a phrase, so it splits q',
          'into phrases that must all match; a backslash escapes nothing there and stays as typed.',
        ],
        parameters: [{ name: 'q', type: 'string' }],
        returnType: 'string',
        statements: code(
          'return q',
          "  .split('\"')",
          '  .map((phrase) => phrase.trim())',
          "  .filter((phrase) => phrase !== '')",
          '  .map((phrase) => `"${phrase}"`)',
          "  .join(' ');",
        ),
      }),
    ],
  );
}
