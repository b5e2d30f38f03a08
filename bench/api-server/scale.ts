// bench/api-server/scale.ts: issue 30.4's lists at scale. A PostgreSQL project with one resource
// (`rest api article --fields "title body:text views:number" --indexes views --public GET`), a million
// articles stored straight in its table (scale-rows.ts), then the latency of each kind of list:
// the first page, a page deep by cursor, a filter on the indexed views (a value, a range), a search
// for a rare and for a common word, a filter on the title that no index holds (a scan, bounded by
// SEARCH_TIMEOUT_MS), each counted (the default) and with count=false. Each route is asked
// `--requests` times one after the other, then as many times 4 at a time, after 20 requests not
// counted (and 20 of every route before the first is timed); the server runs with LIST_CACHE_PAGES=0, so that every list runs its statements. The
// server is on core 0, this process on core 1, PostgreSQL (127.0.0.1:5432, user postgres) unpinned.
// Build restsmith first (`npm run build`); generated projects need Node 22+.
// Run: npx tsx bench/api-server/scale.ts [--keep] [--http=express|fastify] [--rows=1000000]
//      [--requests=300] [--search-timeout=100] [--seed=<folder with node_modules>] [--prepare]
//      [--project=<folder>]
// The project (.tmp/bench-api-server/bench-scale-pg[-fastify]) is made again when restsmith's build
// has changed since it was made. With --keep, the database (bench_scale_<http>) and its rows are kept
// for the next run, which fills it only if it does not hold --rows articles. --prepare only makes the
// project; --project=<folder> loads a project made before as it is (say, by an earlier build, to
// compare two builds on the same rows).
import { execSync, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { cpuTime } from './load.js';
import {
  backendCpuSince,
  backendTimes,
  createDatabase,
  databaseUrl,
  dropDatabase,
} from './postgres.js';
import { root, sh, work, type Http } from './project.js';
import { COMMON, cursorOf, EVERYDAY, deepCursorsSql, fillRows, RARE } from './scale-rows.js';
import { start } from './server.js';

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const keep = process.argv.includes('--keep');
const http = option('http', 'express') as Http;
const rows = Number(option('rows', '1000000'));
const requests = Number(option('requests', '300'));
const given = option('project', '');
const project =
  given === ''
    ? join(work, `bench-scale-pg${http === 'express' ? '' : `-${http}`}`)
    : resolve(given);
const database = keep ? `bench_scale_${http}` : `bench_scale_${http}_${process.pid}`;
const port = 9390;
const base = `http://127.0.0.1:${port}`;

/** psql's unaligned answer to `sql` (read from stdin, so that VACUUM may follow other statements). */
function psql(sql: string, name = database): string[][] {
  const args = [databaseUrl(name), '-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1', '-f', '-'];
  const result = spawnSync('psql', args, { input: sql, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed:\n${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('|'));
}

/** A digest of restsmith's build: the project is made again when it differs. */
function buildStamp(): string {
  const hash = createHash('sha256');
  for (const folder of ['dist/src', 'dist/templates-ast'])
    for (const file of readdirSync(join(root, folder), { recursive: true }).map(String).sort())
      if (file.endsWith('.js')) hash.update(file).update(readFileSync(join(root, folder, file)));
  return hash.digest('hex');
}

/** Generates and builds the project, keeping the node_modules of the one it replaces. */
function prepareProject(seed: string): void {
  const stamp = buildStamp();
  const stampFile = join(project, '.bench-build');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  const modules = join(work, '.scale-node_modules');
  rmSync(modules, { recursive: true, force: true });
  if (existsSync(join(project, 'node_modules'))) renameSync(join(project, 'node_modules'), modules);
  rmSync(project, { recursive: true, force: true });
  const rest = (args: string[], cwd: string) =>
    sh(process.execPath, [join(root, 'bin/run.js'), ...args], cwd);
  const flags = ['--database', 'postgres', '--http', http, '--yes', '--skip-git', '--force'];
  execSync(`mkdir -p ${work}`);
  rest(['new', basename(project), ...flags, '--skip-install'], work);
  const fields = ['--fields', 'title body:text views:number', '--indexes', 'views'];
  rest(['api', 'article', ...fields, '--public', 'GET', '--yes'], project);
  if (existsSync(modules)) renameSync(modules, join(project, 'node_modules'));
  else if (existsSync(join(seed, 'node_modules')))
    sh('cp', ['-al', join(seed, 'node_modules'), join(project, 'node_modules')], project);
  sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], project);
  sh('npm', ['run', 'build'], project);
  writeFileSync(stampFile, stamp);
}

interface Outcome {
  ms: number[];
  statuses: Record<number, number>;
  /** The server's and the PostgreSQL backends' CPU µs per request. */
  serverCpu: number;
  databaseCpu: number;
}

/** `requests` answers of `path(i)`, `concurrency` at a time. */
async function measure(
  server: ChildProcess,
  path: (i: number) => string,
  concurrency: number,
): Promise<Outcome> {
  const outcome: Outcome = { ms: [], statuses: {}, serverCpu: 0, databaseCpu: 0 };
  const backends = backendTimes(database);
  const before = cpuTime(server);
  let next = 0;
  const client = async () => {
    while (next < requests) {
      const started = performance.now();
      const answer = await fetch(`${base}${path(next++)}`);
      await answer.arrayBuffer();
      outcome.ms.push(performance.now() - started);
      outcome.statuses[answer.status] = (outcome.statuses[answer.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  outcome.serverCpu = (cpuTime(server) - before) / requests;
  outcome.databaseCpu = backendCpuSince(database, backends) / requests;
  return outcome;
}

const percentile = (values: number[], share: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * share) - 1)] ?? 0;

interface Route {
  name: string;
  path: (i: number) => string;
}

/** The routes, each counted and with count=false; the values vary from request to request. */
function routesOf(cursors: string[], titles: string[]): Route[] {
  const kinds: Route[] = [
    { name: 'first page, cursor', path: () => '/articles?after=' },
    { name: 'first page, page numbers (the default)', path: () => '/articles' },
    {
      name: 'a deep cursor page (500,000 entries down or more)',
      path: (i) => `/articles?after=${cursors[i % cursors.length]}`,
    },
    { name: 'views=n (indexed)', path: (i) => `/articles?views=${5000 + ((i * 997) % 20000)}` },
    {
      name: 'views.gte=a&views.lte=a+999 (indexed)',
      path: (i) =>
        `/articles?views.gte=${40000 + (i % 20) * 1000}&views.lte=${40999 + (i % 20) * 1000}`,
    },
    { name: 'search, rare word (50 matches)', path: (i) => `/articles?q=${RARE[i % RARE.length]}` },
    {
      name: 'search, everyday word (about 15% of rows)',
      path: (i) => `/articles?q=${EVERYDAY[i % EVERYDAY.length]}`,
    },
    { name: 'search, common word (30% of rows)', path: () => `/articles?q=${COMMON}` },
    {
      name: 'title=, no index (a scan, bounded)',
      path: (i) => `/articles?title=${encodeURIComponent(titles[i % titles.length]!)}`,
    },
  ];
  const uncounted = (path: string) => `${path}${path.includes('?') ? '&' : '?'}count=false`;
  return kinds.flatMap((kind) => [
    kind,
    { name: `${kind.name}, count=false`, path: (i: number) => uncounted(kind.path(i)) },
  ]);
}

/** Fills the table unless it holds `rows` articles already. */
function ensureRows(): void {
  const [[held]] = psql('SELECT count(*) FROM articles') as [[string]];
  if (Number(held) === rows) return;
  const started = performance.now();
  psql(fillRows(rows));
  console.log(`${rows} articles stored in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const uptime = () => execSync('uptime', { encoding: 'utf8' }).trim();

async function main(): Promise<void> {
  console.log(`start: ${uptime()}`);
  if (given === '') prepareProject(option('seed', join(root, '.tmp/api-deps')));
  if (process.argv.includes('--prepare')) return;
  const exists = psql(`SELECT 1 FROM pg_database WHERE datname = '${database}'`, 'postgres');
  if (exists.length === 0) createDatabase(database);
  const migrated =
    exists.length > 0 && psql("SELECT to_regclass('articles') IS NOT NULL")[0]?.[0] === 't';
  // This process on core 1, the server on core 0 (server.ts), where taskset is.
  spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const server = await start(
    [process.execPath, 'dist/main.js'],
    {
      PORT: String(port),
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl(database),
      // A kept database has its tables; a project made again names its migrations anew.
      MIGRATIONS_RUN: String(!migrated),
      LIST_CACHE_PAGES: '0',
      THROTTLE_LIMIT: '1000000000',
      SEARCH_TIMEOUT_MS: option('search-timeout', '100'),
    },
    project,
  );
  try {
    ensureRows();
    const cursors = psql(deepCursorsSql(rows, 20)).map(([at, id]) => cursorOf(at!, id!));
    const titles = psql('SELECT title FROM articles TABLESAMPLE SYSTEM (0.1) LIMIT 20').map(
      ([title]) => title!,
    );
    const load = `${uptime()} (before the loads)`;
    console.log(load);
    console.log(
      `\nNode ${process.version}, ${http}, ${rows} articles, ${requests} requests per route sequential and ${requests} 4 at a time, LIST_CACHE_PAGES=0\n`,
    );
    console.log(
      '| route | sequential p50 / p99 ms | 4 at a time p50 / p99 ms | statuses (sequential; 4 at a time) | server CPU µs/req | PostgreSQL CPU µs/req | X-Total-Count |',
    );
    console.log('|---|---:|---:|---|---:|---:|---:|');
    const routes = routesOf(cursors, titles);
    // A fresh server runs unoptimised code at first: 20 requests of every route before one is timed.
    for (const route of routes)
      for (let i = 0; i < 20; i += 1) await (await fetch(`${base}${route.path(i)}`)).arrayBuffer();
    for (const route of routes) {
      for (let i = 0; i < 20; i += 1) await (await fetch(`${base}${route.path(i)}`)).arrayBuffer();
      const sample = await fetch(`${base}${route.path(0)}`);
      await sample.arrayBuffer();
      const total = sample.headers.get('x-total-count');
      const exact = sample.headers.get('x-total-count-exact') === 'false' ? '+' : '';
      const one = await measure(server, route.path, 1);
      const four = await measure(server, route.path, 4);
      const cell = (outcome: Outcome) =>
        [0.5, 0.99].map((share) => percentile(outcome.ms, share).toFixed(1)).join(' / ');
      const statuses = (outcome: Outcome) =>
        Object.entries(outcome.statuses)
          .map(([status, count]) => `${count}× ${status}`)
          .join(', ');
      const cpu = (pick: (outcome: Outcome) => number) =>
        `${pick(one).toFixed(0)} / ${pick(four).toFixed(0)}`;
      console.log(
        `| ${[
          route.name,
          cell(one),
          cell(four),
          `${statuses(one)}; ${statuses(four)}`,
          cpu((outcome) => outcome.serverCpu),
          cpu((outcome) => outcome.databaseCpu),
          total === null ? '' : `${total}${exact}`,
        ].join(' | ')} |`,
      );
    }
    console.log(`\nend: ${uptime()}`);
  } finally {
    server.kill();
    await new Promise((done) => setTimeout(done, 500));
    if (!keep) dropDatabase(database);
  }
}

await main();
