// `rest api <name> --add-fields/--rename-field/--remove-fields` through the built CLI on a generated project (no install).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { newProjectWithoutInstall, rest } from './project.js';

/** Every file of the project with its text, to show that a refused command wrote nothing. */
function snapshotOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.parentPath.includes('node_modules')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path, readFileSync(path, 'utf8'));
  }
  return files;
}

const ENTITY = 'src/articles/entities/article.entity.ts';
const CONTROLLER = 'src/articles/articles.controller.ts';
const VIEW = 'src/articles/article.view.ts';
const CREATE_DTO = 'src/articles/dto/create-article.dto.ts';

/** Hand edits of each kind the issue names: a method, a comment, a decorator on another field. */
const HAND_METHOD = `
  /** Words in the body, written by hand. */
  get wordCount(): number {
    return this.body.split(/\\s+/).length;
  }
`;
const HAND_COMMENT = '    // Written by hand: the id first, always.\n';
const HAND_ROUTE = `
  // A route written by hand.
  @Get('count/all')
  countAll(): string {
    return   'many';
  }
`;

describe('rest api edits a resource that exists (built CLI, generated sqlite project)', () => {
  let dir: string;
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');
  const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
  const migrations = () => readdirSync(join(dir, 'src/database/migrations')).sort();

  beforeAll(() => {
    dir = newProjectWithoutInstall('api-edit', 'sqlite');
    const added = rest(dir, 'api', 'article', '--fields', 'title body:text views?:number', '--yes');
    if (added.status !== 0) throw new Error(added.output);
    // The hand edits, made once; every edit below must keep them byte for byte.
    const entity = read(ENTITY);
    write(ENTITY, entity.replace(/\n}\n$/, `\n${HAND_METHOD}}\n`));
    write(
      VIEW,
      read(VIEW).replace('    id: article.id,\n', `${HAND_COMMENT}    id: article.id,\n`),
    );
    write(CONTROLLER, read(CONTROLLER).replace(/\n}\n$/, `\n${HAND_ROUTE}}\n`));
  }, 180_000);

  const handEditsKept = () => {
    expect(read(ENTITY)).toContain(HAND_METHOD);
    expect(read(VIEW)).toContain(`${HAND_COMMENT}    id: article.id,\n`);
    expect(read(CONTROLLER)).toContain(HAND_ROUTE);
  };

  it('refuses a reference to a resource the project lacks, naming the fix, and writes nothing', () => {
    const before = snapshotOf(dir);
    const result = rest(dir, 'api', 'article', '--add-fields', 'category?:ref:category');
    expect(result.status).toBe(1);
    expect(result.output).toMatch(
      /"category\?:ref:category" refers to "category", which is not a resource of this project[\s\S]*rest api category --fields/,
    );
    expect(snapshotOf(dir)).toEqual(before);
  });

  it('--add-fields --dry-run prints a diff of every file, the new migration included, and writes nothing', () => {
    const before = snapshotOf(dir);
    const result = rest(
      dir,
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
    expect(snapshotOf(dir)).toEqual(before);
  }, 60_000);

  it('--add-fields adds the fields to every file and a migration, keeps the hand edits, and a second run changes nothing', () => {
    const entityBefore = read(ENTITY);
    const result = rest(dir, 'api', 'article', '--add-fields', 'summary:text published?:boolean');
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
    expect(read(CREATE_DTO)).toContain('@IsBoolean()\n  published?: boolean;');
    expect(read('src/articles/dto/update-article.dto.ts')).toMatch(/summary\?: string;/);
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

    const before = snapshotOf(dir);
    const again = rest(dir, 'api', 'article', '--add-fields', 'summary:text published?:boolean');
    expect(again.status, again.output).toBe(0);
    expect(again.output).toContain('has this change already: nothing to do');
    expect(snapshotOf(dir)).toEqual(before);
  }, 60_000);

  it('refuses a rename when the property was renamed by hand, naming file, place and fix, and writes nothing', () => {
    const entity = read(ENTITY);
    write(ENTITY, entity.replace('  summary: string;', '  précis: string;'.replace('é', 'e')));
    const before = snapshotOf(dir);
    const result = rest(dir, 'api', 'article', '--rename-field', 'summary:synopsis');
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      `${ENTITY}: the file > class Article > summary: is gone, and this edit has to change it.`,
    );
    expect(result.output).toMatch(/Nothing was written/);
    expect(snapshotOf(dir)).toEqual(before);
    write(ENTITY, entity);
  }, 60_000);

  it('refuses when the create DTO class was split or renamed by hand', () => {
    const dto = read(CREATE_DTO);
    write(CREATE_DTO, dto.replace('class CreateArticleDto', 'class ArticleInput'));
    const before = snapshotOf(dir);
    const result = rest(dir, 'api', 'article', '--rename-field', 'summary:synopsis');
    expect(result.status).toBe(1);
    expect(result.output).toContain(`${CREATE_DTO}: the file > class CreateArticleDto: is gone`);
    expect(snapshotOf(dir)).toEqual(before);
    write(CREATE_DTO, dto);
  }, 60_000);

  it('--rename-field renames in every file and the migration renames the column (never drops it)', () => {
    const result = rest(dir, 'api', 'article', '--rename-field', 'summary:synopsis');
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
    const before = snapshotOf(dir);
    expect(rest(dir, 'api', 'article', '--rename-field', 'summary:synopsis').status).toBe(0);
    expect(snapshotOf(dir)).toEqual(before);
  }, 60_000);

  it('--remove-fields says it drops the column, removes the field everywhere, and keeps the hand edits', () => {
    const dry = rest(dir, 'api', 'article', '--remove-fields', 'synopsis', '--dry-run');
    expect(dry.output).toContain('ALTER TABLE "articles" DROP COLUMN "synopsis"');
    expect(dry.output).toMatch(/DROPS the column\(s\) synopsis of articles/);
    const result = rest(dir, 'api', 'article', '--remove-fields', 'synopsis');
    expect(result.status, result.output).toBe(0);
    expect(result.output).toMatch(/DROPS the column\(s\) synopsis/);
    handEditsKept();
    for (const path of [ENTITY, VIEW, CREATE_DTO, 'test/articles.e2e-spec.ts', 'restsmith.json']) {
      expect(read(path), path).not.toMatch(/synopsis/);
    }
    expect(read(VIEW)).toContain("search: ['title', 'body'],");
  }, 60_000);

  const routeOf = (method: string) => {
    const text = read(CONTROLLER);
    const at = text.indexOf(`@${method}(':id')`);
    return at < 0 ? undefined : text.slice(at, text.indexOf('async', at));
  };

  it('--access changes who may call a route in the controller, its e2e tests and restsmith.json, keeping the hand edits', () => {
    const result = rest(dir, 'api', 'article', '--access', 'DELETE=admin,PUT=user');
    expect(result.status, result.output).toBe(0);
    expect(result.output).toContain('DELETE /:id: public -> admin');
    expect(routeOf('Delete')).toContain("@Access('admin')");
    expect(routeOf('Put')).toContain("@Access('user')");
    expect(routeOf('Patch')).toContain("@Access('user')");
    const config = JSON.parse(read('restsmith.json')) as {
      resources: { name: string; methods: Record<string, string> }[];
    };
    expect(config.resources.find((found) => found.name === 'article')!.methods).toMatchObject({
      update: 'user',
      delete: 'admin',
      read: 'public',
    });
    // The generated e2e tests now expect the 401 of a caller without a token.
    expect(read('test/articles.e2e-spec.ts')).toMatch(/401/);
    handEditsKept();
    const before = snapshotOf(dir);
    expect(rest(dir, 'api', 'article', '--access', 'DELETE=admin,PUT=user').status).toBe(0);
    expect(snapshotOf(dir)).toEqual(before);
  }, 60_000);

  it('--access refuses when the decorator it changes was replaced by hand, and writes nothing', () => {
    const controller = read(CONTROLLER);
    const at = controller.indexOf("@Delete(':id')");
    const access = controller.indexOf("@Access('admin')", at);
    write(
      CONTROLLER,
      `${controller.slice(0, access)}@Access('master')${controller.slice(access + "@Access('admin')".length)}`,
    );
    const before = snapshotOf(dir);
    const result = rest(dir, 'api', 'article', '--access', 'DELETE=user');
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      `${CONTROLLER}: the file > class ArticlesController > remove > @Access: was changed by hand`,
    );
    expect(snapshotOf(dir)).toEqual(before);
    write(CONTROLLER, controller);
  }, 60_000);

  it('refuses unknown levels and methods the resource lacks, naming the fix', () => {
    const before = snapshotOf(dir);
    const level = rest(dir, 'api', 'article', '--access', 'DELETE=owner');
    expect(level.status).toBe(1);
    expect(level.output).toMatch(
      /"owner" is not an access level[\s\S]*public, master, user, admin/,
    );
    const fields = rest(dir, 'api', 'article', '--access', 'DELETE=admin', '--add-fields', 'x');
    expect(fields.status).toBe(1);
    expect(fields.output).toMatch(/two commands/);
    expect(snapshotOf(dir)).toEqual(before);
  }, 60_000);

  it('--remove-methods removes the route, its service method and tests; --add-methods brings it back', () => {
    const removed = rest(dir, 'api', 'article', '--remove-methods', 'DELETE');
    expect(removed.status, removed.output).toBe(0);
    expect(routeOf('Delete')).toBeUndefined();
    expect(read('src/articles/articles.service.ts')).not.toMatch(/async remove\(/);
    expect(read('test/articles.e2e-spec.ts')).not.toMatch(/DELETE \/articles/);
    handEditsKept();
    const missing = rest(dir, 'api', 'article', '--access', 'DELETE=admin');
    expect(missing.status).toBe(1);
    expect(missing.output).toMatch(/does not have[\s\S]*--add-methods DELETE/);

    const added = rest(
      dir,
      'api',
      'article',
      '--add-methods',
      'DELETE',
      '--access',
      'DELETE=admin',
    );
    expect(added.status, added.output).toBe(0);
    expect(routeOf('Delete')).toContain("@Access('admin')");
    expect(read('src/articles/articles.service.ts')).toMatch(/async remove\(/);
    handEditsKept();
  }, 60_000);

  it('--remove-methods PUT deletes the update DTO no route uses, unless it was changed by hand; --add-methods PUT writes it again', () => {
    const UPDATE_DTO = 'src/articles/dto/update-article.dto.ts';
    const dto = () => readdirSync(join(dir, 'src/articles/dto'));
    const dry = rest(dir, 'api', 'article', '--remove-methods', 'PUT', '--dry-run');
    expect(dry.output).toContain(`delete  ${UPDATE_DTO}`);
    expect(dto()).toContain('update-article.dto.ts');
    const removed = rest(dir, 'api', 'article', '--remove-methods', 'PUT');
    expect(removed.status, removed.output).toBe(0);
    expect(dto()).toEqual(['create-article.dto.ts']);
    for (const path of [CONTROLLER, 'src/articles/articles.service.ts']) {
      expect(read(path), path).not.toMatch(/UpdateArticleDto|update-article\.dto/);
    }
    handEditsKept();

    const added = rest(dir, 'api', 'article', '--add-methods', 'PUT');
    expect(added.status, added.output).toBe(0);
    expect(read(UPDATE_DTO)).toMatch(/export class UpdateArticleDto/);
    expect(read(CONTROLLER)).toContain('UpdateArticleDto');

    // Changed by hand, it stays, and the command says so.
    const own = `${read(UPDATE_DTO)}// Kept for the import script.\n`;
    write(UPDATE_DTO, own);
    const kept = rest(dir, 'api', 'article', '--remove-methods', 'PUT');
    expect(kept.status, kept.output).toBe(0);
    expect(kept.output).toContain(
      `${UPDATE_DTO} is used by no route any more, but you changed it by hand, so it stays`,
    );
    expect(read(UPDATE_DTO)).toBe(own);
    expect(read(CONTROLLER)).not.toContain('UpdateArticleDto');
  }, 60_000);
});
