// bench/api-server/graphql.ts: req/s and server CPU of a GraphQL page of 10 articles with their authors against the REST list with expand=author (issue 33, point 5), on `rest new --graphql` SQLite projects (Express, Fastify) run by the tests' Node 24 (.tmp/project-node). Run: npx tsx bench/api-server/graphql.ts [--duration=5] [--rounds=3] [--http=express,fastify] [--seed=<folder with node_modules>] [--cli=<another build's bin/run.js> --tag=<its projects' suffix>]
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { cpuTime, pin, type Measured } from './load.js';
import { root, work, type Http } from './project.js';
import { start } from './server.js';
import { installProjectNode, projectNodeHome, withProjectNode } from '../../test/project-node.js';

const option = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const duration = Number(option('duration', '5'));
const rounds = Number(option('rounds', '3'));
const adapters = option('http', 'express,fastify').split(',') as Http[];

const rest = { method: 'GET', path: '/articles?limit=10&expand=author' };
const graphql = {
  method: 'POST',
  path: '/graphql',
  body: JSON.stringify({ query: '{ articles(limit: 10) { id title body author { id name } } }' }),
};
type Route = typeof rest & { body?: string };

interface Running {
  http: Http;
  api: ChildProcess;
  base: string;
  store: string;
}

/** Generated projects need Node 22+ (better-sqlite3 13, docs/node-versions.md): the tests' Node 24. */
const projectNode = join(projectNodeHome, 'bin/node');

/** project.ts's `sh`, with the project Node first on PATH and native builds against its headers. */
function sh(command: string, args: string[], cwd: string): void {
  const env = { ...withProjectNode(process.env), CI: 'true' };
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/** --tag=<name>: projects of their own (another build's, with --cli), beside the usual ones. */
const tag = option('tag', '');
const nameOf = (http: Http) =>
  ['bench-graphql', ...(http === 'express' ? [] : [http]), ...(tag ? [tag] : [])].join('-');
const projectOf = (http: Http) => join(work, nameOf(http));

/**
 * Generates and builds the project of one platform once, as prepareProject does (node_modules lent
 * by `seed` or the other project, npm adds the differences), with --graphql and the articles.
 */
function prepare(http: Http, seed: string): void {
  const project = projectOf(http);
  if (existsSync(join(project, 'dist/main.js'))) return;
  rmSync(project, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const lender = [seed, ...adapters.map(projectOf)].find((folder) =>
    existsSync(join(folder, 'node_modules')),
  );
  const cli = option('cli', join(root, 'bin/run.js'));
  const flags = [
    '--database',
    'sqlite',
    '--http',
    http,
    '--graphql',
    '--yes',
    '--skip-git',
    '--force',
  ];
  sh(
    process.execPath,
    [cli, 'new', nameOf(http), ...flags, ...(lender ? ['--skip-install'] : [])],
    work,
  );
  const fields = 'title body:text author:ref:user';
  sh(
    process.execPath,
    [cli, 'api', 'article', '--fields', fields, '--public', 'GET', '--yes'],
    project,
  );
  if (lender) {
    sh('cp', ['-al', join(lender, 'node_modules'), join(project, 'node_modules')], project);
    sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], project);
  }
  sh('npm', ['run', 'build'], project);
}

async function startProject(http: Http, port: number): Promise<Running> {
  const store = join(work, `bench-graphql-${http}_${process.pid}_${Date.now()}.sqlite`);
  const env = {
    PORT: String(port),
    NODE_ENV: 'production',
    DATABASE_PATH: store,
    MIGRATIONS_RUN: 'true',
    // One address far past the production limits; the limiter still counts every request.
    THROTTLE_LIMIT: '1000000000',
    THROTTLE_AUTH_LIMIT: '1000000000',
    THROTTLE_AUTH_ACCOUNT_LIMIT: '1000000000',
    LOG_LEVEL: 'info',
  };
  const base = `http://127.0.0.1:${port}`;
  const api = await start([projectNode, 'dist/main.js'], env, projectOf(http), `${base}/health`);
  return { http, api, base, store };
}

