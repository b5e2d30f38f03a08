// `--nested` and `--indexes` in the generated files: the nested list route, its service method, e2e tests and indexes.
import { describe, expect, it } from 'vitest';
import type { Database, ProjectOptions } from '../../src/model/project.js';
import { renderFiles } from '../../src/engine/render.js';
import type { ResourceOptions } from '../../src/model/resource.js';
import { resourceOptions } from '../../src/resource/resource-options.js';
import { projectFiles } from '../../templates-ast/project.js';
import { resourceFiles } from '../../templates-ast/resource.js';
import { alterMigrationTemplate } from '../../templates-ast/resource/alter-migration.template.js';
import { resourceTable } from '../../templates-ast/resource/migration.template.js';
import { contextFixture, projectFixture } from './fixture-options.js';

const context = contextFixture;

/** category (served at /topics), tag, and an article listed under both, with an indexed number. */
function graph(): ResourceOptions[] {
  const category = resourceOptions(
    { name: 'category', endpoint: 'topics', fields: 'name' },
    context([], 1),
  );
  const tag = resourceOptions({ name: 'tag', fields: 'label' }, context(['category'], 2));
  const article = resourceOptions(
    {
      name: 'article',
      fields: 'title views:number category:ref:category tags:ref:tag[]',
      access: { user: 'GET' },
      nested: true,
      indexes: 'views',
    },
    context(['category', 'tag'], 1_700_000_000_003),
  );
  return [category, tag, article];
}

const project = (database: Database, resources: ResourceOptions[]): ProjectOptions =>
  projectFixture(database, resources);

const rendered = new Map<Database, Promise<Map<string, string>>>();

/** Every file of the project and the three resources, rendered and type-checked together (once per database). */
function files(database: Database): Promise<Map<string, string>> {
  const cached = rendered.get(database) ?? render(database);
  rendered.set(database, cached);
  return cached;
}

async function render(database: Database): Promise<Map<string, string>> {
  const resources = graph();
  const options = project(database, resources.slice(0, 2));
  const all = await renderFiles([
    ...projectFiles(options),
    ...resources.flatMap((resource) => resourceFiles(options, resource)),
  ]);
  return new Map(all.map((file) => [file.path, file.text]));
}

const unindented = (text: string | undefined) => (text ?? '').replace(/^ +/gm, '');

describe('--nested', () => {
  it('sqlite: a controller of the lists under /topics/:id and /tags/:id, wired in the module', async () => {
    const rendered = await files('sqlite');
    const controller = unindented(rendered.get('src/articles/nested-articles.controller.ts'));
    expect(controller).toContain(
      ["@ApiTags('articles')", '@Controller()', 'export class NestedArticlesController {'].join(
        '\n',
      ),
    );
    // The list's access, paging and query; a malformed id is a 400 (ParseIdPipe), an unknown one a 404.
    expect(controller).toContain(
      [
        "@Get('topics/:id/articles')",
        "@Access('user')",
        '@Paged(ArticleView)',
        '@ApiListQuery(ARTICLE_LIST)',
        '@ApiErrors(404)',
        'async listByCategory(',
        "@Param('id', ParseIdPipe) id: string,",
        '@ListQueryParams(ARTICLE_LIST) query: ListQuery,',
      ].join('\n'),
    );
    expect(controller).toContain("@Get('tags/:id/articles')");
    expect(controller).toContain('const page = await this.articles.listByTags(id, query);');
    expect(unindented(rendered.get('src/articles/articles.module.ts'))).toContain(
      'controllers: [ArticlesController, NestedArticlesController],',
    );
    const service = unindented(rendered.get('src/articles/articles.service.ts'));
    expect(service).toContain(
      [
        'async listByCategory(id: string, query: ListQuery): Promise<Page<Article>> {',
        'const [found] = await this.loadCategory([id]);',
        'if (!found) {',
        "throw new NotFoundException(`there is no category with id '${id}'`);",
        '}',
        "const filter = { field: 'category', operator: 'eq', value: id } as const;",
        'return this.list({ ...query, filters: [...query.filters, filter] });',
      ].join('\n'),
    );
  });

  it('writes e2e tests of each nested list: its entries, 404 and 400', async () => {
    const e2e = unindented((await files('sqlite')).get('test/articles.e2e-spec.ts'));
    expect(e2e).toContain("describe('nested lists', () => {");
    expect(e2e).toContain('.get(`/topics/${categoryId}/articles`)');
    expect(e2e).toContain("`there is no tag with id '${UNKNOWN_ID}'`");
    expect(e2e).toContain(".get('/tags/not-an-id/articles')");
  });

  it('mongodb: the same routes over the ObjectId filter, in a project that type-checks', async () => {
    const rendered = await files('mongodb');
    expect(rendered.get('src/articles/nested-articles.controller.ts')).toContain(
      "@Get('tags/:id/articles')",
    );
    expect(unindented(rendered.get('src/articles/articles.service.ts'))).toContain(
      'async listByTags(\nid: string,\nquery: ListQuery,\n): Promise<Page<ArticleDocument>> {',
    );
  });

  it('leaves a resource without --nested as it was', async () => {
    const rendered = await files('sqlite');
    expect(rendered.has('src/tags/nested-tags.controller.ts')).toBe(false);
    expect(rendered.get('src/tags/tags.module.ts')).toContain('controllers: [TagsController],');
  });
});

