// Issue 31.7: after `rest new`'s install, a native module that does not load on the Node that will run the
// project is compiled for it, or reported in one line with the command that fixes it. Real modules, a
// real compile: better-sqlite3 13 from the shared dependencies, with its prebuilt binary taken away as on
// a platform it has none for.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNativeModules } from '../../src/project/native-modules.js';
import { linkDependencies, newProjectWithoutInstall } from '../api/project.js';
import { withProjectNode, PROJECT_NODE_VERSION } from '../project-node.js';

let shared: string;
let scratch: string;
const env = withProjectNode(process.env);

beforeAll(() => {
  // A sqlite project's dependencies, installed once for the test files that share them.
  const project = newProjectWithoutInstall('native-modules', 'sqlite', { checkTypes: false });
  linkDependencies(project);
  shared = join(project, 'node_modules');
  scratch = mkdtempSync(join(tmpdir(), 'rest-native-'));
  writeFileSync(join(scratch, 'package.json'), '{ "name": "native", "private": true }\n');
  for (const name of ['better-sqlite3', 'node-addon-api']) {
    cpSync(join(shared, name), join(scratch, 'node_modules', name), { recursive: true });
  }
}, 600_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const loads = () =>
  execFileSync('node', ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: scratch,
    env,
    stdio: 'pipe',
  });

describe("rest new's check of the native module after the install", () => {
  it('passes a module that loads, without building anything', async () => {
    const steps: string[] = [];
    const checked = await checkNativeModules(
      scratch,
      { database: 'sqlite' },
      (text) => steps.push(text),
      env,
    );
    expect(checked).toEqual({ outcome: 'loads' });
    expect(steps).toEqual([]);
    expect(await checkNativeModules(scratch, { database: 'postgres' }, () => {}, env)).toEqual({
      outcome: 'none',
    });
  });

  it("compiles a module whose binary does not load for the Node on PATH, against that Node's headers", async () => {
    rmSync(join(scratch, 'node_modules/better-sqlite3/prebuilds'), { recursive: true });
    expect(loads).toThrow(/Cannot find module/);
    const steps: string[] = [];
    const checked = await checkNativeModules(
      scratch,
      { database: 'sqlite' },
      (text) => steps.push(text),
      env,
    );
    expect(steps).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Compiling better-sqlite3 for Node ${PROJECT_NODE_VERSION}\\.\\d+\\.\\d+ \\(its prebuilt binary does not load\\)$`,
        ),
      ),
    ]);
    expect(checked).toMatchObject({ outcome: 'built', module: 'better-sqlite3' });
    expect(
      existsSync(join(scratch, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node')),
    ).toBe(true);
    expect(loads).not.toThrow();
  }, 600_000);

  it('reports in one line, with the fix, what it cannot build', async () => {
    rmSync(join(scratch, 'node_modules/better-sqlite3'), { recursive: true });
    const checked = await checkNativeModules(scratch, { database: 'sqlite' }, () => {}, env);
    // The same Node that builds it names it: one line, no stack.
    expect(checked).toMatchObject({
      outcome: 'broken',
      module: 'better-sqlite3',
      reason: "Cannot find module 'better-sqlite3'",
      fix: 'npm install better-sqlite3',
    });
  });
});
