// bench/api-server on PostgreSQL: a fresh database per project on the local server (127.0.0.1:5432,
// user postgres, trust authentication), dropped at the end, and the CPU time of the server's
// processes that serve it (its backends), read from /proc.
import { readdirSync, readFileSync } from 'node:fs';
import { sh } from './project.js';

const server = ['-h', '127.0.0.1', '-p', '5432', '-U', 'postgres'];

export const databaseUrl = (name: string) => `postgres://postgres@127.0.0.1:5432/${name}`;

export function createDatabase(name: string): void {
  sh('createdb', [...server, name], '/');
}

export function dropDatabase(name: string): void {
  sh('dropdb', [...server, '--if-exists', '--force', name], '/');
}

/**
 * user + system CPU time in microseconds of each backend serving database `name`, by pid. A backend
 * names its database in its process title: `postgres: 15/main: postgres <name> 127.0.0.1(port) idle`.
 */
export function backendTimes(name: string): Map<number, number> {
  const times = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || !title.includes(` postgres ${name} `)) continue;
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      times.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100);
    } catch {
      // The process ended while it was read.
    }
  }
  return times;
}

/** CPU time of the backends of `name` between two samples (a backend started in between counts whole). */
export function backendCpuSince(name: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, time] of backendTimes(name)) total += time - (before.get(pid) ?? 0);
  return total;
}
