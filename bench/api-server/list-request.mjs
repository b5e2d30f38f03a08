// In-process companion of bench/api-server: CPU per request of the generated Fastify project's routes
// through Fastify's inject (no sockets, no autocannon): the admin list of the bench, the same list without
// q (list0), the list with LIST_CACHE_PAGES=0 (listCold: every request runs its statements), GET /users/me (a signed-in request's own cost) and the public read, in interleaved rounds, so
// that a busy machine weighs on all alike. PROFILE=<file> [PROFILE_ROUTE=list] also writes a CPU profile
// of one route's requests alone. Run from the bench's Fastify project (after run.ts has built it):
// cd .tmp/bench-api-server/bench-api-fastify && node ../../../bench/api-server/list-request.mjs > /dev/null
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const folder = mkdtempSync(join(tmpdir(), 'list-request-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_PATH: join(folder, 'bench.sqlite'),
  THROTTLE_LIMIT: '1000000000',
  THROTTLE_AUTH_LIMIT: '1000000000',
  THROTTLE_AUTH_ACCOUNT_LIMIT: '1000000000',
});
const require = createRequire(join(process.cwd(), 'package.json'));
const { NestFactory } = require('@nestjs/core');
const dist = (path) => require(join(process.cwd(), 'dist', path));
const { AppModule } = dist('app.module.js');
const { configureApp, createAdapter } = dist('app.setup.js');
/** Absent from projects without kept list pages (MySQL, MongoDB) and from builds before them. */
let setListCachePages;
try {
  ({ setListCachePages } = dist('common/list-cache.js'));
} catch {
  // Left undefined: every list runs its statements.
}

const app = configureApp(await NestFactory.create(AppModule, createAdapter(), { logger: false }));
await app.init();
const fastify = app.getHttpAdapter().getInstance();
await fastify.ready();
const masterKey = /^MASTER_KEY=(.*)$/m.exec(readFileSync('.env', 'utf8'))[1].trim();
const form = (fields) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ ...fields, access_token: masterKey }).toString(),
});
const call = async (options) => {
  const response = await fastify.inject(options);
  if (response.statusCode >= 300)
    throw new Error(`${options.url}: ${response.statusCode} ${response.body}`);
  return response;
};
const admin = { email: 'admin@bench.test', password: 'bench-password-77' };
await call({ method: 'POST', url: '/users', ...form({ ...admin, role: 'admin' }) });
let id = '';
for (let index = 0; index < 200; index += 1) {
  const user = await call({
    method: 'POST',
    url: '/users',
    ...form({ email: `user${index}@bench.test`, password: 'bench-password-77' }),
  });
  id = JSON.parse(user.body).id;
}
const basic = Buffer.from(`${admin.email}:${admin.password}`).toString('base64');
const session = await call({
  method: 'POST',
  url: '/auth',
  ...form({}),
  headers: { ...form({}).headers, authorization: `Basic ${basic}` },
});
const token = JSON.parse(session.body).token;

const routes = {
  list: {
    url: '/users?q=user&page=2&limit=10&sort=-createdAt',
    headers: { authorization: `Bearer ${token}` },
  },
  list0: { url: '/users?limit=10', headers: { authorization: `Bearer ${token}` } },
  listCold: {
    url: '/users?q=user&page=2&limit=10&sort=-createdAt',
    headers: { authorization: `Bearer ${token}` },
    cachePages: 0,
  },
  me: { url: '/users/me', headers: { authorization: `Bearer ${token}` } },
  read: { url: `/users/${id}`, headers: {} },
};
/** Best CPU time per request, in µs, over rounds of `calls` requests, 10 at a time. */
async function cpuPerRequest({ cachePages, ...options }, rounds = 3, calls = 1000) {
  setListCachePages?.(cachePages ?? 100);
  let best = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    const start = process.cpuUsage();
    for (let call = 0; call < calls; call += 10)
      await Promise.all(
        Array.from({ length: 10 }, () => fastify.inject({ method: 'GET', ...options })),
      );
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / calls);
  }
  return best;
}
for (const options of Object.values(routes)) await cpuPerRequest(options, 1);
if (process.env.PROFILE) {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  await cpuPerRequest(routes[process.env.PROFILE_ROUTE ?? 'list'], 3);
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(process.env.PROFILE, JSON.stringify(profile));
}
const times = Object.fromEntries(Object.keys(routes).map((name) => [name, Infinity]));
for (let pass = 0; pass < Number(process.env.PASSES ?? 3); pass += 1)
  for (const [name, options] of Object.entries(routes))
    times[name] = Math.min(times[name], await cpuPerRequest(options));
console.error(
  `CPU per request through inject (best of rounds of 1000): ${Object.entries(times)
    .map(([name, time]) => `${name} ${time.toFixed(0)} µs`)
    .join(', ')}`,
);
await app.close();
rmSync(folder, { recursive: true, force: true });
