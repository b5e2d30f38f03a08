// Holes: the format cache keys a file without the values that change from run to run, and gives back exactly what prettier writes.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fillHoles, formatAll } from '../../src/engine/format.js';
import { DEFAULT_PRETTIER_CONFIG, type FormatJob } from '../../src/engine/format-job.js';
import { resetFormatCache } from '../../src/engine/format-cache.js';
import { withHoles } from '../../src/engine/format-holes.js';
import { formatJob } from '../../src/engine/prettier-format.js';

const job = (text: string, path = 'src/a.ts'): FormatJob => ({
  path,
  text,
  config: DEFAULT_PRETTIER_CONFIG,
});

describe('withHoles', () => {
  it('takes a name out of string literals and template texts, keeping its length', () => {
    const text = "const KEY = 'acme:limit';\nlog(`acme on ${port}`);\n";
    const holed = withHoles(job(text), ['acme']);
    expect(holed.holes).toHaveLength(1);
    expect(holed.text).not.toContain('acme');
    expect(holed.text).toHaveLength(text.length);
    expect(fillHoles(holed.text, holed.holes!)).toBe(text);
  });

  it('leaves a file whose name is also an identifier, a keyword or in a comment as it is', () => {
    for (const text of [
      "const acme = 'acme';\n",
      "new Thing('new');\n",
      "// acme\nconst a = 'acme';\n",
    ]) {
      const name = text.startsWith('new') ? 'new' : 'acme';
      expect(withHoles(job(text), [name])).toEqual(job(text));
    }
  });

  it('takes a timestamp out of identifiers, strings and the path, not out of a number', () => {
    const text =
      "export class CreateUsers1795516065412 {\n  name = 'CreateUsers1795516065412';\n}\n";
    const path = 'src/migrations/1795516065412-create-users.ts';
    const holed = withHoles(job(text, path), ['1795516065412']);
    expect(holed.text).not.toContain('1795516065412');
    expect(holed.path).not.toContain('1795516065412');
    expect(fillHoles(holed.path, holed.holes!)).toBe(path);
    const number = job('const at = 1795516065412;\n');
    expect(withHoles(number, ['1795516065412'])).toEqual(number);
  });

  it('gives a scoped name and its last segment a hole each, in JSON too', () => {
    const text = "const title = '@acme/api';\nconst file = '.data/api.sqlite';\n";
    const holed = withHoles(job(text), ['@acme/api', 'api']);
    expect(holed.holes!.map((hole) => hole.value)).toEqual(['@acme/api', 'api']);
    expect(fillHoles(holed.text, holed.holes!)).toBe(text);
    const json = '{\n  "name": "@acme/api",\n  "private": true\n}\n';
    const holedJson = withHoles(job(json, 'package.json'), ['@acme/api', 'api']);
    expect(holedJson.holes).toHaveLength(1);
  });

  it('takes nothing out of other kinds of files, nor a name out of a path', () => {
    const markdown = job('# acme\n', 'README.md');
    expect(withHoles(markdown, ['acme'])).toEqual(markdown);
    // The path picks the parser: a project named `p` must not turn .prettierrc into .zrettierrc.
    const config = job('{ "singleQuote": true }\n', '.prettierrc');
    expect(withHoles(config, ['p'])).toEqual(config);
  });
});

describe('formatAll with holes', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    process.env.RESTSMITH_CACHE_DIR = mkdtempSync(join(tmpdir(), 'rest-format-holes-'));
    process.env.RESTSMITH_NO_FORMAT_SEED = '1';
    delete process.env.RESTSMITH_NO_FORMAT_CACHE;
    resetFormatCache();
  });
  afterEach(() => {
    process.env = { ...saved };
    resetFormatCache();
  });

  const entries = () =>
    readdirSync(process.env.RESTSMITH_CACHE_DIR!, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile(),
    ).length;

  const source = (name: string) =>
    `export const options = {title:'${name}', description: 'the API of ${name}', version: '1.0'};\n`;

  it('writes what prettier writes for the text itself, for names of any length', async () => {
    for (const name of ['shop', 'shoe', 'my-blog-api', `a${'-long-name'.repeat(20)}`]) {
      const [text] = await formatAll([withHoles(job(source(name)), [name])]).texts;
      expect(text).toBe(await formatJob(job(source(name))));
    }
  });

  it('answers another name of the same length from the cache', async () => {
    await formatAll([withHoles(job(source('shop')), ['shop'])]).texts;
    expect(entries()).toBe(1);
    const [text] = await formatAll([withHoles(job(source('shoe')), ['shoe'])]).texts;
    expect(entries()).toBe(1);
    expect(text).toContain("'the API of shoe'");
    expect(text).toBe(await formatJob(job(source('shoe'))));
  });
});
