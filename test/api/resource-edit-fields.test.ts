// `rest api <name> --add-fields/--rename-field/--remove-fields` through the built CLI on a generated project (no install).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repository, rest } from './project.js';
import {
  articlesWithHandEdits,
  CREATE_DTO,
  ENTITY,
  snapshotOf,
  VIEW,
} from './resource-edit-project.js';

describe('rest api edits the fields of a resource that exists (built CLI, generated sqlite project)', () => {
  const project = articlesWithHandEdits('api-edit-fields');
  const { read, write, migrations, handEditsKept } = project;

  it('refuses a reference to a resource the project lacks, naming the fix, and writes nothing', () => {
    const before = snapshotOf(project.dir);
    const result = rest(project.dir, 'api', 'article', '--add-fields', 'category?:ref:category');
    expect(result.status).toBe(1);
    expect(result.output).toMatch(
      /"category\?:ref:category" refers to "category", which is not a resource of this project[\s\S]*rest api category --fields/,
    );
    expect(snapshotOf(project.dir)).toEqual(before);
  });

  it('--add-fields --dry-run prints a diff of every file, the new migration included, and writes nothing', () => {
    const before = snapshotOf(project.dir);
    const result = rest(
      project.dir,
      'api',
      'article',
      '--add-fields',
      'summary:text published?:boolean',
      '--dry-run',
    );
    expect(result.status, result.output).toBe(0);
    for (const line of [
      `+++ b/${ENTITY}`,
      '+  summary: string;',
      `+++ b/${CREATE_DTO}`,
      "+  search: ['title', 'body', 'summary'],",
      '+    summary: `summary of ${tag}`,',
      'ADD COLUMN "summary" text NOT NULL DEFAULT',
      '+        "summary:text",',
      'Dry run: nothing was written.',
    ]) {
      expect(result.output).toContain(line);
    }
    expect(snapshotOf(project.dir)).toEqual(before);
  }, 60_000);

  it('--add-fields adds the fields to every file and a migration, keeps the hand edits, and a second run changes nothing', () => {
    const entityBefore = read(ENTITY);
    const result = rest(
      project.dir,
      'api',
      'article',
      '--add-fields',
      'summary:text published?:boolean',
    );
    expect(result.status, result.output).toBe(0);
    handEditsKept();
    // The entity gained exactly the two properties; every other line is as it was.
    const entity = read(ENTITY);
    const added = [
      "  @Column({ type: 'text' })\n  summary: string;\n",
      "  @Column({ type: 'boolean', nullable: true })\n  published: boolean | null;\n",
    ];
    for (const property of added) expect(entity).toContain(property);
    expect(added.reduce((text, property) => text.replace(property, ''), entity)).toBe(entityBefore);
    expect(read(CREATE_DTO)).toContain('@IsBoolean()\n  published?: boolean | null;');
    // The PATCH DTO is PartialType(CreateArticleDto): the new fields reach it with nothing written there.
    expect(read('src/articles/dto/update-article.dto.ts')).toContain(
      'extends PartialType(CreateArticleDto',
    );
    expect(read('src/articles/articles.service.ts')).toContain(
      'published: input.published ?? null',
    );
    expect(read(VIEW)).toContain('summary: article.summary,');
    expect(read('src/articles/articles.service.ts')).toContain(
      'article.summary = changes.summary ?? article.summary;',
    );
    expect(read('test/articles.e2e-spec.ts')).toContain('summary: `summary of ${tag}`,');
    const config = JSON.parse(read('restsmith.json')) as { resources: { fields: string[] }[] };
    expect(config.resources[0]!.fields).toEqual([
      'title:string',
      'body:text',
      'views?:number',
      'summary:text',
      'published?:boolean',
    ]);
    const migration = migrations().find((file) =>
      file.endsWith('-add-summary-published-to-articles.ts'),
    );
    expect(migration).toBeDefined();
    expect(read('src/database/migrations.ts')).toContain('AddSummaryPublishedToArticles');

    const before = snapshotOf(project.dir);
    const again = rest(
      project.dir,
      'api',
      'article',
      '--add-fields',
      'summary:text published?:boolean',
    );
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain('has this change already: nothing to do');
    expect(snapshotOf(project.dir)).toEqual(before);
  }, 60_000);

  it('refuses a rename when the property was renamed by hand, naming file, place and fix, and writes nothing', () => {
    const entity = read(ENTITY);
    write(ENTITY, entity.replace('  summary: string;', '  précis: string;'.replace('é', 'e')));
    const before = snapshotOf(project.dir);
    const result = rest(project.dir, 'api', 'article', '--rename-field', 'summary:synopsis');
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      `${ENTITY}: the file > class Article > summary: is gone, and this edit has to change it.`,
    );
    expect(result.output).toMatch(/Nothing was written/);
    expect(snapshotOf(project.dir)).toEqual(before);
    write(ENTITY, entity);
  }, 60_000);

  it('refuses when the create DTO class was split or renamed by hand', () => {
    const dto = read(CREATE_DTO);
    write(CREATE_DTO, dto.replace('class CreateArticleDto', 'class ArticleInput'));
    const before = snapshotOf(project.dir);
    const result = rest(project.dir, 'api', 'article', '--rename-field', 'summary:synopsis');
    expect(result.status).toBe(1);
    expect(result.output).toContain(`${CREATE_DTO}: the file > class CreateArticleDto: is gone`);
    expect(snapshotOf(project.dir)).toEqual(before);
    write(CREATE_DTO, dto);
  }, 60_000);

  it('--rename-field renames in every file and the migration renames the column (never drops it)', () => {
    const result = rest(project.dir, 'api', 'article', '--rename-field', 'summary:synopsis');
    expect(result.status, result.output).toBe(0);
    handEditsKept();
    for (const path of [
      ENTITY,
      VIEW,
      CREATE_DTO,
      'src/articles/articles.service.ts',
      'test/articles.e2e-spec.ts',
      'restsmith.json',
    ]) {
      expect(read(path), path).not.toMatch(/summary/);
      expect(read(path), path).toMatch(/synopsis/);
    }
    const file = migrations().find((name) =>
      name.endsWith('-rename-summary-to-synopsis-in-articles.ts'),
    )!;
    const migration = read(`src/database/migrations/${file}`);
    expect(migration).toContain('ALTER TABLE "articles" RENAME COLUMN "summary" TO "synopsis"');
    expect(migration).not.toMatch(/DROP COLUMN|ADD COLUMN/);
    const before = snapshotOf(project.dir);
    expect(rest(project.dir, 'api', 'article', '--rename-field', 'summary:synopsis').status).toBe(
      0,
    );
    expect(snapshotOf(project.dir)).toEqual(before);
  }, 60_000);

  it('asks in a terminal before --remove-fields drops stored values, and writes nothing on no (issue 31.2)', () => {
    const before = snapshotOf(project.dir);
    // `script` gives the CLI a terminal, as a person at a keyboard has; it answers n.
    const answered = spawnSync(
      'script',
      [
        '-qec',
        `node ${join(repository, 'bin/run.js')} api article --remove-fields body`,
        '/dev/null',
      ],
      { cwd: project.dir, input: 'n\r', env: { ...process.env, CI: '' }, encoding: 'utf8' },
    );
    expect(answered.error, 'the script command of util-linux').toBeUndefined();
    expect(answered.stdout).toContain('Its stored values are dropped');
    expect(answered.stdout).toContain('Nothing was written.');
    expect(snapshotOf(project.dir)).toEqual(before);
  });

  it('--remove-fields says it drops the column, removes the field everywhere, and keeps the hand edits', () => {
    const dry = rest(project.dir, 'api', 'article', '--remove-fields', 'synopsis', '--dry-run');
    expect(dry.output).toContain('ALTER TABLE "articles" DROP COLUMN "synopsis"');
    expect(dry.output).toMatch(/DROPS the column\(s\) synopsis of articles/);
    const result = rest(project.dir, 'api', 'article', '--remove-fields', 'synopsis');
    expect(result.status, result.output).toBe(0);
    expect(result.output).toMatch(/DROPS the column\(s\) synopsis/);
    handEditsKept();
    for (const path of [ENTITY, VIEW, CREATE_DTO, 'test/articles.e2e-spec.ts', 'restsmith.json']) {
      expect(read(path), path).not.toMatch(/synopsis/);
    }
    expect(read(VIEW)).toContain("search: ['title', 'body'],");
    // The same removal again has nothing to do; a typo is an error naming the closest field (issue 31).
    const again = rest(project.dir, 'api', 'article', '--remove-fields', 'synopsis');
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain('nothing to do');
    const before = snapshotOf(project.dir);
    const typo = rest(project.dir, 'api', 'article', '--remove-fields', 'tittle');
    expect(typo.status).toBe(1);
    expect(typo.output).toContain('article has no field "tittle".');
    expect(typo.output).toContain('Did you mean "title"?');
    const rename = rest(project.dir, 'api', 'article', '--rename-field', 'bdy:text');
    expect(rename.status).toBe(1);
    expect(rename.output).toContain('Did you mean "body"?');
    expect(snapshotOf(project.dir)).toEqual(before);
  }, 60_000);

  it('--rename-field to a word of TypeScript gives that reason, not the built-in fields', () => {
    const result = rest(project.dir, 'api', 'article', '--rename-field', 'title:abstract');
    expect(result.status).toBe(1);
    expect(result.output).toContain('"abstract" is a word of TypeScript');
    expect(result.output).not.toContain('createdAt');
  });
});
