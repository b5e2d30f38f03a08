// The formatter thread of the built CLI (dist/): what `rest new` and `rest api` format their files with.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type * as Format from '../../src/engine/format.js';

// The thread runs the compiled worker; the sources under Vitest format on the calling thread instead.
const built = resolve('dist/src/engine/format.js');
const { formatAll } = (await import(pathToFileURL(built).href)) as typeof Format;

const project = mkdtempSync(join(tmpdir(), 'restsmith-format-'));
writeFileSync(join(project, '.prettierrc'), JSON.stringify({ semi: false, singleQuote: false }));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('formatAll on the formatter thread', () => {
  it('formats TypeScript and JSON with the configuration it is given', async () => {
    const texts = await formatAll([
      { path: 'src/a.ts', text: 'export const a = {b:"c"}', config: { singleQuote: true } },
      { path: 'restsmith.json', text: '{"resources":[]}', config: {} },
    ]).texts;
    expect(texts).toEqual(["export const a = { b: 'c' };\n", '{ "resources": [] }\n']);
  });

  it("resolves the target project's own .prettierrc when no configuration is given", async () => {
    const [text] = await formatAll([
      { path: 'src/a.ts', text: "export const a = 'b';", projectRoot: project },
    ]).texts;
    expect(text).toBe('export const a = "b"\n');
  });

  it('rejects with a message naming prettier when a file cannot be parsed', async () => {
    await expect(formatAll([{ path: 'a.json', text: '{"a":', config: {} }]).texts).rejects.toThrow(
      /^prettier: /,
    );
  });

  it('answers requests sent together in any order, each with its own result', async () => {
    const requests = ['one', 'two', 'three'].map((name) =>
      formatAll([{ path: `${name}.ts`, text: `export const ${name}=1`, config: {} }]),
    );
    const texts = await Promise.all(requests.map((request) => request.texts));
    expect(texts.flat()).toEqual([
      'export const one = 1;\n',
      'export const two = 1;\n',
      'export const three = 1;\n',
    ]);
  });

  it('lets the process exit at once when a request is cancelled, and when none is made', () => {
    const script = [
      `const { formatAll, startFormatter } = await import(${JSON.stringify(pathToFileURL(built).href)});`,
      'startFormatter();',
      "const request = formatAll([{ path: 'a.ts', text: 'export const a=1', config: {} }]);",
      'request.cancel();',
      'await request.texts.then(() => console.log("resolved"), (error) => console.log(error.message));',
    ].join('\n');
    const output = execFileSync('node', ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(output.trim()).toBe('prettier: formatting was cancelled');
  });
});
