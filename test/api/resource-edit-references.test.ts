// `rest api <name> --add-fields "category?:ref:category tags:ref:tag[]"` and `--remove-fields` of references, through the built CLI (no install).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProjectWithoutInstall, rest, snapshotOf } from './project.js';

/** Every file of the article resource, which an edit must leave as creation writes it. */
const articleFiles = (model: string) => [
  'src/articles/articles.module.ts',
  'src/articles/articles.controller.ts',
  'src/articles/articles.service.ts',
  model,
  'src/articles/article.view.ts',
  'src/articles/dto/create-article.dto.ts',
  'src/articles/dto/update-article.dto.ts',
  'test/articles.e2e-spec.ts',
];
const HAND_METHOD = '\n/** Written by hand. */\nexport const HAND_WRITTEN = true;\n';

/** A project with categories and tags, and articles with `fields`. */
function projectWith(name: string, database: string, fields: string): string {
  const dir = newProjectWithoutInstall(name, database);
  for (const args of [
    ['category', '--fields', 'name'],
    ['tag', '--fields', 'label'],
    ['article', '--fields', fields],
  ]) {
    const result = rest(dir, 'api', ...args, '--yes');
    if (result.status !== 0) throw new Error(result.output);
  }
  return dir;
}

describe.each(['sqlite', 'postgres', 'mongodb'])(
  'rest api adds and removes reference fields of a resource that exists (%s, built CLI)',
  (database) => {
    const ENTITY =
      database === 'mongodb'
        ? 'src/articles/schemas/article.schema.ts'
        : 'src/articles/entities/article.entity.ts';
    const ARTICLE_FILES = articleFiles(ENTITY);
    let edited: string;
    let created: string;
    const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
    const migrations = (dir: string) =>
      database === 'mongodb' ? [] : readdirSync(join(dir, 'src/database/migrations')).sort();

    beforeAll(() => {
      edited = projectWith(`refs-edited-${database}`, database, 'title body:text');
      created = projectWith(
        `refs-created-${database}`,
        database,
        'title body:text category?:ref:category tags:ref:tag[]',
      );
    }, 300_000);

    it('refuses a required single reference (the stored rows have none), writing nothing', () => {
      const before = snapshotOf(edited);
      const result = rest(edited, 'api', 'article', '--add-fields', 'category:ref:category');
      expect(result.status).toBe(1);
      expect(result.output).toMatch(
        /"category:ref:category" would be required, and the articles stored already have no category[\s\S]*--add-fields "category\?:ref:category"/,
      );
      expect(snapshotOf(edited)).toEqual(before);
    });

    it('--add-fields writes every file as creation would have, keeps hand edits, and migrates', () => {
      const original = new Map(ARTICLE_FILES.map((path) => [path, read(edited, path)]));
      const entity = read(edited, ENTITY);
      writeFileSync(join(edited, ENTITY), `${entity}${HAND_METHOD}`);
      const result = rest(
        edited,
        'api',
        'article',
        '--add-fields',
        'category?:ref:category tags:ref:tag[]',
      );
      expect(result.status, result.output).toBe(0);
      expect(read(edited, ENTITY)).toContain(HAND_METHOD);
      writeFileSync(join(edited, ENTITY), read(edited, ENTITY).replace(HAND_METHOD, ''));
      for (const path of ARTICLE_FILES) {
        expect(read(edited, path), path).toBe(read(created, path));
      }
      const config = (dir: string) =>
        (JSON.parse(read(dir, 'restsmith.json')) as { resources: { fields: string[] }[] })
          .resources[2]!.fields;
      expect(config(edited)).toEqual(config(created));
      if (database !== 'mongodb') {
        const file = migrations(edited).find((name) =>
          name.endsWith('-add-category-tags-to-articles.ts'),
        )!;
        const migration = read(edited, `src/database/migrations/${file}`);
        // SQLite builds the table again, so that the key is declared as TypeORM reads it back.
        expect(migration).toMatch(
          database === 'sqlite'
            ? /CREATE TABLE "temporary_articles" \(.*"categoryId" varchar, .*CONSTRAINT "FK_\w+" FOREIGN KEY \("categoryId"\)/
            : /ADD "categoryId" uuid`/,
        );
        expect(migration).toMatch(/REFERENCES "categories" ?\("id"\) ON DELETE SET NULL/);
        expect(migration).toContain('CREATE TABLE "articles_tags"');
        expect(migration).not.toMatch(/"categoryId" (uuid|varchar) NOT NULL/);
      }
      const before = snapshotOf(edited);
      const again = rest(edited, 'api', 'article', '--add-fields', 'category?:ref:category');
      expect(again.output).toContain('has this change already: nothing to do');
      expect(snapshotOf(edited)).toEqual(before);

      // Removing them gives back the files as they were before the references.
      const removed = rest(edited, 'api', 'article', '--remove-fields', 'category tags');
      expect(removed.status, removed.output).toBe(0);
      for (const path of ARTICLE_FILES) {
        expect(read(edited, path), path).toBe(original.get(path));
      }
      if (database !== 'mongodb') {
        const file = migrations(edited).find((name) =>
          name.endsWith('-drop-category-tags-from-articles.ts'),
        )!;
        const migration = read(edited, `src/database/migrations/${file}`);
        expect(migration).toContain('DROP TABLE "articles_tags"');
        expect(migration).toMatch(
          database === 'sqlite' ? /CREATE TABLE "temporary_articles"/ : /DROP COLUMN "categoryId"/,
        );
      }
    }, 120_000);
  },
);
