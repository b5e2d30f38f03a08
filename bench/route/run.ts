// bench/route: hello-world JSON req/s of raw node:http, rest route, the fetch handler under srvx, Express 5 and
// Fastify 5, in one run. Each server runs in its own process on core 0; autocannon runs in another on core 1.
// Run: npx tsx bench/route/run.ts [--duration=5] [--rounds=3] [--connections=100]
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';

const root = resolve(import.meta.dirname, '../..');
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const duration = option('duration', 5);
const rounds = option('rounds', 3);
const connections = option('connections', 100);
const names = [
  'node:http (raw)',
  'rest route (node listener)',
  'fetch handler under srvx',
  'express 5',
  'fastify 5',
];

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

/** autocannon in its own process, so the load generator never shares an event loop or a core with the server. */
function load(port: number, seconds: number): number {
  const cli = resolve(root, 'node_modules/autocannon/autocannon.js');
  const [command, ...args] = pinned(1, [
    process.execPath,
    cli,
    '-j',
    '-c',
    String(connections),
    '-d',
    String(seconds),
    `http://127.0.0.1:${port}/`,
  ]);
  const output = execFileSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const result = JSON.parse(output) as {
    requests: { average: number };
    non2xx: number;
    errors: number;
  };
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

async function check(name: string, port: number): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${port}/`);
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
  for (const [name, { port }] of servers) {
    await check(name, port);
    load(port, 3); // warm-up: let the JIT settle before the measured runs
  }
  const rates = new Map<string, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, { port }] of servers) rates.get(name)!.push(load(port, duration));
  }
  report(new Map([...rates].map(([name, values]) => [name, median(values)])));
} finally {
  for (const { child } of servers.values()) child.kill();
}

function report(results: Map<string, number>): void {
  const raw = results.get('node:http (raw)')!;
  const express = results.get('express 5')!;
  const machineLoad = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  console.log(
    `node ${process.version}, load average ${machineLoad} on ${availableParallelism()} cores, ` +
      `${connections} connections, ${rounds} rounds of ${duration}s per server (median shown), ` +
      `pinned: ${canPin ? 'servers on core 0, autocannon on core 1' : 'no'}`,
  );
  console.log('| Server | req/s | vs raw node:http | vs Express 5 |');
  console.log('|---|---:|---:|---:|');
  for (const [name, rate] of results) {
    console.log(
      `| ${name} | ${Math.round(rate)} | ${(rate / raw).toFixed(2)}x | ${(rate / express).toFixed(2)}x |`,
    );
  }
}
