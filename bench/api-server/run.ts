// bench/api-server: req/s of generated projects (`rest new`, on Express and with `--http fastify`, on
// SQLite and with `--database postgres`), GET /users/:id and an admin list query, beside baselines in
// the same run: raw node:http answering the same JSON, a bare NestJS app answering it on each adapter
// (bare-nest.mjs: the framework's own cost, without our code or a database), and per project a peer app
// (peer-nest.mjs: the two routes as the NestJS docs and `nest g resource` with TypeORM would have a team
// write them, without guards) reading the project's own rows. Ratios are against the bare app on
// Express, the bare app on the same platform and the peer app of the same project. The servers run on
// core 0, autocannon on core 1; PostgreSQL (the local server, 127.0.0.1:5432, a fresh database per
// project) is not pinned. Build restsmith first (`npm run build`); generated projects need Node 22+.
// Run: npx tsx bench/api-server/run.ts [--duration=5] [--rounds=3] [--users=200] [--http=express,fastify]
//      [--database=sqlite,postgres] [--list-cache=on,off] [--seed=<folder with node_modules>]
//      [--search-timeout=60000] (SEARCH_TIMEOUT_MS of the projects; theirs is 100)
//      [--log-level=info] (LOG_LEVEL of the projects; warn leaves out the request log line)
// --rounds: each route is loaded that many times for --duration seconds, a project's route in turn
// with its peer's (the order reversed every other round); the table shows the median round, and the
// ratio to the peer app its lowest and highest round against round.
// --list-cache=on,off loads the list of each project twice: on the server as generated (kept pages,
// src/common/list-cache.ts) and on a second server of the same project and database started with
// LIST_CACHE_PAGES=0, whose every list runs its statements.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, databaseUrl, dropDatabase } from './postgres.js';
import {
  prepareProject,
  projectOf,
  root,
  work,
  type Database,
  type Http,
  type Variant,
} from './project.js';
import { report } from './report.js';
import { start } from './server.js';
import { loadRoutes, type Running, type Seeded } from './routes.js';

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const duration = Number(option('duration', '5'));
const rounds = Number(option('rounds', '3'));
const userCount = Number(option('users', '200'));
const adapters = option('http', 'express,fastify').split(',') as Http[];
const databases = option('database', 'sqlite').split(',') as Database[];
const variants: Variant[] = databases.flatMap((database) =>
  adapters.map((http) => ({ http, database })),
);
const listCache = option('list-cache', 'on,off').split(',');

async function call(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** Not among the common passwords that sign-up refuses. */
const password = 'bench-password-77';

/** Admin and users, then the admin's token and one user id. */
async function seedUsers(base: string, masterKey: string): Promise<{ token: string; id: string }> {
  const admin = { email: 'admin@bench.test', password };
  await call(`${base}/users`, form({ ...admin, role: 'admin', access_token: masterKey }));
  let id = '';
  for (let i = 0; i < userCount; i += 1) {
    const user = await call(
      `${base}/users`,
      form({ email: `user${i}@bench.test`, password, access_token: masterKey }),
    );
    id = String(user.id);
  }
  const basic = Buffer.from(`${admin.email}:${admin.password}`).toString('base64');
  const session = await call(`${base}/auth`, {
    ...form({ access_token: masterKey }),
    headers: { ...form({}).headers, authorization: `Basic ${basic}` },
  });
  return { token: String(session.token), id };
}

/** Where a server finds the project's rows. */
const storeEnv = ({ database }: Variant, store: string): NodeJS.ProcessEnv =>
  database === 'sqlite' ? { DATABASE_PATH: store } : { DATABASE_URL: databaseUrl(store) };

/** Starts one project, on a fresh SQLite file or a fresh PostgreSQL database. */
async function startProject(
  variant: Variant,
  port: number,
  stores: Array<Pick<Running, 'database' | 'store'>>,
): Promise<Running> {
  const stamp = `${variant.http}_${process.pid}_${Date.now()}`;
  const store =
    variant.database === 'sqlite' ? join(work, `bench-${stamp}.sqlite`) : `bench_api_${stamp}`;
  stores.push({ database: variant.database, store });
  if (variant.database === 'postgres') createDatabase(store);
  const env = (port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    PORT: String(port),
    NODE_ENV: 'production',
    ...storeEnv(variant, store),
    MIGRATIONS_RUN: 'true',
    // The bench loads one address far past the production limits; the limiter still counts every request.
    THROTTLE_LIMIT: '1000000000',
    THROTTLE_AUTH_LIMIT: '1000000000',
    THROTTLE_AUTH_ACCOUNT_LIMIT: '1000000000',
    // A search waits in one worker thread (SQLite), and its time counts from the request: under 50
    // connections the queue outlasts the default 100 ms and answers 503s, which autocannon cannot rate.
    SEARCH_TIMEOUT_MS: option('search-timeout', '60000'),
    LOG_LEVEL: option('log-level', 'info'),
    ...extra,
  });
  const api = await start(
    [process.execPath, 'dist/main.js'],
    env(port),
    projectOf(variant),
    `http://127.0.0.1:${port}/health`,
  );
  if (!listCache.includes('off'))
    return { ...variant, store, api, base: `http://127.0.0.1:${port}` };
  // Started once the first has run the migrations.
  const coldPort = port + 20;
  const cold = await start(
    [process.execPath, 'dist/main.js'],
    env(coldPort, { LIST_CACHE_PAGES: '0', MIGRATIONS_RUN: 'false' }),
    projectOf(variant),
    `http://127.0.0.1:${coldPort}/health`,
  );
  return {
    ...variant,
    store,
    api,
    base: `http://127.0.0.1:${port}`,
    cold: { api: cold, base: `http://127.0.0.1:${coldPort}` },
  };
}

