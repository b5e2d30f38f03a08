// What every installed project in these tests must pass: its own lint, type-check and tests.
import { expect } from 'vitest';
import { run, type Run } from './project.js';

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
