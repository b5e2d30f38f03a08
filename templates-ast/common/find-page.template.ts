// src/common/find-page.ts: runs a list query against a TypeORM repository or a Mongoose model.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';

export function findPageTemplate(options: ProjectOptions): TypeScriptFile {
  return options.database === 'mongodb' ? mongooseFindPage() : typeormFindPage(options.database);
}

/**
 * `q` through each database's text index (made by the migrations, see sql-dialects.ts): substrings
 * of 3 characters or more (list-query.ts), with Unicode case folding.
 */
const SEARCH = {
  postgres: {
    docs: 'ILIKE, LIKE wildcards escaped, over the pg_trgm GIN index of each column.',
    imports: [pkg('typeorm', 'Brackets'), pkgTypes('typeorm', 'WhereExpressionBuilder')],
    statements: [
      'const pattern = `%${escapeLike(q)}%`;',
      'builder.where(',
      '  new Brackets((where: WhereExpressionBuilder) => {',
      '    for (const field of spec.search) where.orWhere(`item.${field} ILIKE :pattern`, { pattern });',
      '  }),',
      ');',
    ],
    escapeLike: true,
  },
  mysql: {
    docs: 'a phrase of the FULLTEXT index `IDX_<table>_search`, kept only where a column holds q as typed.',
    imports: [pkg('typeorm', 'Brackets'), pkgTypes('typeorm', 'WhereExpressionBuilder')],
    statements: [
      '// The index finds the rows holding the words of q (case and accents folded by the collation);',
      '// LIKE keeps those where one column holds q itself, its punctuation included.',
      "const columns = spec.search.map((field) => `item.${field}`).join(', ');",
      'const phrase = `"${q.replace(/"/g, \' \')}"`;',
      'const pattern = `%${escapeLike(q)}%`;',
      'builder.where(`MATCH(${columns}) AGAINST (:phrase IN BOOLEAN MODE)`, { phrase });',
      'builder.andWhere(',
      '  new Brackets((where: WhereExpressionBuilder) => {',
      '    for (const field of spec.search) where.orWhere(`item.${field} LIKE :pattern`, { pattern });',
      '  }),',
      ');',
    ],
    escapeLike: true,
  },
  sqlite: {
    docs: 'a phrase matched in the FTS5 trigram table `<table>_search`.',
    imports: [],
    statements: [
      'const search = `"${repository.metadata.tableName}_search"`;',
      'builder.where(`item.rowid IN (SELECT rowid FROM ${search} WHERE ${search} MATCH :phrase)`, {',
      '  phrase: `"${q.replace(/"/g, \'""\')}"`,',
      '});',
    ],
    escapeLike: false,
  },
};

const shared = [use('listQuery', 'ListQuery', 'ListSpec'), use('paging', 'Page')];
const filterTypes = use('listFilters', 'Filter', 'FilterSpec');

function typeormFindPage(database: keyof typeof SEARCH): TypeScriptFile {
  const search = SEARCH[database];
  return tsFile(
    'src/common/find-page.ts',
    [...search.imports, pkgTypes('typeorm', 'ObjectLiteral', 'Repository'), ...shared, filterTypes],
    [
      functionOf({
        name: 'findPage',
        docs: [
          'One page of a list query. Field names come from the checked spec, never from the request;',
          `the search text is a bound parameter: ${search.docs}`,
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
          "const builder = repository.createQueryBuilder('item');",
          'const { q } = query;',
          'if (q !== undefined && spec.search.length > 0) {',
          ...search.statements,
          '}',
          'query.filters.forEach((filter, index) => {',
          '  const parameter = `filter${index}`;',
          '  builder.andWhere(filterCondition(filter, spec.filters[filter.field], parameter, repository), {',
          '    [parameter]: filter.value,',
          '  });',
          '});',
          'for (const key of query.sort) {',
          "  builder.addOrderBy(`item.${key.field}`, key.descending ? 'DESC' : 'ASC');",
          '}',
          "builder.addOrderBy('item.id', 'ASC');",
          'const [items, total] = await builder',
          '  .skip((query.page - 1) * query.limit)',
          '  .take(query.limit)',
          '  .getManyAndCount();',
          'return { items, total, page: query.page, limit: query.limit };',
        ),
      }),
      functionOf({
        name: 'filterCondition',
        isExported: false,
        docs: [
          'The condition of one filter: a bound value against a column named by the spec; a list of',
          'references through its join table.',
        ],
        parameters: [
          { name: 'filter', type: 'Filter' },
          { name: 'spec', type: 'FilterSpec' },
          { name: 'parameter', type: 'string' },
          { name: 'repository', type: 'Repository<ObjectLiteral>' },
        ],
        returnType: 'string',
        statements: code(
          'const operator = {',
          '  eq: `= :${parameter}`,',
          '  gte: `>= :${parameter}`,',
          '  lte: `<= :${parameter}`,',
          '  in: `IN (:...${parameter})`,',
          '}[filter.operator];',
          'if (spec.join === undefined) return `item.${spec.column ?? filter.field} ${operator}`;',
          'const escape = (name: string) => repository.manager.connection.driver.escape(name);',
          'const { table, own, target } = spec.join;',
          'return `item.id IN (SELECT ${escape(own)} FROM ${escape(table)} WHERE ${escape(target)} ${operator})`;',
        ),
      }),
      ...(search.escapeLike
        ? [
            functionOf({
              name: 'escapeLike',
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
