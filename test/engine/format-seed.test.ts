// The format cache's packaged entries (dist/format-seed.json, made by `npm run build`): a first `rest new` formats nothing, whatever the name, and writes what prettier would.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderTree } from './folder-tree.js';

const repository = resolve(import.meta.dirname, '../..');
const bin = join(repository, 'bin/run.js');
const seedFile = join(repository, 'dist/format-seed.json');

/** What differs from run to run whatever the cache does: the secrets and the migration's timestamp. */
function normalised(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(folderTree(folder))) {
    const name = path.replace(/\d{13}/g, 'TIMESTAMP');
    files[name] =
      name === '.env' ? text.replace(/=.*/g, '=') : text.replace(/\d{13}/g, 'TIMESTAMP');
  }
  return files;
}

/**
 * `rest new name args` in a fresh folder with a cache folder of its own (as on a machine that never
 * ran restsmith); returns the project's folder and the format entries the run left in the cache.
 */
function restNew(name: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const cwd = mkdtempSync(join(tmpdir(), 'rest-format-seed-'));
  const cache = mkdtempSync(join(tmpdir(), 'rest-format-seed-cache-'));
  const result = spawnSync(
    process.execPath,
    [bin, 'new', name, '--yes', '--skip-install', '--skip-git', ...args],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', RESTSMITH_CACHE_DIR: cache, ...env },
    },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  const [folder] = readdirSync(cwd);
  const formatted = readdirSync(cache)
    .filter((entry) => entry.startsWith('format-'))
    .flatMap((entry) => readdirSync(join(cache, entry)));
  return { tree: normalised(join(cwd, folder!)), formatted };
}

const LONGEST = `n${'ame-'.repeat(53)}x`; // 214 characters, npm's longest name

describe.skipIf(!existsSync(seedFile))('rest new with the packaged format entries', () => {
  it.each([
    ['shop', ['--database', 'sqlite']],
    // Long enough for prettier to break main.ts's start-up line, which `my-api` leaves whole.
    ['my-blog-api', ['--database', 'postgres']],
    ['@acme/orders-api', ['--database', 'mongodb']],
    [
      'a-name-of-sixty-characters-for-the-openapi-title-to-break-it',
      ['--database', 'mysql', '--http', 'fastify'],
    ],
    [LONGEST, ['--database', 'sqlite', '--http', 'fastify']],
  ])(
    'formats nothing on a first run of %s %j, and writes what prettier writes',
    (name, args) => {
      const seeded = restNew(name, args);
      expect(seeded.formatted).toEqual([]);
      const formatted = restNew(name, args, { RESTSMITH_NO_FORMAT_CACHE: '1' });
      expect(Object.keys(seeded.tree).length).toBeGreaterThan(80);
      expect(seeded.tree).toEqual(formatted.tree);
    },
    60_000,
  );

  it('formats only the files other choices change, and writes what prettier writes', () => {
    const args = ['--database', 'postgres', '--auth-methods', 'password,github', '--envelope'];
    const seeded = restNew('my-api', args);
    expect(seeded.formatted.length).toBeGreaterThan(0);
    expect(seeded.formatted.length).toBeLessThan(Object.keys(seeded.tree).length / 2);
    expect(seeded.tree).toEqual(restNew('my-api', args, { RESTSMITH_NO_FORMAT_CACHE: '1' }).tree);
  }, 60_000);

  it('is left out with RESTSMITH_NO_FORMAT_SEED=1: the user cache gets every file', () => {
    const run = restNew('shop', ['--database', 'sqlite'], { RESTSMITH_NO_FORMAT_SEED: '1' });
    expect(run.formatted.length).toBeGreaterThan(50);
  }, 60_000);
});
