// The formatter's prettier (standalone build, plugins by file kind) prints what prettier's own `format` prints.
import * as prettier from 'prettier';
import { describe, expect, it, vi } from 'vitest';
import { projectFiles } from '../../templates-ast/project.js';
import type { FormatJob } from '../../src/engine/format-job.js';
import { formatJob } from '../../src/engine/prettier-format.js';
import { renderFiles } from '../../src/engine/render.js';
import { normaliseProjectOptions } from '../../src/project/project-options.js';

// Every job the generator formats, with its unformatted text.
const jobs: FormatJob[] = [];
vi.mock('../../src/engine/format.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/engine/format.js')>();
  return {
    ...actual,
    formatAll: (batch: FormatJob[]) => {
      jobs.push(...batch);
      return actual.formatAll(batch);
    },
  };
});

/** What the generator formatted with before: prettier's full build, babel-ts first for TypeScript. */
async function prettierFormat({ path, text, config }: FormatJob): Promise<string> {
  const options = { ...config, filepath: path };
  if (!/\.[cm]?tsx?$/.test(path)) return prettier.format(text, options);
  return prettier
    .format(text, { ...options, parser: 'babel-ts' })
    .catch(() => prettier.format(text, { ...options, parser: 'typescript' }));
}

describe("the formatter's prettier", () => {
  it.each(['sqlite', 'postgres', 'mongodb'] as const)(
    'formats every file of a %s project as prettier.format does',
    async (database) => {
      jobs.length = 0;
      const files = projectFiles(normaliseProjectOptions({ name: 'shop-api', database }));
      await renderFiles(files, { check: 'syntax' });
      const paths = jobs.map((job) => job.path);
      expect(paths).toEqual(expect.arrayContaining(['.prettierrc', 'eslint.config.mjs']));
      expect(paths).toEqual(expect.arrayContaining(['package.json', 'src/main.ts']));
      for (const job of jobs) {
        expect({ path: job.path, text: await formatJob(job) }).toEqual({
          path: job.path,
          text: await prettierFormat(job),
        });
      }
    },
  );

  it('formats with the typescript parser when a configuration names it', async () => {
    const job = {
      path: 'src/a.ts',
      text: 'enum A {B=1}\nexport   const a = <T,>(x:T)=>x',
      config: { parser: 'typescript' as const, semi: false },
    };
    expect(await formatJob(job)).toBe(await prettierFormat(job));
    expect(await formatJob(job)).toBe('enum A {\n  B = 1,\n}\nexport const a = <T>(x: T) => x\n');
  });
});
