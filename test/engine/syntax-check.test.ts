// The quick check of `rest new` and `rest api` (check 'syntax'): files printed without parsing, broken
// relative imports found by TypeScript's import scanner, parse errors reported by the formatter.
import { describe, expect, it } from 'vitest';
import { GeneratedCodeError } from '../../src/engine/errors.js';
import type { GeneratedFile, TypeScriptFile } from '../../src/engine/generated-file.js';
import { renderFiles } from '../../src/engine/render.js';
import {
  createStagingProject,
  isEsModuleProject,
  printTypeScript,
  stageTypeScript,
} from '../../src/engine/staging.js';
import { DATABASES } from '../../src/model/project.js';
import { projectFiles } from '../../templates-ast/project.js';
import { projectFixture } from '../api/fixture-options.js';

const listQuery: GeneratedFile = {
  kind: 'typescript',
  path: 'src/common/list-query.ts',
  imports: [],
  structure: { statements: ['export interface ListQuery { page: number; limit: number }'] },
};

const module = (statement: string, from = 'src/common/list-query.ts'): GeneratedFile => ({
  kind: 'typescript',
  path: 'src/articles/articles.module.ts',
  imports: [{ from, named: ['ListQuery'] }],
  structure: { statements: [statement] },
});

const quick = { check: 'syntax' as const };
const failure = (files: GeneratedFile[]) =>
  renderFiles(files, quick).then(
    () => undefined,
    (error: unknown) => (error instanceof GeneratedCodeError ? error.diagnostics : error),
  );

describe("check 'syntax'", () => {
  it('passes type errors (the full check and the projects own tsc find those)', async () => {
    const rendered = await renderFiles(
      [listQuery, module('export const page: ListQuery = undefinedName;')],
      quick,
    );
    expect(rendered.map((file) => file.path)).toEqual([
      listQuery.path,
      'src/articles/articles.module.ts',
    ]);
  });

  it('names a relative import that points at no file, as written in the template and in raw text', async () => {
    expect(await failure([module('export const x = 1;', 'src/common/missing.ts')])).toEqual([
      "src/articles/articles.module.ts:1:27 cannot find module '../common/missing'",
    ]);
    expect(
      await failure([
        listQuery,
        module("export { gone } from '../gone/gone';\nexport const y = 2;"),
      ]),
    ).toEqual(["src/articles/articles.module.ts:3:22 cannot find module '../gone/gone'"]);
  });

  it('reports a parse error with the file it is in, and writes nothing', async () => {
    const diagnostics = await failure([listQuery, module('export const x = ;')]);
    expect(diagnostics).toEqual([
      expect.stringMatching(
        /^src\/articles\/articles\.module\.ts: .*Expression expected.*\(3:18\)/,
      ),
    ]);
  });

  it.each(DATABASES)(
    'prints every TypeScript file of a %s project as staging and parsing it does',
    (database) => {
      const files = projectFiles(projectFixture(database));
      const esModule = isEsModuleProject(files);
      const typescript = files.filter((file): file is TypeScriptFile => file.kind === 'typescript');
      expect(typescript.length).toBeGreaterThan(40);
      const printing = createStagingProject(files);
      const staging = createStagingProject(files);
      for (const file of typescript) {
        expect({ path: file.path, text: printTypeScript(printing, file, esModule) }).toEqual({
          path: file.path,
          text: stageTypeScript(staging, file, esModule).getFullText(),
        });
      }
    },
  );
});
