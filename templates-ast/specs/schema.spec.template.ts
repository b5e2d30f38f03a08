// `<name>.schema.spec.ts` beside a Mongoose schema: the indexes that lists and `q` rely on.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { block, tsFile } from '../_shared/ts.js';
import { userModelPath } from '../users/user.entity.template.js';

export interface IndexedSchema {
  /** The schema file, `src/articles/schemas/article.schema.ts`. */
  path: string;
  /** Its exported schema, `ArticleSchema`. */
  schema: string;
  /** The plural that names the text index, `articles` for `articles_search`. */
  collection: string;
  /** The fields `q` searches; none, no text index. */
  search: readonly string[];
}

export function schemaSpecTemplate({
  path,
  schema,
  collection,
  search,
}: IndexedSchema): TypeScriptFile {
  const textIndex = search.map((field) => `${field}: 'text'`).join(', ');
  const textTest = `

  it('declares the text index that q searches, with no language so that words match as typed', () => {
    expect(${schema}.indexes()).toContainEqual([
      { ${textIndex} },
      expect.objectContaining({ name: '${collection}_search', default_language: 'none' }),
    ]);
  });`;
  return tsFile(
    path.replace(/\.ts$/, '.spec.ts'),
    [{ from: path, named: [schema] }],
    [
      block(`
describe('${schema}', () => {
  it('indexes createdAt, the order of lists unless asked otherwise', () => {
    expect(${schema}.indexes()).toContainEqual([{ createdAt: 1 }, expect.anything()]);
  });${search.length > 0 ? textTest : ''}
});
`),
    ],
  );
}

export const userSchemaSpecTemplate = (options: ProjectOptions): TypeScriptFile =>
  schemaSpecTemplate({
    path: userModelPath(options),
    schema: 'UserSchema',
    collection: 'users',
    search: ['name', 'email'],
  });
