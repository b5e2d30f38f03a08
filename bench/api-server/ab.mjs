// bench/api-server/ab.mjs: two servers of one generated project, loaded in turn, for a change too small for
// run.ts to see through the machine's noise. A is the project's `dist/main.js`; B another build of it (a
// copy of dist/ with the change, `--b=dist-b/main.js`), another baseline (`--b=<its path>`, started with
// `--http`, as bare-row-nest.mjs) or, by default, the peer app (peer-nest.mjs). Both read one fresh
// SQLite file with 50 users; `GET /users/:id` (or with `--route=list` run.ts's admin
// list, `GET /users?q=user&page=2&limit=10&sort=-createdAt`, with the admin's token) is loaded for
// `--duration` seconds on each, `--rounds` times, the order reversed every other round;
// `--list-cache=off` starts the project's servers with LIST_CACHE_PAGES=0. A PostgreSQL project
// (`--project=.tmp/bench-api-server/bench-api-pg`) reads `--database-url`, an empty database. Each
// server runs on core 0, autocannon on core 1; CPU is the server's user + system time (all its
// threads) per request. Prints every round and the medians. Run with Node 22+ (the projects' Node),
// with a project built by run.ts:
//   node bench/api-server/ab.mjs --project=.tmp/bench-api-server/bench-api [--http=express]
//     [--b=dist-b/main.js] [--rounds=14] [--duration=4] [--route=read|list] [--list-cache=on|off]
//     [--database-url=postgres://postgres@127.0.0.1:5432/ab]
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const root = resolve(import.meta.dirname, '../..');
const project = resolve(root, option('project', '.tmp/bench-api-server/bench-api'));
const http = option('http', 'express');
const other = option('b', '');
const rounds = Number(option('rounds', '14'));
const duration = Number(option('duration', '4'));
const route = option('route', 'read');
const listCache = option('list-cache', 'on');
const databaseUrl = option('database-url', '');

const database = join(project, 'ab.bench.sqlite');
const removeDatabase = () => {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
};
removeDatabase();
const env = {
  ...process.env,
  NODE_ENV: 'production',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_PATH: database }),
  THROTTLE_LIMIT: '1000000000',
  THROTTLE_AUTH_LIMIT: '1000000000',
  THROTTLE_AUTH_ACCOUNT_LIMIT: '1000000000',
  LOG_LEVEL: 'info',
  SEARCH_TIMEOUT_MS: '60000',
  ...(listCache === 'off' ? { LIST_CACHE_PAGES: '0' } : {}),
};
const masterKey = /^MASTER_KEY=(.*)$/m.exec(readFileSync(join(project, '.env'), 'utf8'))[1].trim();

/** A server on core 0, its output to /dev/null as run.ts's goes to a file. */
const start = (port, args, extra = {}) =>
  spawn('taskset', ['-c', '0', process.execPath, ...args], {
    cwd: project,
    env: { ...env, PORT: String(port), ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
const ready = async (url) => {
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((later) => setTimeout(later, 100));
    }
  }
};
const cpu = (server) => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};

const a = start(9410, ['dist/main.js'], { MIGRATIONS_RUN: 'true' });
const servers = [a];
try {
  await ready('http://127.0.0.1:9410/health');
  const form = (fields) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      password: 'bench-password-77',
      access_token: masterKey,
      ...fields,
    }).toString(),
  });
  let id = '';
  for (let i = 0; i < 50; i += 1) {
    const answer = await fetch(
      'http://127.0.0.1:9410/users',
      form({ email: `user${i}@bench.test` }),
    );
    id = (await answer.json()).id;
  }
  await fetch('http://127.0.0.1:9410/users', form({ email: 'admin@bench.test', role: 'admin' }));
  const basic = Buffer.from('admin@bench.test:bench-password-77').toString('base64');
  const signIn = form({});
  signIn.headers.authorization = `Basic ${basic}`;
  const { token } = await (await fetch('http://127.0.0.1:9410/auth', signIn)).json();
  const path = route === 'list' ? '/users?q=user&page=2&limit=10&sort=-createdAt' : `/users/${id}`;
  const b = other
    ? // A build of the project ignores --http; a baseline of bench/api-server takes it.
      start(9411, [resolve(project, other), `--http=${http}`], { MIGRATIONS_RUN: 'false' })
    : start(9411, [join(import.meta.dirname, 'peer-nest.mjs'), `--http=${http}`]);
  servers.push(b);
  await ready('http://127.0.0.1:9411/');
  const load = (server, port, seconds) => {
    const before = cpu(server);
    const autocannon = join(root, 'node_modules/autocannon/autocannon.js');
    const url = `http://127.0.0.1:${port}${path}`;
    // The project's list needs the admin's token; the peer app has no guard and ignores it.
    const headers = ['-H', `authorization=Bearer ${token}`];
    const args = [
      '-c',
      '1',
      process.execPath,
      autocannon,
      '-c',
      '50',
      '-d',
      String(seconds),
      ...headers,
      '-j',
      url,
    ];
    const result = JSON.parse(execFileSync('taskset', args, { maxBuffer: 1e8 }).toString());
    if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
    const requests = result.requests.total;
    return { rate: result.requests.average, cpu: (cpu(server) - before) / requests };
  };
  // The first seconds of a fresh process run unoptimised code.
  load(a, 9410, 2);
  load(b, 9411, 2);
  const runs = { A: [], B: [] };
  for (let round = 0; round < rounds; round += 1) {
    const turn = [
      ['A', a, 9410],
      ['B', b, 9411],
    ];
    for (const [name, server, port] of round % 2 === 0 ? turn : turn.reverse())
      runs[name].push(load(server, port, duration));
  }
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const names = { A: 'A dist/main.js', B: other ? `B ${other}` : `B peer app (${http})` };
  for (const name of ['A', 'B']) {
    const rates = runs[name].map(({ rate }) => rate);
    const cpus = runs[name].map(({ cpu }) => cpu);
    console.log(
      `${names[name]}: req/s ${rates.map(Math.round).join(' ')}; CPU µs/req ${cpus.map((value) => value.toFixed(1)).join(' ')}; median ${Math.round(median(rates))} req/s, ${median(cpus).toFixed(1)} µs`,
    );
  }
  const ratios = runs.A.map(({ rate }, round) => rate / runs.B[round].rate);
  console.log(
    `A/B req/s, round by round: ${ratios.map((ratio) => ratio.toFixed(2)).join(' ')}; median ${median(ratios).toFixed(2)}`,
  );
} finally {
  for (const server of servers) server.kill();
  await new Promise((later) => setTimeout(later, 300));
  removeDatabase();
}
