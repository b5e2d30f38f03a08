// What every installed project in these tests must pass: its own lint, type-check and tests.
import { expect } from 'vitest';
import { walkContract } from './contract.js';
import { run, secretsOf, startScript, type Run } from './project.js';

/** Fails with the command's output when it did not exit 0. */
export const passed = (what: string, result: Run) =>
  expect(result.status, `${what}:\n${result.output}`).toBe(0);

/** The project's lint, type-check and tests, as a user would run them; the test run, to read its output. */
export function checkProject(dir: string, env: NodeJS.ProcessEnv = {}): Run {
  passed('npm run lint', run('npm', ['run', 'lint'], dir));
  passed('tsc --noEmit', run('npx', ['tsc', '--noEmit'], dir));
  const tests = run('npm', ['test'], dir, env);
  passed('npm test', tests);
  return tests;
}

/**
 * The project's lint and type-check only, for a project whose own tests run in another file on a
 * project with the same options and more (one full `npm test` per combination keeps CI in its time).
 */
export function lintAndTypes(dir: string): void {
  passed('npm run lint', run('npm', ['run', 'lint'], dir));
  passed('tsc --noEmit', run('npx', ['tsc', '--noEmit'], dir));
}

/** Starts `npm run dev`, then `npm run prod`, and walks the HTTP contract on each. */
export async function serveAndWalk(
  dir: string,
  name: string,
  unknownId: string,
  env: NodeJS.ProcessEnv = {},
) {
  for (const [script, mode] of [
    ['dev', 'development'],
    ['prod', 'production'],
  ] as const) {
    const server = await startScript(dir, script, env);
    try {
      expect(server.listening).toMatch(
        new RegExp(`^${name} listening on http://0\\.0\\.0\\.0:\\d+, in ${mode} mode$`),
      );
      await walkContract(server.url, secretsOf(dir), unknownId);
    } finally {
      await server.stop();
    }
  }
}
