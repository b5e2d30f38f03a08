// bench/api-server: req/s of generated projects (`rest new`, on Express and with `--http fastify`, on
// SQLite and with `--database postgres`), GET /users/:id and an admin list query, beside baselines in
// the same run: raw node:http answering the same JSON, and a bare NestJS app answering it on each
// adapter (bare-nest.mjs: the framework's own cost, without our code or a database). Ratios are against
// the bare app on Express. The servers run on core 0, autocannon on core 1; PostgreSQL (the local
// server, 127.0.0.1:5432, a fresh database per project) is not pinned. Build restsmith first
// (`npm run build`).
// Run: npx tsx bench/api-server/run.ts [--duration=10] [--users=200] [--http=express,fastify]
//      [--database=sqlite,postgres] [--list-cache=on,off] [--seed=<folder with node_modules>]
// --list-cache=on,off loads the list of each project twice: on the server as generated (kept pages,
// src/common/list-cache.ts) and on a second server of the same project and database started with
// LIST_CACHE_PAGES=0, whose every list runs its statements.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { load, pin, type Measured } from './load.js';
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

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const duration = Number(option('duration', '10'));
const userCount = Number(option('users', '200'));
const adapters = option('http', 'express,fastify').split(',') as Http[];
const databases = option('database', 'sqlite').split(',') as Database[];
const variants: Variant[] = databases.flatMap((database) =>
  adapters.map((http) => ({ http, database })),
);
const label = ({ http, database }: Variant) => `${http}, ${database}`;
const listCache = option('list-cache', 'on,off').split(',');

function start(command: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<ChildProcess> {
  const [file, ...args] = pin(0, command);
  const child = spawn(file!, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) ready(child);
    });
    child.on('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
}

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

/** Admin and users, then the admin's token and one user id. */
async function seedUsers(base: string, masterKey: string): Promise<{ token: string; id: string }> {
  const admin = { email: 'admin@bench.test', password: 'secret123' };
  await call(`${base}/users`, form({ ...admin, role: 'admin', access_token: masterKey }));
  let id = '';
  for (let i = 0; i < userCount; i += 1) {
    const user = await call(
      `${base}/users`,
      form({ email: `user${i}@bench.test`, password: 'secret123', access_token: masterKey }),
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

interface Running extends Variant {
  api: ChildProcess;
  /** The same project on the same database with LIST_CACHE_PAGES=0 (--list-cache=off). */
  cold?: { api: ChildProcess; base: string };
  base: string;
  /** The SQLite file, or the PostgreSQL database's name. */
  store: string;
}

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
    ...(variant.database === 'sqlite'
      ? { DATABASE_PATH: store }
      : { DATABASE_URL: databaseUrl(store) }),
    MIGRATIONS_RUN: 'true',
    // The bench loads one address far past the production limits; the limiter still counts every request.
    THROTTLE_LIMIT: '1000000000',
    THROTTLE_AUTH_LIMIT: '1000000000',
    THROTTLE_AUTH_ACCOUNT_LIMIT: '1000000000',
    LOG_LEVEL: option('log-level', 'info'),
    ...extra,
  });
  const api = await start([process.execPath, 'dist/main.js'], env(port), projectOf(variant));
  if (!listCache.includes('off'))
    return { ...variant, store, api, base: `http://127.0.0.1:${port}` };
  // Started once the first has run the migrations.
  const coldPort = port + 20;
  const cold = await start(
    [process.execPath, 'dist/main.js'],
    env(coldPort, { LIST_CACHE_PAGES: '0', MIGRATIONS_RUN: 'false' }),
    projectOf(variant),
  );
  return {
    ...variant,
    store,
    api,
    base: `http://127.0.0.1:${port}`,
    cold: { api: cold, base: `http://127.0.0.1:${coldPort}` },
  };
}

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
      running.push(project);
    }
    const seeded = [];
    for (const project of running) {
      const masterKey = /^MASTER_KEY=(.*)$/m
        .exec(readFileSync(join(projectOf(project), '.env'), 'utf8'))![1]!
        .trim();
      seeded.push({ ...project, ...(await seedUsers(project.base, masterKey)) });
    }
    const id = seeded[0]!.id;
    const rows: Array<[string, Measured]> = [
      ['raw node:http, the same JSON', load(raw, 'http://127.0.0.1:9300/', duration)],
    ];
    for (const { http, bare, bareUrl } of bares)
      rows.push([
        `bare NestJS app on ${http}, GET /users/:id answering the same JSON`,
        load(bare, `${bareUrl}/users/${id}`, duration),
      ]);
    const pg = (project: Running) => (project.database === 'postgres' ? project.store : undefined);
    for (const project of seeded)
      rows.push([
        `${label(project)}: GET /users/:id (public)`,
        load(project.api, `${project.base}/users/${project.id}`, duration, {}, pg(project)),
      ]);
    const list = '/users?q=user&page=2&limit=10&sort=-createdAt';
    for (const project of seeded) {
      const loadList = (base: string, api: ChildProcess) =>
        load(
          api,
          `${base}${list}`,
          duration,
          { authorization: `Bearer ${project.token}` },
          pg(project),
        );
      if (listCache.includes('on'))
        rows.push([`${label(project)}: GET ${list} (admin)`, loadList(project.base, project.api)]);
      if (project.cold)
        rows.push([
          `${label(project)}: the same list, LIST_CACHE_PAGES=0`,
          loadList(project.cold.base, project.cold.api),
        ]);
    }
    report(rows);
  } finally {
    for (const server of servers) server.kill();
    await new Promise((done) => setTimeout(done, 500));
    for (const { database, store } of stores)
      if (database === 'sqlite')
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${store}${suffix}`, { force: true });
      else dropDatabase(store);
  }
}

/** The table, as ratios to the bare app on Express (else the first bare app) measured in this run. */
function report(rows: Array<[string, Measured]>): void {
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(
    `Node ${process.version}, ${userCount + 1} users, ${duration} s per route, 50 connections, load average ${load.join(' ')}\n`,
  );
  console.log(
    '| route | req/s | vs bare NestJS on Express | server CPU µs/req | CPU efficiency vs bare NestJS on Express | PostgreSQL CPU µs/req | total CPU µs/req |\n|---|---:|---:|---:|---:|---:|---:|',
  );
  const bareRows = rows.filter(([name]) => name.startsWith('bare NestJS'));
  const baseline = (bareRows.find(([name]) => name.includes('express')) ?? bareRows[0]!)[1];
  for (const [name, { rate, cpu, databaseCpu }] of rows) {
    const database = databaseCpu === undefined ? ['', ''] : [databaseCpu, cpu + databaseCpu];
    console.log(
      `| ${name} | ${Math.round(rate)} | ${(rate / baseline.rate).toFixed(2)}x | ${cpu.toFixed(1)} | ${(baseline.cpu / cpu).toFixed(2)}x | ${database.map((value) => (value === '' ? '' : Number(value).toFixed(1))).join(' | ')} |`,
    );
  }
}

await main();
