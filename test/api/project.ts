// Generated projects for the `rest api` whole-project tests: made with the built CLI, sharing one install.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { freePort, run, type Run } from '../e2e/project.js';
import { withProjectNode } from '../project-node.js';

export { freePort, postgresDatabase, run, type Run } from '../e2e/project.js';

export const repository = resolve(import.meta.dirname, '../..');
// RESTSMITH_BIN: a built copy elsewhere, so that a rebuild of this checkout cannot pull dist/ away mid-run.
const bin = process.env.RESTSMITH_BIN ?? join(repository, 'bin/run.js');
const work = join(repository, '.tmp/api-projects');
/** One node_modules for every generated project: the union of their dependencies, installed once. */
const shared = join(repository, '.tmp/api-deps');

/** `rest <args>` from the built CLI; wide lines, so that messages are not wrapped. */
export const rest = (cwd: string, ...args: string[]): Run =>
  run('node', [bin, ...args], cwd, { OCLIF_COLUMNS: '400' });

/**
 * More of `rest new`: its other flags, and whether it type-checks what it writes (`--check-types`,
 * off by default: the tests run the project's own tsc, which checks the same files once more).
 */
export interface NewProjectOptions {
  flags?: string[];
  checkTypes?: boolean;
}

/**
 * TypeORM's own drift check in a built SQL project: `migration:generate --check` exits 0, saying
 * "No changes in database schema were found", when the migrations made what the entities describe.
 */
export const driftCheck = (dir: string, env: NodeJS.ProcessEnv): Run =>
  run(
    'npm',
    ['run', 'migration:generate', '--', '--check', 'src/database/migrations/Drift'],
    dir,
    env,
  );

/** A fresh project from `rest new`, with the shared node_modules linked in. */
export function newProject(
  name: string,
  database: string,
  options: NewProjectOptions = {},
): string {
  const dir = newProjectWithoutInstall(name, database, options);
  linkDependencies(dir);
  return dir;
}

/** A fresh project from `rest new --skip-install`. */
export function newProjectWithoutInstall(
  name: string,
  database: string,
  { flags = [], checkTypes = false }: NewProjectOptions = {},
): string {
  mkdirSync(work, { recursive: true });
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  const made = rest(
    work,
    'new',
    name,
    '--database',
    database,
    ...flags,
    '--yes',
    '--skip-install',
    '--skip-git',
    // .tmp/ is inside the restsmith clone: nesting is what we want here.
    '--force',
    ...(checkTypes ? ['--check-types'] : []),
  );
  if (made.status !== 0) throw new Error(`rest new failed:\n${made.output}`);
  return dir;
}

/** Links the shared node_modules into `dir`, first growing it to hold what the project depends on. */
export function linkDependencies(dir: string): void {
  // Test files run side by side: one of them installs while the others wait for it.
  withLock(`${shared}.lock`, () => installShared(dir));
  symlinkSync(join(shared, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

/**
 * Runs `work` while holding the lock folder `lock` (mkdir is atomic). A lock whose holder has died
 * (its pid file names no process) is taken over.
 */
function withLock(lock: string, work: () => void): void {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive(lock)) rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    return true; // Made a moment ago, its pid not written yet.
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The shared node_modules, grown to hold what the project at `dir` depends on. */
function installShared(dir: string): void {
  const wanted = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
  const manifestPath = join(shared, 'package.json');
  const current: Manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : { dependencies: {}, devDependencies: {} };
  const missing = (kind: 'dependencies' | 'devDependencies') =>
    Object.entries(wanted[kind] ?? {}).some(([name, range]) => current[kind]?.[name] !== range);
  if (
    missing('dependencies') ||
    missing('devDependencies') ||
    !existsSync(join(shared, 'node_modules'))
  ) {
    mkdirSync(shared, { recursive: true });
    const merged = {
      name: 'api-deps',
      private: true,
      dependencies: { ...current.dependencies, ...wanted.dependencies },
      devDependencies: { ...current.devDependencies, ...wanted.devDependencies },
      // typeorm's peer range, widened for better-sqlite3 13 in sqlite projects.
      overrides: { ...current.overrides, ...wanted.overrides },
    };
    writeFileSync(manifestPath, JSON.stringify(merged, null, 2));
    const installed = run('npm', ['install', '--no-audit', '--no-fund'], shared);
    if (installed.status !== 0) throw new Error(`npm install failed:\n${installed.output}`);
  }
}

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  overrides?: Record<string, unknown>;
}

export interface Server {
  url: string;
  stop: () => Promise<void>;
  /** Everything the server printed so far. */
  output: () => string;
}

/** Starts the built project (`node dist/main.js`) and waits for its "listening" line. */
export async function startServer(dir: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const child: ChildProcess = spawn('node', ['dist/main.js'], {
    cwd: dir,
    // Not the test runner's NODE_ENV=test: the project reads its .env as a developer's run would.
    env: withProjectNode({ ...process.env, NODE_ENV: 'development', ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening on')) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: () =>
      new Promise((stopped) => {
        child.on('exit', () => stopped());
        child.kill('SIGTERM');
      }),
  };
}

/** Every file of the project with its text, to show that a refused command wrote nothing. */
export function snapshotOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.parentPath.includes('node_modules')) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path, readFileSync(path, 'utf8'));
  }
  return files;
}
