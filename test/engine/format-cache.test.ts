// The format cache: a second `rest new` reuses prettier's output, and the project is the same byte for byte.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatAll } from '../../src/engine/format.js';
import { DEFAULT_PRETTIER_CONFIG } from '../../src/engine/format-job.js';
import { openFormatCache, resetFormatCache } from '../../src/engine/format-cache.js';
import { folderTree } from './folder-tree.js';

const bin = resolve(import.meta.dirname, '../../bin/run.js');

let cacheFolder: string;
const savedEnv = { ...process.env };
beforeEach(() => {
  cacheFolder = mkdtempSync(join(tmpdir(), 'rest-format-cache-'));
  process.env.RESTSMITH_CACHE_DIR = cacheFolder;
  // The user's own entries; the packaged ones are test/engine/format-seed.test.ts's.
  process.env.RESTSMITH_NO_FORMAT_SEED = '1';
  delete process.env.RESTSMITH_NO_FORMAT_CACHE;
  resetFormatCache();
});
afterEach(() => {
  process.env = { ...savedEnv };
  resetFormatCache();
});

/**
 * Every file under `folder`, with its text; what differs from run to run whatever the cache does (the
 * secrets in `.env`, the initial migration's timestamp) made the same.
 */
const tree = (folder: string) => normalised(rawTree(folder));

function normalised(raw: Record<string, string>): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [path, text] of Object.entries(raw)) {
    const name = path.replace(/\d{13}/g, 'TIMESTAMP');
    files[name] =
      name === '.env' ? text.replace(/=.*/g, '=') : text.replace(/\d{13}/g, 'TIMESTAMP');
  }
  return files;
}

const rawTree = folderTree;

/** How many of `second`'s files are not, path and text, in `first`. */
const changed = (first: Record<string, string>, second: Record<string, string>) =>
  Object.keys(second).filter((path) => first[path] !== second[path]).length;

function restNew(name: string, env: NodeJS.ProcessEnv): string {
  const cwd = mkdtempSync(join(tmpdir(), 'rest-format-cache-new-'));
  const result = spawnSync(
    process.execPath,
    [bin, 'new', name, '--yes', '--skip-install', '--skip-git', '--database', 'sqlite'],
    { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true', ...env } },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return join(cwd, name);
}

const cachedEntries = () =>
  readdirSync(cacheFolder, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );

describe('rest new with the format cache', () => {
  it('writes the same project from the cache as prettier formats it, and fills the cache once', () => {
    const env = { RESTSMITH_CACHE_DIR: cacheFolder };
    const first = rawTree(restNew('my-api', env));
    const entries = cachedEntries().length;
    expect(entries).toBeGreaterThan(50);
    const second = rawTree(restNew('my-api', env));
    expect(normalised(second)).toEqual(normalised(first));
    // Only the files that differ from run to run (the timestamped migration) were formatted again.
    expect(cachedEntries().length - entries).toBeLessThanOrEqual(changed(first, second));
    expect(changed(first, second)).toBeLessThan(5);
    const uncached = tree(restNew('my-api', { RESTSMITH_NO_FORMAT_CACHE: '1' }));
    expect(uncached).toEqual(normalised(first));
  }, 120_000);

  it('formats what differs: another project name adds entries only for the files that hold it', () => {
    const env = { RESTSMITH_CACHE_DIR: cacheFolder };
    const first = rawTree(restNew('my-api', env));
    const entries = cachedEntries().length;
    const other = rawTree(restNew('other-api', env));
    const added = cachedEntries().length - entries;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(changed(first, other));
    expect(added).toBeLessThan(entries / 2);
    expect(normalised(other)).toEqual(
      tree(restNew('other-api', { RESTSMITH_NO_FORMAT_CACHE: '1' })),
    );
  }, 120_000);

  it('still writes the project when the cache folder cannot be made (a file in its way)', () => {
    const blocked = join(cacheFolder, 'blocked');
    writeFileSync(blocked, 'not a folder');
    const files = tree(restNew('my-api', { RESTSMITH_CACHE_DIR: blocked }));
    expect(files['src/main.ts']).toContain('NestFactory');
  }, 60_000);
});

describe('formatAll with the format cache', () => {
  const job = (text: string, config = DEFAULT_PRETTIER_CONFIG) => ({
    path: 'src/a.ts',
    text,
    config,
  });

  it('answers a text formatted before from the cache, and keys entries by configuration', async () => {
    const [formatted] = await formatAll([job('const a = {b:"c"}')]).texts;
    expect(formatted).toBe("const a = { b: 'c' };\n");
    expect(openFormatCache()!.get(job('const a = {b:"c"}'))).toBe(formatted);
    // Another configuration is another entry.
    const doubleQuotes = { ...DEFAULT_PRETTIER_CONFIG, singleQuote: false };
    expect(openFormatCache()!.get(job('const a = {b:"c"}', doubleQuotes))).toBeUndefined();
    const [double] = await formatAll([job('const a = {b:"c"}', doubleQuotes)]).texts;
    expect(double).toBe('const a = { b: "c" };\n');
  });

  it('mixes cached and new texts in the order asked', async () => {
    await formatAll([job('let x=1')]).texts;
    const texts = await formatAll([job('let y=2'), job('let x=1'), job('let z=3')]).texts;
    expect(texts).toEqual(['let y = 2;\n', 'let x = 1;\n', 'let z = 3;\n']);
  });

  it('caches nothing when turned off, nor a text prettier cannot parse', async () => {
    await expect(formatAll([job('const = ;')]).texts).rejects.toThrow();
    expect(cachedEntries()).toEqual([]);
    process.env.RESTSMITH_NO_FORMAT_CACHE = '1';
    resetFormatCache();
    await formatAll([job('let w=4')]).texts;
    expect(openFormatCache()).toBeNull();
    expect(cachedEntries()).toEqual([]);
  });

  it('never caches jobs whose configuration the formatter resolves (an existing project)', async () => {
    const projectRoot = mkdtempSync(join(tmpdir(), 'rest-format-cache-project-'));
    await formatAll([{ path: 'src/a.ts', text: 'let v=5', projectRoot }]).texts;
    expect(cachedEntries()).toEqual([]);
  });
});