describe('--indexes', () => {
  const migration = 'src/database/migrations/1700000000003-create-articles.ts';

  it('sqlite and postgres: CREATE INDEX on the field in the migration, @Index() on the entity', async () => {
    for (const database of ['sqlite', 'postgres'] as const) {
      const rendered = await files(database);
      expect(rendered.get(migration)).toMatch(
        /CREATE INDEX "IDX_\w{26}" ON "articles" \("views"\)/,
      );
      expect(unindented(rendered.get('src/articles/entities/article.entity.ts'))).toContain(
        "@Index()\n@Column({ type: 'double precision' })\nviews: number;",
      );
    }
  });

  it('mysql: an INDEX of the field in CREATE TABLE', async () => {
    expect((await files('mysql')).get(migration)).toMatch(/INDEX `IDX_\w{26}` \(`views`\)/);
  });

  it("mongodb: index: true on the field's @Prop", async () => {
    expect((await files('mongodb')).get('src/articles/schemas/article.schema.ts')).toContain(
      '@Prop({ type: Number, required: true, index: true })\n  views: number;',
    );
  });

  it('indexes no other field', async () => {
    const text = (await files('sqlite')).get(migration)!;
    expect(text).not.toMatch(/ON "articles" \("title"\)/);
    expect(text.match(/CREATE INDEX "IDX_\w{26}" ON "articles" /g)).toHaveLength(3);
  });
});

describe('--indexes and field edits', () => {
  it('sqlite: removing an indexed field drops its index first (SQLite refuses otherwise), and down puts both back', async () => {
    const article = graph()[2]!;
    const without = {
      ...article,
      fields: article.fields.filter((field) => field.names.camel !== 'views'),
    };
    const [file] = await renderFiles([
      alterMigrationTemplate(
        'sqlite',
        { className: 'RemoveViews1', path: 'src/database/migrations/1-remove-views.ts' },
        { from: resourceTable(article), to: resourceTable(without), renames: new Map() },
        'Removes views.',
      ),
    ]);
    const [up = '', down = ''] = file!.text.split('async down');
    expect(up).toMatch(
      /DROP INDEX "IDX_\w{26}"`\);\s*await queryRunner\.query\(\s*`ALTER TABLE "articles" DROP COLUMN "views"`/,
    );
    expect(down).toMatch(
      /ADD COLUMN "views"[^;]*;\s*await queryRunner\.query\(\s*`CREATE INDEX "IDX_\w{26}" ON "articles" \("views"\)`/,
    );
    // The table of a resource whose record still names a removed field indexes no such column.
    expect(resourceTable({ ...without, indexes: ['views'] }).indexes).not.toContain('views');
  });
});