/** peer-nest.mjs on the project's platform, reading its rows (started once its migrations have run). */
async function startPeer(project: Running, port: number): Promise<NonNullable<Running['peer']>> {
  const api = await start(
    [process.execPath, join(import.meta.dirname, 'peer-nest.mjs'), `--http=${project.http}`],
    { PORT: String(port), ...storeEnv(project, project.store) },
    projectOf(project),
  );
  return { api, base: `http://127.0.0.1:${port}` };
}

const header = `Node ${process.version}, ${userCount + 1} users, ${rounds} rounds of ${duration} s per route, 50 connections`;

/**
 * Every server runs before the first load, each project's users are seeded, and then the routes are
 * loaded project beside project (bare apps, then reads, then lists), so that a change in the machine's
 * load falls on all alike.
 */
async function main(): Promise<void> {
  const seed = option('seed', join(root, '.tmp/api-deps'));
  for (const variant of variants) prepareProject(variant, seed, variants);
  const servers: ChildProcess[] = [];
  const running: Running[] = [];
  const stores: Array<Pick<Running, 'database' | 'store'>> = [];
  try {
    const raw = await start(
      [process.execPath, join(import.meta.dirname, 'raw-server.mjs')],
      { PORT: '9300' },
      root,
    );
    servers.push(raw);
    const bares: Array<{ http: Http; bare: ChildProcess; bareUrl: string }> = [];
    for (const [index, http] of adapters.entries()) {
      const port = 9301 + index;
      const project = projectOf(variants.find((variant) => variant.http === http)!);
      const bareArgs = [join(import.meta.dirname, 'bare-nest.mjs'), `--http=${http}`];
      const bare = await start([process.execPath, ...bareArgs], { PORT: String(port) }, project);
      servers.push(bare);
      bares.push({ http, bare, bareUrl: `http://127.0.0.1:${port}` });
    }
    for (const [index, variant] of variants.entries()) {
      const project = await startProject(variant, 9320 + index, stores);
      servers.push(project.api);
      if (project.cold) servers.push(project.cold.api);
      project.peer = await startPeer(project, 9360 + index);
      servers.push(project.peer.api);
      running.push(project);
    }
    const seeded: Seeded[] = [];
    for (const project of running) {
      const masterKey = /^MASTER_KEY=(.*)$/m
        .exec(readFileSync(join(projectOf(project), '.env'), 'utf8'))![1]!
        .trim();
      seeded.push({ ...project, ...(await seedUsers(project.base, masterKey)) });
    }
    report(loadRoutes(raw, bares, seeded, { duration, listCache, rounds }), header);
  } finally {
    for (const server of servers) server.kill();
    await new Promise((done) => setTimeout(done, 500));
    for (const { database, store } of stores)
      if (database === 'sqlite')
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${store}${suffix}`, { force: true });
      else dropDatabase(store);
  }
}

await main();
