import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/longest-first.js';

/**
 * `npm run test:quick` (`vitest run --project quick`): the unit, template and engine tests of the
 * edit loop, which generate in memory and start nothing. `npm test` runs these and the whole-project
 * tests (the `projects` project), which install, build, start and walk generated projects.
 */
const quick = [
  'test/cli.test.ts',
  'test/house/**/*.test.ts',
  'test/schema/**/*.test.ts',
  'test/engine/**/*.test.ts',
  'test/templates/**/*.test.ts',
  'test/project/project-options.test.ts',
  'test/project/next-steps.test.ts',
  'test/project-schema/field-types.test.ts',
  'test/project-schema/fixtures.test.ts',
  'test/project-schema/hand-edits.test.ts',
  'test/api/app-module-editor.test.ts',
  'test/api/field-parser.test.ts',
  'test/api/migrations-editor.test.ts',
  'test/api/nested-templates.test.ts',
  'test/api/project-config.test.ts',
  'test/api/reference-templates.test.ts',
  'test/api/resource-options-*.test.ts',
  'test/api/resource-templates.test.ts',
  'test/api/tree-merge.test.ts',
  'test/matrix/covering-array.test.ts',
  'test/route/auth.test.ts',
  'test/route/library.test.ts',
  'test/docs/**/*.test.ts',
  'test/upgrade/three-way.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 600_000,
    // Whole-project tests install and run generated projects; they opt into longer timeouts.
    pool: 'forks',
    // Most of a whole-project test's time is spent waiting on npm, a compiler or a database in
    // other processes: two files at a time keep both cores busy (vitest's default on 2 cores is one).
    maxWorkers: Number(process.env.RESTSMITH_TEST_WORKERS ?? 2),
    // The longest whole-project files start first (test/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    env: {
      // The format cache (src/engine/format-cache.ts) of this run: not the user's own, and shared by
      // the run's generated projects as a user's successive `rest new` runs share it.
      RESTSMITH_CACHE_DIR: mkdtempSync(join(tmpdir(), 'restsmith-test-cache-')),
    },
    projects: [
      { extends: true, test: { name: 'quick', include: quick } },
      {
        extends: true,
        test: {
          name: 'projects',
          include: ['test/**/*.test.ts'],
          exclude: quick,
          // Generated projects run on Node 24 from the npm registry, whatever Node runs vitest.
          globalSetup: ['test/project-node-setup.ts'],
        },
      },
    ],
  },
});
