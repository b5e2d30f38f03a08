// Reference fields in the generated storage: SQL foreign keys, join tables and indexes; Mongoose ObjectId refs.
import { describe, expect, it } from 'vitest';
import type { Database, ProjectOptions } from '../../src/model/project.js';
import { renderFiles } from '../../src/engine/render.js';
import type { ResourceOptions } from '../../src/model/resource.js';
import { resourceOptions } from '../../src/resource/resource-options.js';
import { projectFiles } from '../../templates-ast/project.js';
import { resourceFiles } from '../../templates-ast/resource.js';
import { contextFixture, projectFixture } from './fixture-options.js';

const context = contextFixture;

/** category, tag, and an article that refers to both (and, optionally, to another category). */
function graph(): ResourceOptions[] {
  const category = resourceOptions({ name: 'category', fields: 'name' }, context([], 1));
  const tag = resourceOptions({ name: 'tag', fields: 'label' }, context(['category'], 2));
  const article = resourceOptions(
    {
      name: 'article',
      fields: 'title category:ref:category series?:ref:category tags:ref:tag[]',
      cascade: '',
    },
    context(['category', 'tag'], 1_700_000_000_003),
  );
  return [category, tag, article];
}

const project = (database: Database, resources: ResourceOptions[]): ProjectOptions =>
  projectFixture(database, resources);

async function articleFiles(database: Database): Promise<Map<string, string>> {
  const [category, tag, article] = graph();
  const options = project(database, [category!, tag!]);
  const files = [category!, tag!, article!].flatMap((resource) => resourceFiles(options, resource));
  const all = await renderFiles([...projectFiles(options), ...files]);
  return new Map(all.map((file) => [file.path, file.text]));
}

const unindented = (text: string | undefined) => (text ?? '').replace(/^ +/gm, '');

describe('reference storage', () => {
  it('sqlite: id columns with their delete rules and indexes, and a join table, in the migration', async () => {
    const files = await articleFiles('sqlite');
    const migration = files.get('src/database/migrations/1700000000003-create-articles.ts')!;
    // restrict by default, set null for an optional reference; both indexed.
    expect(migration).toContain('"categoryId" varchar NOT NULL, "seriesId" varchar, "createdAt"');
    expect(migration).toMatch(
      /FOREIGN KEY \("categoryId"\) REFERENCES "categories" \("id"\) ON DELETE RESTRICT ON UPDATE NO ACTION/,
    );
    expect(migration).toMatch(
      /FOREIGN KEY \("seriesId"\) REFERENCES "categories" \("id"\) ON DELETE SET NULL ON UPDATE NO ACTION/,
    );
    expect(migration).toMatch(/CREATE INDEX "IDX_\w{26}" ON "articles" \("categoryId"\)/);
    expect(migration).toMatch(/CREATE INDEX "IDX_\w{26}" ON "articles" \("seriesId"\)/);
    // The list: one row per (article, tag), gone with either, indexed both ways.
    expect(migration).toMatch(
      /CREATE TABLE "articles_tags" \("articleId" varchar NOT NULL, "tagId" varchar NOT NULL, CONSTRAINT "PK_\w{27}" PRIMARY KEY \("articleId", "tagId"\), CONSTRAINT "FK_\w{27}" FOREIGN KEY \("articleId"\) REFERENCES "articles" \("id"\) ON DELETE CASCADE ON UPDATE CASCADE, CONSTRAINT "FK_\w{27}" FOREIGN KEY \("tagId"\) REFERENCES "tags" \("id"\) ON DELETE CASCADE ON UPDATE CASCADE\)/,
    );
    expect(migration).toMatch(/CREATE INDEX "IDX_\w{26}" ON "articles_tags" \("tagId"\)/);
    // Down drops the join table before the table it refers to.
    expect(migration.indexOf('DROP TABLE "articles_tags"')).toBeLessThan(
      migration.indexOf('DROP TABLE "articles"'),
    );
    const entity = unindented(files.get('src/articles/entities/article.entity.ts'));
    expect(entity).toContain(
      [
        '@Index()',
        "@Column({ type: 'varchar' })",
        'categoryId: string;',
        "@ManyToOne(() => Category, { nullable: false, onDelete: 'RESTRICT' })",
        "@JoinColumn({ name: 'categoryId' })",
        'category?: Category;',
      ].join('\n'),
    );
    expect(entity).toContain(
      "@ManyToOne(() => Category, { nullable: true, onDelete: 'SET NULL' })",
    );
    expect(entity).toContain('@RelationId((article: Article) => article.tags)\ntagIds: string[];');
  });

  it('postgres: the same keys and join table, as ALTER TABLE statements on uuid columns', async () => {
    const files = await articleFiles('postgres');
    const migration = files.get('src/database/migrations/1700000000003-create-articles.ts')!;
    expect(migration).toContain('"categoryId" uuid NOT NULL, "seriesId" uuid, "createdAt"');
    expect(migration).toMatch(
      /ALTER TABLE "articles" ADD CONSTRAINT "FK_\w{27}" FOREIGN KEY \("categoryId"\) REFERENCES "categories"\("id"\) ON DELETE RESTRICT/,
    );
    expect(migration).toMatch(
      /CREATE TABLE "articles_tags" \("articleId" uuid NOT NULL, "tagId" uuid NOT NULL, CONSTRAINT "PK_\w{27}" PRIMARY KEY \("articleId", "tagId"\)\)/,
    );
    expect(unindented(files.get('src/articles/entities/article.entity.ts'))).toContain(
      "@Column({ type: 'uuid', nullable: true })\nseriesId: string | null;",
    );
  });

  it('mongodb: ObjectId references with ref and an index, in a schema that type-checks', async () => {
    // renderFiles checks the whole project compiles (against stand-ins of the packages).
    const files = await articleFiles('mongodb');
    const schema = files.get('src/articles/schemas/article.schema.ts')!;
    expect(schema).toContain(
      "import { Category } from '../../categories/schemas/category.schema';",
    );
    expect(unindented(schema)).toContain(
      [
        '@Prop({',
        'type: Types.ObjectId,',
        'ref: Category.name,',
        'index: true,',
        'required: true,',
        // Read by src/database/delete-rules.ts: MongoDB has no foreign key to say it.
        "onDelete: 'restrict',",
        '})',
        'category: Types.ObjectId;',
      ].join('\n'),
    );
    expect(unindented(schema)).toContain(
      "default: null,\nonDelete: 'set null',\n})\nseries: Types.ObjectId | null;",
    );
    expect(unindented(schema)).toContain(
      'type: [{ type: Types.ObjectId, ref: Tag.name }],\ndefault: [],\nindex: true,\n})\ntags: Types.ObjectId[];',
    );
    // Deletes follow the rules there, as SQL's foreign keys do (issue 14.5).
    expect(files.get('src/articles/articles.service.ts')).toContain(
      'await deleteFollowingRules(this.articles, [article._id]);',
    );
    expect(files.get('src/users/users.service.ts')).toContain(
      'await this.keepingAnAdmin(user, () =>\n      deleteFollowingRules(this.users, [user._id]),\n    );',
    );
    expect(files.has('src/database/delete-rules.spec.ts')).toBe(true);
  });
});
