// src/common/find-page.ts of a MongoDB project: a list query through a Mongoose model.
import type { ImportRef, TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkgTypes, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';
import { SEARCH_TIMEOUT } from '../database/search-bound.template.js';

/** The list query against a Mongoose model; `shared` are the list types' imports of both databases. */
export function mongooseFindPage(shared: ImportRef[]): TypeScriptFile {
  return tsFile(
    'src/common/find-page.ts',
    [
      pkgTypes('mongoose', 'HydratedDocument', 'Model', 'SortOrder'),
      ...shared,
      use('listFilters', 'Filter'),
      { from: SEARCH_TIMEOUT, named: ['SearchTimeoutException', 'searchTimeout'] },
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
          '// A search stops at SEARCH_TIMEOUT_MS on the server (maxTimeMS): a 503, whatever is stored.',
          'const bound = search === undefined ? 0 : searchTimeout();',
          'try {',
          '  const [items, total] = await Promise.all([',
          '    model',
          '      .find(filter)',
          '      .sort(sort)',
          '      .skip((query.page - 1) * query.limit)',
          '      .limit(query.limit)',
          '      .maxTimeMS(bound)',
          '      .exec(),',
          '    model.countDocuments(filter).maxTimeMS(bound).exec(),',
          '  ]);',
          '  return { items, total, page: query.page, limit: query.limit };',
          '} catch (error) {',
          '  // 50: MaxTimeMSExpired.',
          '  if ((error as { code?: unknown } | null)?.code === 50) throw new SearchTimeoutException();',
          '  throw error;',
          '}',
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
