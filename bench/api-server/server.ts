// bench/api-server's servers: a process pinned to core 0, ready once it says it is listening.
import { spawn, type ChildProcess } from 'node:child_process';
import { pin } from './load.js';

/**
 * Starts `command` in `cwd` on core 0; its output is read (and so drained) until it exits. Ready when
 * it says it is listening or, with `readyUrl` (a project whose LOG_LEVEL hides that line), when that
 * URL answers.
 */
export function start(
  command: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  readyUrl?: string,
): Promise<ChildProcess> {
  const [file, ...args] = pin(0, command);
  const child = spawn(file!, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((ready, fail) => {
    let exited = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) ready(child);
    });
    child.on('exit', (code) => {
      exited = true;
      fail(new Error(`server exited with ${code}`));
    });
    if (readyUrl === undefined) return;
    const poll = () => {
      if (exited) return;
      fetch(readyUrl).then(
        () => ready(child),
        () => setTimeout(poll, 100),
      );
    };
    poll();
  });
}
