// bench/route: hello-world JSON req/s of raw node:http, rest route, the fetch handler under srvx, Express 5 and
// Fastify 5, in one run. Each server runs in its own process on core 0; autocannon runs in another on core 1.
// Besides req/s it reports each server's CPU time per request (from /proc), which stays comparable when other
// work shares the machine and throughput does not.
// Run: npx tsx bench/route/run.ts [--duration=5] [--rounds=3] [--connections=100] [--servers=raw,rest,fastify]
// Servers: raw, rest, srvx, express, fastify, rest-auth, rest-cors, rest-rate-limit (the default set; the last
// three are the node listener with one feature on), and rest-async, rest-async-limits: an async handler with
// the time limits off and on, for the cost of the limits.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';

const root = resolve(import.meta.dirname, '../..');
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const duration = option('duration', 5);
const rounds = option('rounds', 3);
const connections = option('connections', 100);
const serverNames: Record<string, string> = {
  raw: 'node:http (raw)',
  rest: 'rest route (node listener)',
  srvx: 'fetch handler under srvx',
  express: 'express 5',
  fastify: 'fastify 5',
  'rest-async': 'rest route, async handler, limits off',
  'rest-async-limits': 'rest route, async handler, limits on',
  'rest-auth': 'rest route + bearer auth',
  'rest-cors': 'rest route + CORS',
  'rest-rate-limit': 'rest route + rate limit',
};
const chosen = process.argv.find((arg) => arg.startsWith('--servers='))?.split('=')[1];
const defaultServers = 'raw,rest,srvx,express,fastify,rest-auth,rest-cors,rest-rate-limit';
const names = (chosen ?? defaultServers).split(',').map((key) => {
  if (!serverNames[key]) throw new Error(`unknown server ${key}: ${Object.keys(serverNames)}`);
  return serverNames[key];
});
/** What a client of each feature variant sends: a token, a page's origin. */
const requestHeaders: Record<string, Record<string, string>> = {
  'rest route + bearer auth': { authorization: 'Bearer bench-token' },
  'rest route + CORS': { origin: 'https://app.example.com' },
};

const canPin = availableParallelism() >= 2 && hasTaskset();
const pinned = (core: number, command: string[]) =>
  canPin ? ['taskset', '-c', String(core), ...command] : command;

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function startServer(name: string): Promise<{ child: ChildProcess; port: number }> {
  const [command, ...args] = pinned(0, [
    process.execPath,
    '--import',
    'tsx',
    resolve(import.meta.dirname, 'server.ts'),
    name,
  ]);
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolvePort, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolvePort({ child, port: Number(match[1]) });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

interface Sample {
  rate: number;
  /** Server CPU time per request, in microseconds: robust when other processes share the machine. */
  cpu: number;
}

/** utime + stime of a process, in clock ticks (1/100 s on Linux). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** autocannon in its own process, so the load generator never shares an event loop or a core with the server. */
function load(pid: number, port: number, seconds: number, name: string): Sample {
  const cli = resolve(root, 'node_modules/autocannon/autocannon.js');
  const url = `http://127.0.0.1:${port}/`;
  const [command, ...args] = pinned(1, [
    process.execPath,
    cli,
    '-j',
    '-c',
    String(connections),
    '-d',
    String(seconds),
    ...Object.entries(requestHeaders[name] ?? {}).flatMap(([key, value]) => [
      '-H',
      `${key}=${value}`,
    ]),
    url,
  ]);
  const before = cpuTicks(pid);
  const output = execFileSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const ticks = cpuTicks(pid) - before;
  const result = JSON.parse(output) as {
    requests: { average: number; total: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return { rate: result.requests.average, cpu: (ticks * 10_000) / result.requests.total };
}

async function check(name: string, port: number): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: requestHeaders[name] });
  const body = await answer.text();
  if (body !== '{"hello":"world"}') throw new Error(`${name} answered ${answer.status} ${body}`);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// All servers run at once and are loaded in turns, round after round: drift in the machine's load then
// touches every server alike instead of whichever happened to run last. The median round is reported.
const servers = new Map<string, { child: ChildProcess; port: number }>();
try {
  for (const name of names) servers.set(name, await startServer(name));
  for (const [name, { child, port }] of servers) {
    await check(name, port);
    load(child.pid!, port, 3, name); // warm-up: let the JIT settle before the measured runs
  }
  const samples = new Map<string, Sample[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, { child, port }] of servers)
      samples.get(name)!.push(load(child.pid!, port, duration, name));
  }
  report(samples);
} finally {
  for (const { child } of servers.values()) child.kill();
}

function report(samples: Map<string, Sample[]>): void {
  const rate = (name: string) => median(samples.get(name)!.map((sample) => sample.rate));
  const cpu = (name: string) => median(samples.get(name)!.map((sample) => sample.cpu));
  const machineLoad = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `node ${process.version}, load average ${machineLoad} on ${availableParallelism()} cores, ` +
      `${connections} connections, ${rounds} rounds of ${duration}s per server (median shown), ` +
      `pinned: ${canPin ? 'servers on core 0, autocannon on core 1' : 'no'}`,
  );
  console.log(
    '| Server | req/s (median) | vs raw node:http | vs Fastify 5 | req/s each round | server CPU µs/req | CPU efficiency vs raw | vs Fastify 5 |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(2)}x` : '-');
  const [raw, fastify] = [serverNames.raw, serverNames.fastify].map((name) =>
    samples.has(name) ? name : undefined,
  );
  for (const name of samples.keys()) {
    const cells = [
      Math.round(rate(name)),
      ratio(rate(name), raw ? rate(raw) : undefined),
      ratio(rate(name), fastify ? rate(fastify) : undefined),
      samples
        .get(name)!
        .map((sample) => Math.round(sample.rate))
        .join(', '),
      cpu(name).toFixed(1),
      raw ? ratio(cpu(raw), cpu(name)) : '-',
      fastify ? ratio(cpu(fastify), cpu(name)) : '-',
    ];
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}
