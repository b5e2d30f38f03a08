// src/common/find-page.ts of a SQL project: binding a request's values, lists of references, filter conditions.
import { code, functionOf } from '../_shared/ts.js';

/** What a database's search brings to the bindings: its statements for `q`, and whether LIKE needs escaping. */
export interface SearchBinding {
  values: string[];
  escapeLike: boolean;
  /** Whether a bounded statement may come with a fallback (search-query.ts, PostgreSQL). */
  estimates: boolean;
}

/** The functions of find-page.ts that bind values and build conditions, in the file's order. */
export function bindingFunctions(search: SearchBinding) {
  return [
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
        'if (isSearch(query, spec)) Object.assign(values, searchValues(query.q));',
        'query.filters.forEach((filter, index) => {',
        '  // One parameter per value of an `in` list: drivers convert a Date alone, not inside a list.',
        '  if (Array.isArray(filter.value)) {',
        '    filter.value.forEach((value, item) => {',
        '      values[`filter${index}_${item}`] = value;',
        '    });',
        '  } else {',
        '    values[`filter${index}`] = filter.value;',
        '  }',
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
        '(dates, booleans and `IN (:...list)` included); a bounded one (a search, or a filter that scans)',
        'under the bound of a search.',
      ],
      typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
      parameters: [
        { name: 'repository', type: 'Repository<T>' },
        { name: 'sql', type: 'string' },
        { name: 'values', type: 'Record<string, unknown>' },
        { name: 'bounded', type: 'boolean', initializer: 'false' },
        ...(search.estimates ? [{ name: 'fallback', type: 'string', hasQuestionToken: true }] : []),
      ],
      returnType: 'Promise<Record<string, unknown>[]>',
      statements: code(
        'const { driver } = repository.manager.connection;',
        'const [statement, parameters] = driver.escapeQueryWithParameters(sql, values);',
        '// Bounded by SEARCH_TIMEOUT_MS (search-query.ts), whatever the stored rows.',
        ...(search.estimates
          ? [
              'if (bounded) {',
              '  // The fallback has the same parameters in the same order: only its common table expression',
              '  // differs. It is bound only when the statement runs long.',
              '  const other = fallback === undefined ? undefined : () => driver.escapeQueryWithParameters(fallback, values)[0];',
              '  return searchQuery(repository, statement, parameters, other);',
              '}',
            ]
          : ['if (bounded) return searchQuery(repository, statement, parameters);']),
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
        "  in: `IN (${[filter.value].flat().map((_, item) => `:${parameter}_${item}`).join(', ')})`,",
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
  ];
}
