// Every command records what it generated (.restsmith/base.json): right after each, rest upgrade finds nothing to change.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newProjectWithoutInstall, rest } from '../api/project.js';

const upToDate = (dir: string) => {
  const dry = rest(dir, 'upgrade', '--dry-run');
  expect(dry.status, dry.output).toBe(0);
  expect(dry.output).toMatch(/The project is up to date/);
};

describe('the recorded base', () => {
  it('follows rest new, rest api (a resource, a reference, an in-place edit) and rest graphql', () => {
    const dir = newProjectWithoutInstall('recorded-base', 'sqlite');
    const base = () =>
      JSON.parse(readFileSync(join(dir, '.restsmith/base.json'), 'utf8')) as {
        restsmith: string;
        files: Record<string, string>;
      };
    expect(base().files['src/main.ts']).toBe(readFileSync(join(dir, 'src/main.ts'), 'utf8'));
    // Secrets, migrations and the project's record are never in it.
    expect(Object.keys(base().files)).not.toContain('.env');
    expect(Object.keys(base().files).some((path) => path.includes('migration'))).toBe(false);
    expect(readFileSync(join(dir, 'restsmith.json'), 'utf8')).toMatch(
      /"restsmith": "\d+\.\d+\.\d+"/,
    );
    expect(readFileSync(join(dir, '.gitattributes'), 'utf8')).toMatch(
      /\.restsmith\/base\.json -diff/,
    );
    upToDate(dir);
    for (const args of [
      ['api', 'category', '--fields', 'name'],
      ['api', 'article', '--fields', 'title body:text category:ref:category', '--owner', 'author'],
      ['api', 'article', '--add-fields', 'summary?:text'],
      ['api', 'article', '--add-methods', 'DELETE'],
      ['graphql'],
    ]) {
      const done = rest(dir, ...args, ...(args[0] === 'api' ? ['--yes'] : []));
      expect(done.status, `${args.join(' ')}:\n${done.output}`).toBe(0);
      upToDate(dir);
    }
    expect(base().files['src/graphql/graphql.module.ts']).toBeDefined();
    expect(base().files['src/articles/articles.service.ts']).toMatch(/summary/);
  }, 300_000);

  it('is left alone in a project made without one: rest api does not start a partial record', () => {
    const dir = newProjectWithoutInstall('no-recorded-base', 'sqlite');
    const path = join(dir, '.restsmith/base.json');
    rmSync(path);
    const done = rest(dir, 'api', 'note', '--fields', 'text', '--yes');
    expect(done.status, done.output).toBe(0);
    expect(existsSync(path)).toBe(false);
  }, 120_000);
});
