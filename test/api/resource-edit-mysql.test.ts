// `rest api` edits on a MySQL project (built CLI, no install): routes change; field edits, whose ALTER
// statements are written for PostgreSQL and SQLite only, are refused with the way to do them by hand.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newProjectWithoutInstall, rest } from './project.js';

const filesOf = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .map((path) => [path, readFileSync(path, 'utf8')]),
  );

describe('rest api edits a resource of a MySQL project', () => {
  it('refuses a field edit with the fix and writes nothing; changes routes', () => {
    const dir = newProjectWithoutInstall('api-edit-mysql', 'mysql');
    const added = rest(dir, 'api', 'article', '--fields', 'title views?:number', '--yes');
    expect(added.status, added.output).toBe(0);
    const before = filesOf(dir);
    for (const edit of [
      ['--add-fields', 'summary?:text'],
      ['--rename-field', 'views:hits'],
      ['--remove-fields', 'views'],
    ]) {
      const refused = rest(dir, 'api', 'article', ...edit);
      expect(refused.status, refused.output).not.toBe(0);
      expect(refused.output).toContain('Field edits on a MySQL project are not supported yet');
      expect(refused.output).toContain('npm run migration:generate');
      expect(refused.output).not.toMatch(/\n\s+at /);
    }
    expect(filesOf(dir)).toEqual(before);
    const access = rest(dir, 'api', 'article', '--access', 'DELETE=admin');
    expect(access.status, access.output).toBe(0);
    expect(readFileSync(join(dir, 'src/articles/articles.controller.ts'), 'utf8')).toMatch(
      /@Delete\(':id'\)\s*@Access\('admin'\)/,
    );
  }, 300_000);
});
