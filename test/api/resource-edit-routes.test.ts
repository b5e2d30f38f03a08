// `rest api <name> --access/--remove-methods/--add-methods` through the built CLI on a generated project (no install).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rest } from './project.js';
import { articlesWithHandEdits, CONTROLLER, snapshotOf } from './resource-edit-project.js';

describe('rest api edits the routes of a resource that exists (built CLI, generated sqlite project)', () => {
  const project = articlesWithHandEdits('api-edit-routes');
  const { read, write, handEditsKept } = project;

  const routeOf = (method: string) => {
    const text = read(CONTROLLER);
    const at = text.indexOf(`@${method}(':id')`);
    return at < 0 ? undefined : text.slice(at, text.indexOf('async', at));
  };

  it('--access changes who may call a route in the controller, its e2e tests and restsmith.json, keeping the hand edits', () => {
    const result = rest(project.dir, 'api', 'article', '--access', 'DELETE=admin,PUT=user');
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
    const before = snapshotOf(project.dir);
    expect(rest(project.dir, 'api', 'article', '--access', 'DELETE=admin,PUT=user').status).toBe(0);
    expect(snapshotOf(project.dir)).toEqual(before);
  }, 60_000);

  it('--access refuses when the decorator it changes was replaced by hand, and writes nothing', () => {
    const controller = read(CONTROLLER);
    const at = controller.indexOf("@Delete(':id')");
    const access = controller.indexOf("@Access('admin')", at);
    write(
      CONTROLLER,
      `${controller.slice(0, access)}@Access('master')${controller.slice(access + "@Access('admin')".length)}`,
    );
    const before = snapshotOf(project.dir);
    const result = rest(project.dir, 'api', 'article', '--access', 'DELETE=user');
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      `${CONTROLLER}: the file > class ArticlesController > remove > @Access: was changed by hand`,
    );
    expect(snapshotOf(project.dir)).toEqual(before);
    write(CONTROLLER, controller);
  }, 60_000);

  it('refuses unknown levels and methods the resource lacks, naming the fix', () => {
    const before = snapshotOf(project.dir);
    const level = rest(project.dir, 'api', 'article', '--access', 'DELETE=owner');
    expect(level.status).toBe(1);
    expect(level.output).toMatch(
      /"owner" is not an access level[\s\S]*public, master, user, admin/,
    );
    const fields = rest(
      project.dir,
      'api',
      'article',
      '--access',
      'DELETE=admin',
      '--add-fields',
      'x',
    );
    expect(fields.status).toBe(1);
    expect(fields.output).toMatch(/two commands/);
    expect(snapshotOf(project.dir)).toEqual(before);
  }, 60_000);

  it('--remove-methods removes the route, its service method and tests; --add-methods brings it back', () => {
    const removed = rest(project.dir, 'api', 'article', '--remove-methods', 'DELETE');
    expect(removed.status, removed.output).toBe(0);
    expect(routeOf('Delete')).toBeUndefined();
    expect(read('src/articles/articles.service.ts')).not.toMatch(/async remove\(/);
    expect(read('test/articles.e2e-spec.ts')).not.toMatch(/DELETE \/articles/);
    handEditsKept();
    const missing = rest(project.dir, 'api', 'article', '--access', 'DELETE=admin');
    expect(missing.status).toBe(1);
    expect(missing.output).toMatch(/does not have[\s\S]*--add-methods DELETE/);

    const added = rest(
      project.dir,
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
    const dto = () => readdirSync(join(project.dir, 'src/articles/dto'));
    const dry = rest(project.dir, 'api', 'article', '--remove-methods', 'PUT', '--dry-run');
    expect(dry.output).toContain(`delete  ${UPDATE_DTO}`);
    expect(dto()).toContain('update-article.dto.ts');
    const removed = rest(project.dir, 'api', 'article', '--remove-methods', 'PUT');
    expect(removed.status, removed.output).toBe(0);
    expect(dto()).toEqual(['create-article.dto.ts']);
    for (const path of [CONTROLLER, 'src/articles/articles.service.ts']) {
      expect(read(path), path).not.toMatch(/UpdateArticleDto|update-article\.dto/);
    }
    handEditsKept();

    const added = rest(project.dir, 'api', 'article', '--add-methods', 'PUT');
    expect(added.status, added.output).toBe(0);
    expect(read(UPDATE_DTO)).toMatch(/export class UpdateArticleDto/);
    expect(read(CONTROLLER)).toContain('UpdateArticleDto');

    // Changed by hand, it stays, and the command says so.
    const own = `${read(UPDATE_DTO)}// Kept for the import script.\n`;
    write(UPDATE_DTO, own);
    const kept = rest(project.dir, 'api', 'article', '--remove-methods', 'PUT');
    expect(kept.status, kept.output).toBe(0);
    expect(kept.output).toContain(
      `${UPDATE_DTO} is used by no route any more, but you changed it by hand, so it stays`,
    );
    expect(read(UPDATE_DTO)).toBe(own);
    expect(read(CONTROLLER)).not.toContain('UpdateArticleDto');
  }, 60_000);
});
