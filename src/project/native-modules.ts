// After `rest new`'s install: the project's native modules load on the Node that will run the project,
// or are rebuilt for it once, or are reported in one line with the command that fixes them.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_NODE_MAJOR } from './next-steps.js';
import type { ProjectOptions } from '../model/project.js';

const run = promisify(execFile);

/** The native module a project's database driver needs, when it needs one. */
const NATIVE_MODULES: Partial<Record<ProjectOptions['database'], NativeModule>> = {
  // better-sqlite3 13 ships prebuilt Node-API binaries for linux, macOS and Windows on x64 and arm64;
  // elsewhere (or when its prebuilt binary does not load) it must be compiled for the Node at hand.
  sqlite: {
    name: 'better-sqlite3',
    probe: "new (require('better-sqlite3'))(':memory:').close()",
    build: ['npm', 'run', 'build-release'],
  },
};

interface NativeModule {
  name: string;
  /** Loads the module and uses it once, in the project folder. */
  probe: string;
  /** Compiles it from source, in its own folder (node-gyp, against npm_config_nodedir's headers). */
  build: string[];
}

export type NativeCheck =
  | { outcome: 'none' | 'loads' }
  | { outcome: 'built'; module: string; node: string }
  | { outcome: 'broken'; module: string; node: string; reason: string; fix: string };

/**
 * Loads the project's native module with the `node` on PATH (the one `npm run dev` will use). When it
 * does not load, it is compiled once for that Node (against its own headers, when it ships them); what
 * still fails comes back as one line and the command that fixes it.
 */
export async function checkNativeModules(
  target: string,
  options: Pick<ProjectOptions, 'database'>,
  onBuild: (text: string) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<NativeCheck> {
  const native = NATIVE_MODULES[options.database];
  if (!native) return { outcome: 'none' };
  const first = await probe(target, native, env);
  if (first.ok) return { outcome: 'loads' };
  const node = await nodeOnPath(target, env);
  // An older Node than projects need: the next steps say to switch, which is the fix.
  if (Number(node.version.split('.')[0]) < PROJECT_NODE_MAJOR) return { outcome: 'none' };
  const headers = node.home && existsSync(join(node.home, 'include/node/node.h'));
  const folder = join(target, 'node_modules', native.name);
  const nodedir = headers ? { npm_config_nodedir: node.home } : {};
  if (existsSync(folder)) {
    onBuild(
      `Compiling ${native.name} for Node ${node.version} (its prebuilt binary does not load)`,
    );
    const [command, ...args] = native.build;
    const built = await run(command!, args, {
      cwd: folder,
      env: { ...env, ...nodedir },
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      () => true,
      () => false,
    );
    if (built && (await probe(target, native, env)).ok) {
      return { outcome: 'built', module: native.name, node: node.version };
    }
  }
  const prefix = headers ? `npm_config_nodedir=${node.home} ` : '';
  return {
    outcome: 'broken',
    module: native.name,
    node: node.version,
    reason: firstLine(first.reason),
    fix: existsSync(folder)
      ? `cd node_modules/${native.name} && ${prefix}${native.build.join(' ')} (needs python3, make and a C++ compiler)`
      : `npm install ${native.name}`,
  };
}

async function probe(
  target: string,
  native: NativeModule,
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; reason: string }> {
  return run('node', ['-e', native.probe], { cwd: target, env }).then(
    () => ({ ok: true, reason: '' }),
    (error: { stderr?: string; message: string }) => ({
      ok: false,
      reason: error.stderr || error.message,
    }),
  );
}

/** The version and install folder of the `node` on PATH, seen from the project folder. */
async function nodeOnPath(
  target: string,
  env: NodeJS.ProcessEnv,
): Promise<{ version: string; home?: string }> {
  const answer = await run('node', ['-p', 'process.version + " " + process.execPath'], {
    cwd: target,
    env,
  }).catch(() => undefined);
  const [version = process.version, path] = answer?.stdout.trim().split(' ') ?? [];
  return { version: version.replace(/^v/, ''), home: path ? dirname(dirname(path)) : undefined };
}

/** The error's own line: not node's source excerpt, not the stack. */
const firstLine = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^(Error|TypeError|RangeError)\b|^Cannot find/.test(line))
    ?.replace(/^Error: /, '') ??
  text
    .split('\n')
    .find((line) => line.trim())
    ?.trim() ??
  'it does not load';
