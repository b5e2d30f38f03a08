// vitest's order of test files: the longest whole-project files first, so that none starts late and runs alone at the end.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files of `npm test`, longest first (CI of fe546ee, 29 November 2026). Without this,
 * a fresh clone (no vitest cache) runs the larger files first: the matrix's file is five lines, so
 * the longest part of the run (about 25 minutes) started last and ran alone.
 */
const LONGEST = [
  'test/matrix/matrix.test.ts',
  'test/e2e/graphql.test.ts',
  'test/api/resource-edit-installed.test.ts',
  'test/e2e/new-project.test.ts',
  'test/api/references.test.ts',
  'test/e2e/accounts.test.ts',
  'test/e2e/fastify.test.ts',
  'test/api/whole-project.test.ts',
  'test/hostile/hostile.test.ts',
  'test/e2e/openapi-prism.test.ts',
  'test/e2e/generator-choices.test.ts',
  'test/e2e/search-bound.test.ts',
  'test/upgrade/upgrade-installed.test.ts',
  'test/api/migrations.test.ts',
  'test/e2e/production.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = LONGEST.indexOf(relative(this.ctx.config.root, spec.moduleId));
      return at === -1 ? LONGEST.length : at;
    };
    // Within each vitest project (they run one after the other), the listed files first, in order.
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) =>
          (a.spec.project.name === b.spec.project.name ? rank(a.spec) - rank(b.spec) : 0) ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
