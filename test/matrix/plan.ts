// The matrix to build: the covering array's rows, the refusals they host, the samples, and the tests of one share.
import { afterAll, it } from 'vitest';
import { coveringArray } from './covering-array.js';
import { FACTORS, accepted, type Combination } from './factors.js';
import { probes } from './probes.js';
import { buildProject, type Built } from './project-run.js';
import { printResults, printTable } from './report.js';

export const ROWS: Combination[] = coveringArray(FACTORS, accepted);
export const PROBES = probes(ROWS);

/**
 * The first project of each database also runs its own `npm test` (SQL: against the real database,
 * after the compiled migration scripts; MongoDB: its unit tests, the database tests saying they skip).
 */
const SAMPLES = new Set(
  (['sqlite', 'postgres', 'mysql', 'mongodb'] as const).map((database) =>
    ROWS.findIndex((row) => row.database === database),
  ),
);

// A project waits for background slots behind the ones before it: on a loaded 2-core machine that is long.
const LONG = 2_400_000;

/** RESTSMITH_MATRIX_ONLY=0,5: build these projects only (to re-run one that failed). */
const ONLY = process.env.RESTSMITH_MATRIX_ONLY?.split(',').map(Number);

/**
 * The tests of share `part` of `parts` (the matrix is split over files so that vitest builds them
 * side by side): one test per project, each check a soft assertion so that every failure shows.
 */
export function matrixShare(part: number, parts: number): void {
  const mine = ROWS.map((row, index) => ({ row, index })).filter(
    ({ index }) => index % parts === part && (!ONLY || ONLY.includes(index)),
  );
  const built: Built[] = [];
  afterAll(() => {
    printTable(built);
    printResults(built);
  });
  for (const { row, index } of mine) {
    it.concurrent(
      `project ${index}: ${row.database}`,
      // Concurrent tests report through their own `expect`.
      async ({ expect }) => {
        const hosted = PROBES.filter(
          (probe) => probe.host === index && probe.refusal.step !== 'new',
        );
        const result = await buildProject(index, row, hosted, SAMPLES.has(index));
        built.push(result);
        if (result.skipped)
          console.warn(`skipped: database checks of ${result.name} (${result.skipped})`);
        for (const check of result.checks)
          expect.soft(check.ok, `${result.name} ${check.name}: ${check.detail}`).toBe(true);
        expect(result.checks.some((check) => check.name === 'types')).toBe(true);
      },
      LONG,
    );
  }
}
