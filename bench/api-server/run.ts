// bench/api-server: req/s of generated sqlite projects (`rest new --database sqlite`, on Express and with
// `--http fastify`), GET /users/:id and an admin list query, beside baselines in the same run: raw node:http
// answering the same JSON, and a bare NestJS app answering it on each adapter (bare-nest.mjs: the
// framework's own cost, without our code or a database). Ratios are against the bare app on Express.
// The servers run on core 0, autocannon on core 1. Build restsmith first (`npm run build`).
// Run: npx tsx bench/api-server/run.ts [--duration=10] [--users=200] [--http=express,fastify]
//      [--seed=<folder with node_modules>]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { load, pin, type Measured } from './load.js';

type Http = 'express' | 'fastify';

const root = resolve(import.meta.dirname, '../..');
const work = join(root, '.tmp/bench-api-server');
const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const duration = Number(option('duration', '10'));
const userCount = Number(option('users', '200'));
const adapters = option('http', 'express,fastify').split(',') as Http[];
const projectName = (http: Http) => (http === 'express' ? 'bench-api' : `bench-api-${http}`);
const projectOf = (http: Http) => join(work, projectName(http));
function sh(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/**
 * Generates and builds the project of one adapter once; later runs reuse it. Its node_modules are
 * lent (hard links) by `--seed` or by a project installed before, and npm adds the differences.
 */
function prepareProject(http: Http): void {
  const project = projectOf(http);
  if (existsSync(join(project, 'dist/main.js'))) return;
  rmSync(project, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const seeds = [option('seed', join(root, '.tmp/api-deps')), ...adapters.map(projectOf)];
  const seed = seeds.find((folder) => existsSync(join(folder, 'node_modules')));
  const flags = ['--database', 'sqlite', '--http', http, '--yes', '--skip-git'];
  if (seed) flags.push('--skip-install');
  sh(process.execPath, [join(root, 'bin/run.js'), 'new', projectName(http), ...flags], work);
  if (seed) {
    sh('cp', ['-al', join(seed, 'node_modules'), join(project, 'node_modules')], project);
    sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], project);
  }
  sh('npm', ['run', 'build'], project);
}

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

interface Running {
  http: Http;
  api: ChildProcess;
  bare: ChildProcess;
  base: string;
  bareUrl: string;
  database: string;
}

/** Starts one adapter's project and its bare baseline. */
async function startAdapter(http: Http, port: number): Promise<Running> {
  const database = join(work, `bench-${http}-${Date.now()}.sqlite`);
  const api = await start(
    [process.execPath, 'dist/main.js'],
    {
      PORT: String(port),
      NODE_ENV: 'production',
      DATABASE_PATH: database,
      // The bench loads one address far past the production limits; the limiter still counts every request.
      THROTTLE_LIMIT: '1000000000',
      THROTTLE_AUTH_LIMIT: '1000000000',
      THROTTLE_AUTH_ACCOUNT_LIMIT: '1000000000',
      LOG_LEVEL: option('log-level', 'info'),
    },
    projectOf(http),
  );
  const bare = await start(
    [process.execPath, join(import.meta.dirname, 'bare-nest.mjs'), `--http=${http}`],
    { PORT: String(port + 1) },
    projectOf(http),
  );
  const [base, bareUrl] = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`];
  return { http, api, bare, base, bareUrl, database };
}

/**
 * Every server runs before the first load, each adapter's users are seeded, and then the routes are
 * loaded adapter beside adapter (bare apps, then reads, then lists), so that a change in the machine's
 * load falls on both alike.
 */
async function main(): Promise<void> {
  for (const http of adapters) prepareProject(http);
  const servers: ChildProcess[] = [];
  const running: Running[] = [];
  try {
    const raw = await start(
      [process.execPath, join(import.meta.dirname, 'raw-server.mjs')],
      { PORT: '9300' },
      root,
    );
    servers.push(raw);
    for (const [index, http] of adapters.entries()) {
      const adapter = await startAdapter(http, 9301 + index * 2);
      servers.push(adapter.api, adapter.bare);
      running.push(adapter);
    }
    const seeded = [];
    for (const adapter of running) {
      const masterKey = /^MASTER_KEY=(.*)$/m
        .exec(readFileSync(join(projectOf(adapter.http), '.env'), 'utf8'))![1]!
        .trim();
      seeded.push({ ...adapter, ...(await seedUsers(adapter.base, masterKey)) });
    }
    const rows: Array<[string, Measured]> = [
      ['raw node:http, the same JSON', load(raw, 'http://127.0.0.1:9300/', duration)],
    ];
    for (const { http, bare, bareUrl, id } of seeded)
      rows.push([
        `bare NestJS app on ${http}, GET /users/:id answering the same JSON`,
        load(bare, `${bareUrl}/users/${id}`, duration),
      ]);
    for (const { http, api, base, id } of seeded)
      rows.push([`${http}: GET /users/:id (public)`, load(api, `${base}/users/${id}`, duration)]);
    for (const { http, api, base, token } of seeded)
      rows.push([
        `${http}: GET /users?q=user&page=2&limit=10&sort=-createdAt (admin)`,
        load(api, `${base}/users?q=user&page=2&limit=10&sort=-createdAt`, duration, {
          authorization: `Bearer ${token}`,
        }),
      ]);
    report(rows);
  } finally {
    for (const server of servers) server.kill();
    for (const { database } of running) rmSync(database, { force: true });
  }
}

/** The table, as ratios to the bare app on Express (else the first bare app) measured in this run. */
function report(rows: Array<[string, Measured]>): void {
  console.log(
    `Node ${process.version}, ${userCount + 1} users, ${duration} s per route, 50 connections, load average ${loadavg()[0]!.toFixed(2)}\n`,
  );
  console.log(
    '| route | req/s | vs bare NestJS on Express | server CPU µs/req | CPU efficiency vs bare NestJS on Express |\n|---|---:|---:|---:|---:|',
  );
  const bareRows = rows.filter(([name]) => name.startsWith('bare NestJS'));
  const baseline = (bareRows.find(([name]) => name.includes('express')) ?? bareRows[0]!)[1];
  for (const [name, { rate, cpu }] of rows)
    console.log(
      `| ${name} | ${Math.round(rate)} | ${(rate / baseline.rate).toFixed(2)}x | ${cpu.toFixed(1)} | ${(baseline.cpu / cpu).toFixed(2)}x |`,
    );
}

await main();
