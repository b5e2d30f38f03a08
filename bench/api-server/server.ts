// bench/api-server's servers: a process pinned to core 0, ready once it says it is listening.
import { spawn, type ChildProcess } from 'node:child_process';
import { pin } from './load.js';

/** Starts `command` in `cwd` on core 0; its output is read (and so drained) until it exits. */
export function start(
  command: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<ChildProcess> {
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
