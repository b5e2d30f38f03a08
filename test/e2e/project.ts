// Generated projects for the `rest new` end-to-end tests: made by the built CLI, installed, started.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { normaliseProjectOptions, type ProjectInput } from '../../src/project/project-options.js';
import { renderFiles } from '../../src/engine/render.js';
import { writeFiles } from '../../src/engine/write.js';
import { projectFiles } from '../../templates-ast/project.js';
import { withProjectNode } from '../project-node.js';

export const repository = resolve(import.meta.dirname, '../..');
export const work = join(repository, '.tmp/e2e-new');

export interface Run {
  status: number;
  output: string;
}

/**
 * The environment a person would run the project in: without the NODE_ENV=test of the runner,
 * which would make the project ignore its .env, and on the Node that generated projects need
 * (test/project-node.ts). A variable given as undefined is left out, as if it were never set.
 */
export function projectEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_ENV: _runnerMode, ...rest } = process.env;
  const merged = Object.entries(withProjectNode({ ...rest, CI: 'true', ...env }));
  return Object.fromEntries(merged.filter(([, value]) => value !== undefined));
}

/**
 * Runs a command; its output (stdout then stderr) comes back to be shown when it fails. `input`, when
 * given, is its standard input.
 */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  input?: string,
): Run {
  const result = spawnSync(command, args, {
    cwd,
    input,
    encoding: 'utf8',
    env: projectEnv(env),
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

/**
 * What `rest new NAME --database DATABASE --yes --skip-git --skip-install` writes, through the
 * engine's API (the built CLI's own tests are test/project's), into a fresh folder.
 */
export async function generate(
  name: string,
  database: string,
  input: Partial<ProjectInput> = {},
): Promise<string> {
  mkdirSync(work, { recursive: true });
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  const options = normaliseProjectOptions({ name, database, packageManager: 'npm', ...input });
  await writeFiles(dir, await renderFiles(projectFiles(options)), { force: false });
  return dir;
}

/**
 * A real `npm install` of the project's own package.json. `seed`, a project installed before,
 * lends its node_modules (hard links) so that npm only adds and removes the differences.
 */
/**
 * `npm install` in `dir`, starting from a copy of `seed`'s node_modules when there is one: hard links,
 * unless `watched`. A project walked on `npm run dev` has tsc-watch watching files of its node_modules;
 * with hard links, another project's `npm install` that touches a shared file in place (the seed is
 * borrowed by several test files at once) restarted the walked server mid-walk ("File change detected",
 * then ECONNREFUSED; CI of 67429df). A real copy takes about 2 s.
 */
export function install(dir: string, seed?: string, { watched = false } = {}): Run {
  if (seed && existsSync(join(seed, 'node_modules'))) {
    const copied = run(
      'cp',
      [watched ? '-a' : '-al', join(seed, 'node_modules'), join(dir, 'node_modules')],
      dir,
    );
    if (copied.status !== 0) return copied;
  }
  return run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], dir);
}

/** A variable of the project's generated `.env`. */
const envOf = (dir: string, name: string): string =>
  new RegExp(`^${name}=(.*)$`, 'm').exec(readFileSync(join(dir, '.env'), 'utf8'))![1]!.trim();

export const masterKeyOf = (dir: string): string => envOf(dir, 'MASTER_KEY');

export const secretsOf = (
  dir: string,
): { masterKey: string; clientKey: string; jwtSecret: string } => ({
  masterKey: envOf(dir, 'MASTER_KEY'),
  // Projects without accounts have no client key: '' is a key no route accepts.
  clientKey: /^CLIENT_KEY=/m.test(readFileSync(join(dir, '.env'), 'utf8'))
    ? envOf(dir, 'CLIENT_KEY')
    : '',
  jwtSecret: envOf(dir, 'JWT_SECRET'),
});

/**
 * A port nothing listens on, for a server a test starts. It is drawn from below the kernel's
 * ephemeral range (32768 and up on Linux): a port the kernel hands out for port 0 can be handed
 * again to any outgoing connection in the seconds a project takes to build before it binds, which
 * failed a run with `listen EADDRINUSE`. Ports this process already gave out are not given twice.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (givenPorts.has(port)) continue;
    if (await canListen(port)) {
      givenPorts.add(port);
      return port;
    }
  }
  throw new Error('no free port between 20000 and 32000');
}

const givenPorts = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const server = createServer();
    server.once('error', () => answer(false));
    // The projects listen on 0.0.0.0: the port must be free on every address, not only loopback.
    server.listen(port, '0.0.0.0', () => server.close(() => answer(true)));
  });
}

export interface Server {
  url: string;
  /** The message the project logged when it started listening: `my-api listening on ...`. */
  listening: string;
  /** What the process group printed so far (its last 200,000 characters), for a failing test to show. */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * `npm run <script>` (dev or prod) in its own process group, resolved at the "listening" line.
 * Stopping ends that group: npm, tsc-watch and the server it runs.
 */
export async function startScript(
  dir: string,
  script: string,
  env: NodeJS.ProcessEnv,
): Promise<Server> {
  const port = await freePort();
  const child = spawn('npm', ['run', script], {
    cwd: dir,
    env: projectEnv({ ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  let output = '';
  let started = false;
  const listening = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => {
      signalGroup(child.pid!, 'SIGKILL');
      fail(new Error(`npm run ${script} did not start:\n${output}`));
    }, 180_000);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-200_000);
      if (started) return;
      // A JSON line in production, a pino-pretty one in development: the message is the same.
      const line = /([^\s"]+ listening on http:\/\/0\.0\.0\.0:\d+, in \w+ mode)\b/.exec(output);
      if (line) {
        started = true;
        clearTimeout(timer);
        ready(line[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) =>
      fail(new Error(`npm run ${script} exited with ${code}:\n${output}`)),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    listening,
    output: () => output,
    stop: async () => {
      signalGroup(child.pid!, 'SIGTERM');
      await exited;
      // tsc-watch and its compiler can outlive npm; nothing of the group may keep running.
      await new Promise((wait) => setTimeout(wait, 2000));
      signalGroup(child.pid!, 'SIGKILL');
    },
  };
}

function signalGroup(leader: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-leader, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * A fresh PostgreSQL database for one project, or why there is none. The name carries a digest of
 * this checkout's path, so two checkouts on one machine (git worktrees, a CI clone beside a work
 * tree) never drop each other's database mid-run.
 */
export function postgresDatabase(base: string): { url?: string; reason?: string } {
  const name = `${base}_${createHash('sha256').update(repository).digest('hex').slice(0, 8)}`;
  const ready = run('pg_isready', ['-h', '127.0.0.1', '-p', '5432'], repository);
  if (ready.status !== 0) return { reason: 'no PostgreSQL server answers at 127.0.0.1:5432' };
  const psql = (sql: string) =>
    run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-c', sql], repository);
  psql(`DROP DATABASE IF EXISTS ${name}`);
  const created = psql(`CREATE DATABASE ${name}`);
  if (created.status !== 0) return { reason: `cannot create a database: ${created.output}` };
  return { url: `postgres://postgres@127.0.0.1:5432/${name}` };
}

/** A fresh MySQL or MariaDB database for one project (named as postgresDatabase's), or why there is none. */
export function mysqlDatabase(base: string): { url?: string; reason?: string } {
  const name = `${base}_${createHash('sha256').update(repository).digest('hex').slice(0, 8)}`;
  const mysql = (sql: string) =>
    run('mysql', ['-uroot', '-h127.0.0.1', '-P3306', '-e', sql], repository);
  const ready = mysql('SELECT 1');
  if (ready.status !== 0) return { reason: 'no MySQL or MariaDB server answers at 127.0.0.1:3306' };
  mysql(`DROP DATABASE IF EXISTS ${name}`);
  const created = mysql(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  if (created.status !== 0) return { reason: `cannot create a database: ${created.output}` };
  return { url: `mysql://root@127.0.0.1:3306/${name}` };
}