async function call(url: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** 10 users (POST /users with the master key) and 50 articles, 5 by each. */
async function seed({ http, base }: Running): Promise<void> {
  const env = readFileSync(join(projectOf(http), '.env'), 'utf8');
  const masterKey = /^MASTER_KEY=(.*)$/m.exec(env)![1]!.trim();
  const authors: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const fields = {
      email: `author${i}@bench.test`,
      password: 'bench-password-77',
      name: `Author ${i}`,
    };
    const body = new URLSearchParams({ ...fields, access_token: masterKey }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    authors.push(
      String(
        ((await call(`${base}/users`, { method: 'POST', headers, body })) as { id: string }).id,
      ),
    );
  }
  for (let i = 0; i < 50; i += 1) {
    const article = {
      title: `Article ${i}`,
      body: `The body of article ${i}. `.repeat(8),
      author: authors[i % 10],
    };
    const headers = { 'content-type': 'application/json' };
    await call(`${base}/articles`, { method: 'POST', headers, body: JSON.stringify(article) });
  }
}

/** Each answer once: 200, 10 articles, each with its author's id and name, and no GraphQL errors. */
async function check({ base }: Running): Promise<void> {
  const listed = (await call(`${base}${rest.path}`)) as Array<{
    author: { id: string; name: string };
  }>;
  const headers = { 'content-type': 'application/json' };
  const answer = (await call(`${base}${graphql.path}`, {
    method: 'POST',
    headers,
    body: graphql.body,
  })) as {
    data?: { articles: typeof listed };
    errors?: unknown;
  };
  if (answer.errors)
    throw new Error(`POST /graphql answered errors: ${JSON.stringify(answer.errors)}`);
  for (const [name, page] of [
    ['REST', listed],
    ['GraphQL', answer.data?.articles],
  ] as const)
    if (page?.length !== 10 || !page.every(({ author }) => author?.id && author.name))
      throw new Error(`${name}: not 10 articles with their authors: ${JSON.stringify(page)}`);
}

/** autocannon on core 1, 50 connections, as load.ts runs it, with the route's method and body. */
function loadFor(seconds: number, base: string, route: Route): { rate: number; requests: number } {
  const body = route.body
    ? ['-m', route.method, '-b', route.body, '-H', 'content-type=application/json']
    : [];
  const autocannon = join(root, 'node_modules/autocannon/autocannon.js');
  const command = pin(1, [
    process.execPath,
    autocannon,
    '-j',
    '-c',
    '50',
    '-d',
    String(seconds),
    ...body,
    `${base}${route.path}`,
  ]);
  const output = execFileSync(command[0]!, command.slice(1), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const result = JSON.parse(output) as {
    requests: { average: number; total: number };
    non2xx: number;
  };
  if (result.non2xx > 0) throw new Error(`${route.path}: ${result.non2xx} responses were not 2xx`);
  return { rate: result.requests.average, requests: result.requests.total };
}

/** As load.ts's `load`: two seconds dropped (unoptimised code), then req/s and CPU µs per request. */
function load({ api, base }: Running, route: Route): Measured {
  loadFor(2, base, route);
  const before = cpuTime(api);
  const { rate, requests } = loadFor(duration, base, route);
  return { rate, cpu: (cpuTime(api) - before) / requests };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`;
  }
};

/** The rounds: each platform's REST and GraphQL one after the other, their order swapped every round. */
function measure(running: Running[]): Map<string, Measured[]> {
  const measured = new Map<string, Measured[]>();
  for (let round = 0; round < rounds; round += 1)
    for (const project of running) {
      const order = round % 2 === 0 ? [rest, graphql] : [graphql, rest];
      for (const route of order) {
        const key = `${project.http} ${route.method}`;
        measured.set(key, [...(measured.get(key) ?? []), load(project, route)]);
      }
    }
  return measured;
}

function report(measured: Map<string, Measured[]>, started: string): void {
  console.log(
    `servers on Node ${execFileSync(projectNode, ['--version'], { encoding: 'utf8' }).trim()}, 10 users, 50 articles, ${rounds} rounds of ${duration} s per route, 50 connections`,
  );
  console.log(`at the start: ${started}\nat the end:   ${uptime()}\n`);
  console.log(
    '| platform | route | req/s (median) | req/s of each round | server CPU µs/req (median) | GraphQL/REST req/s | GraphQL/REST CPU µs/req |',
  );
  console.log('|---|---|---:|---|---:|---:|---:|');
  for (const http of adapters) {
    const of = (method: string) => measured.get(`${http} ${method}`)!;
    const rate = (method: string) => median(of(method).map((one) => one.rate));
    const cpu = (method: string) => median(of(method).map((one) => one.cpu));
    for (const route of [rest, graphql]) {
      const ratios =
        route === graphql
          ? [
              `**${(rate('POST') / rate('GET')).toFixed(2)}x**`,
              `${(cpu('POST') / cpu('GET')).toFixed(2)}x`,
            ]
          : ['', ''];
      const rates = of(route.method)
        .map((one) => Math.round(one.rate))
        .join(', ');
      console.log(
        `| ${[http, `${route.method} ${route.path}`, Math.round(rate(route.method)), rates, cpu(route.method).toFixed(1), ...ratios].join(' | ')} |`,
      );
    }
  }
}

async function main(): Promise<void> {
  await installProjectNode();
  for (const http of adapters) prepare(http, option('seed', join(root, '.tmp/api-deps')));
  const running: Running[] = [];
  try {
    for (const [index, http] of adapters.entries())
      running.push(await startProject(http, 9440 + index));
    for (const project of running) await seed(project);
    for (const project of running) await check(project);
    const started = uptime();
    report(measure(running), started);
  } finally {
    for (const { api } of running) api.kill();
    await new Promise((done) => setTimeout(done, 500));
    for (const { store } of running)
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${store}${suffix}`, { force: true });
  }
}

await main();
