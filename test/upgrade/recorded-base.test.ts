// Every command records what it generated (.restsmith/base.json): right after each, rest upgrade finds nothing to change.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newProjectWithoutInstall, repository, rest, run } from '../api/project.js';

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

  it('follows MongoDB renames and removals, whose migration runner is history, not regenerated', () => {
    const dir = newProjectWithoutInstall('recorded-base-mongodb', 'mongodb');
    for (const args of [
      ['api', 'article', '--fields', 'title price?:number body?:text'],
      ['api', 'article', '--rename-field', 'price:cost'],
      ['api', 'article', '--remove-fields', 'body'],
    ]) {
      const done = rest(dir, ...args, '--yes');
      expect(done.status, `${args.join(' ')}:\n${done.output}`).toBe(0);
      upToDate(dir);
    }
    expect(existsSync(join(dir, 'src/database/migrate.ts'))).toBe(true);
    expect(readFileSync(join(dir, '.restsmith/base.json'), 'utf8')).not.toMatch(/migrate\.ts/);
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

describe('rest upgrade in the work trees users have', () => {
  const git = (dir: string, ...args: string[]) =>
    run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], dir);

  it('reads a CRLF checkout (git autocrlf) as the same project, and minds only its own folder in a monorepo', () => {
    const mono = join(repository, '.tmp/upgrade-monorepo');
    rmSync(mono, { recursive: true, force: true });
    mkdirSync(mono, { recursive: true });
    expect(git(mono, 'init', '-q').status).toBe(0);
    const made = rest(mono, 'new', 'api', '--yes', '--skip-install', '--skip-git', '--force');
    expect(made.status, made.output).toBe(0);
    const dir = join(mono, 'api');
    // Not committed yet: refused, as git could neither show nor undo the upgrade.
    const untracked = rest(dir, 'upgrade');
    expect(untracked.status).not.toBe(0);
    expect(untracked.output).toMatch(/not committed to git/);
    expect(git(mono, 'add', '-A').status).toBe(0);
    expect(git(mono, 'commit', '-qm', 'rest new').status).toBe(0);
    const main = join(dir, 'src/main.ts');
    writeFileSync(main, readFileSync(main, 'utf8').replace(/\n/g, '\r\n'));
    expect(git(mono, 'commit', '-qam', 'CRLF').status).toBe(0);
    // A change in the repository, outside the project's folder.
    writeFileSync(join(mono, 'elsewhere.txt'), 'x\n');
    const upgraded = rest(dir, 'upgrade');
    expect(upgraded.status, upgraded.output).toBe(0);
    expect(upgraded.output).toMatch(/The project is up to date/);
    expect(readFileSync(main, 'utf8')).toMatch(/\r\n/);
    // Inside it, a change is refused, named, with the fix.
    writeFileSync(join(dir, 'notes.md'), 'x\n');
    const refused = rest(dir, 'upgrade');
    expect(refused.status).not.toBe(0);
    expect(refused.output).toMatch(/uncommitted changes \(1: api\/notes\.md\)[\s\S]*git stash/);
  }, 120_000);
});

describe('a broken record', () => {
  it('is refused by rest api and rest upgrade, naming the fix, and nothing is written', () => {
    const dir = newProjectWithoutInstall('broken-record', 'sqlite');
    const path = join(dir, '.restsmith/base.json');
    writeFileSync(path, '<<<<<<< HEAD\n{}\n');
    for (const args of [
      ['api', 'note', '--fields', 'text', '--yes'],
      ['upgrade', '--dry-run'],
    ]) {
      const refused = rest(dir, ...args);
      expect(refused.status, refused.output).not.toBe(0);
      expect(refused.output).toMatch(/base\.json is not the record restsmith writes/);
      expect(refused.output).toMatch(/git checkout -- \.restsmith\/base\.json/);
      expect(refused.output).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(join(dir, 'src/notes'))).toBe(false);
  }, 120_000);
});
