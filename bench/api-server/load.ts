// bench/api-server's load: autocannon on core 1 against a server pinned to core 0, req/s and the server's CPU per request.
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { backendCpuSince, backendTimes } from './postgres.js';

const root = resolve(import.meta.dirname, '../..');

/** `command` run on one core with taskset, where there are two cores and taskset. */
export const pin = (core: number, command: string[]) =>
  availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0
    ? ['taskset', '-c', String(core), ...command]
    : command;

/**
 * req/s of `url` under 50 connections for `duration` seconds, and the server's CPU time per request.
 * With `warm`, the route is loaded for two seconds first and that result dropped: the first second of
 * a fresh Node process runs unoptimised code at a third of the rate that follows. With `postgresDatabase`, the CPU time per request of the PostgreSQL backends
 * serving that database too.
 */
export function load(
  server: ChildProcess,
  url: string,
  duration: number,
  headers: Record<string, string> = {},
  postgresDatabase?: string,
  warm = true,
): Measured {
  if (warm) loadFor(2, url, headers);
  const backends = postgresDatabase ? backendTimes(postgresDatabase) : undefined;
  const before = cpuTime(server);
  const { rate, requests } = loadFor(duration, url, headers);
  const cpu = (cpuTime(server) - before) / requests;
  if (!postgresDatabase) return { rate, cpu };
  return { rate, cpu, databaseCpu: backendCpuSince(postgresDatabase, backends!) / requests };
}

/** The server's user + system CPU time in microseconds, from /proc (0 where there is none). */
export function cpuTime(server: ChildProcess): number {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return 0;
  }
}

function loadFor(
  seconds: number,
  url: string,
  headers: Record<string, string>,
): { rate: number; requests: number } {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const command = pin(1, [
    process.execPath,
    join(root, 'node_modules/autocannon/autocannon.js'),
    '-j',
    '-c',
    '50',
    '-d',
    String(seconds),
    ...headerArgs,
    url,
  ]);
  const output = execFileSync(command[0]!, command.slice(1), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const result = JSON.parse(output) as {
    requests: { average: number; total: number };
    non2xx: number;
  };
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} responses were not 2xx`);
  return { rate: result.requests.average, requests: result.requests.total };
}

export interface Measured {
  rate: number;
  /** The Node server's CPU µs per request. */
  cpu: number;
  /** The PostgreSQL backends' CPU µs per request, for a project on PostgreSQL. */
  databaseCpu?: number;
}
