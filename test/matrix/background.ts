// The matrix's long checks (lint, type-check, npm test) run in the background, two at a time, while the next project is built.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectEnv, type Run } from '../e2e/project.js';

/** Two: the machine the suite runs on has two cores, and the project steps keep one of them busy. */
const LIMIT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<void> {
  if (running < LIMIT) {
    running++;
    return;
  }
  await new Promise<void>((take) => waiting.push(take));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Runs a command as test/e2e/project.ts `run` does, but without blocking: its output goes to a file
 * (the project steps block the event loop with spawnSync, so a pipe could fill and stall the command).
 * `ms` is how long it ran, not counting the wait for a slot.
 */
export async function runInBackground(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<Run & { ms: number }> {
  await slot();
  const start = performance.now();
  const log = join(cwd, `.matrix-${[command, ...args].join('-').replace(/[^\w.-]+/g, '_')}.log`);
  const fd = openSync(log, 'w');
  try {
    const child = spawn(command, args, { cwd, env: projectEnv(env), stdio: ['ignore', fd, fd] });
    const status = await new Promise<number>((done) => {
      child.on('exit', (code) => done(code ?? 1));
      child.on('error', () => done(1));
    });
    return { status, output: readFileSync(log, 'utf8'), ms: performance.now() - start };
  } finally {
    closeSync(fd);
    release();
  }
}
