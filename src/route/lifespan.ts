// Lifespan hooks: the `startup` and `shutdown` functions a prefix module exports, each run once per Application.
import { relative } from 'node:path';

export type LifespanHook = () => unknown;

export interface LifespanHooks {
  startup?: { run: LifespanHook; file: string };
  shutdown?: { run: LifespanHook; file: string };
}

/** A lifespan hook that is not a function, is exported twice, or failed; start-up or shutdown stops with it. */
export class LifespanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LifespanError';
  }
}

const hookNames = ['startup', 'shutdown'] as const;

/** Adds the hooks one file of the prefix module exports (`controllers.ts` and `controllers/index.ts` may both). */
export function addHooks(
  hooks: LifespanHooks,
  sources: Array<Record<string, unknown>>,
  file: string,
  cwd: string,
): void {
  for (const name of hookNames) {
    const run = sources.find((source) => source[name] !== undefined)?.[name];
    if (run === undefined) continue;
    const shown = relative(cwd, file);
    if (typeof run !== 'function') {
      throw new LifespanError(`${name} in ${shown} must be a function, got ${typeof run}`);
    }
    const existing = hooks[name];
    if (existing && existing.run !== run) {
      const first = relative(cwd, existing.file);
      throw new LifespanError(`${name} is exported both in ${first} and in ${shown}`);
    }
    hooks[name] = { run: run as LifespanHook, file };
  }
}

/** Runs a hook (awaiting a promise); its failure becomes a LifespanError naming the hook and its file. */
export async function runHook(
  name: keyof LifespanHooks,
  hooks: LifespanHooks,
  cwd: string,
): Promise<void> {
  const hook = hooks[name];
  if (!hook) return;
  try {
    await hook.run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LifespanError(`${name} in ${relative(cwd, hook.file)} failed: ${reason}`);
  }
}
