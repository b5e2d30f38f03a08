// bench/api-server's servers: a process pinned to core 0, writing to a file, ready once it answers HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pin } from './load.js';

/**
 * Starts `command` in `cwd` on core 0. Its output goes to a file, removed when it exits, as a log
 * collector would take it: through a pipe, this process (blocked while autocannon runs) read it only
 * between loads, the pipe stayed full during each load and pino kept every line in memory: about
 * 4 µs more per line, and slower garbage collection for the rest (bench/api-server/log-line.mjs,
 * --sink=stall).
 * Ready when `readyUrl`, else any path on `env.PORT`, answers.
 */
export function start(
  command: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  readyUrl?: string,
): Promise<ChildProcess> {
  const [file, ...args] = pin(0, command);
  const folder = mkdtempSync(join(tmpdir(), 'bench-api-server-'));
  const child = spawn(file!, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', openSync(join(folder, 'stdout.log'), 'w'), 'inherit'],
  });
  const url = readyUrl ?? `http://127.0.0.1:${env.PORT}/`;
  return new Promise((ready, fail) => {
    let exited = false;
    child.on('exit', (code) => {
      exited = true;
      rmSync(folder, { recursive: true, force: true });
      fail(new Error(`server exited with ${code}`));
    });
    const poll = () => {
      if (exited) return;
      fetch(url).then(
        () => ready(child),
        () => setTimeout(poll, 100),
      );
    };
    poll();
  });
}
