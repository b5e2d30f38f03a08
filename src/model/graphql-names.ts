// The names of a resource's GraphQL fields, which the printed schema and the generated resolvers share.
import type { Names } from './names.js';
import type { ResourceMethod } from './resource.js';

/**
 * `articles`, `article`, `createArticle`, `updateArticle`, `deleteArticle`; a resource whose plural
 * is its singular (`news`) lists as `newsList`.
 */
export function graphqlFieldNames(names: Names): Record<ResourceMethod, string> {
  return {
    list: names.pluralCamel === names.camel ? `${names.camel}List` : names.pluralCamel,
    read: names.camel,
    create: `create${names.pascal}`,
    update: `update${names.pascal}`,
    delete: `delete${names.pascal}`,
  };
}

/**
 * The list's page with its count and next cursor: `articlesPage` of the type `ArticlePage`
 * (`newsPage` for `news`).
 */
export const graphqlPageNames = (names: Names): { field: string; type: string } => ({
  field: `${names.pluralCamel}Page`,
  type: `${names.pascal}Page`,
});
