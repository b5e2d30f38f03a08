// Writes a plan in one step: staged beside the target first, so a failure or Ctrl-C leaves the disk as it was.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UserError } from '../model/user-error.js';
import {
  planWrite,
  type EditedFile,
  type PlannedFile,
  type WriteMode,
  type WritePlan,
} from './plan.js';

export interface WriteOptions {
  force?: boolean;
  dryRun?: boolean;
  mode?: WriteMode;
  /** Called after each file is staged, e.g. to show progress. */
  onFile?: (path: string) => void;
}

/** Ctrl-C (or SIGTERM) arrived while writing; everything written so far was undone. */
export class WriteInterruptedError extends UserError {
  constructor(message = 'interrupted: nothing was written') {
    super(message, { exitCode: 130 });
    this.name = 'WriteInterruptedError';
  }
}

/**
 * Plans, then (unless `dryRun`) writes. A new folder is written as a temporary sibling and renamed
 * into place. Into an existing folder (--force, `rest api`), files are staged in a temporary sibling,
 * then each is renamed over its target; a failure puts back what was there.
 *
 * @example
 * const plan = await writeFiles('my-api', rendered, { force: false, dryRun: true });
 * console.log(formatPlan(plan));
 */
export async function writeFiles(
  target: string,
  rendered: EditedFile[],
  options: WriteOptions = {},
): Promise<WritePlan> {
  const plan = await planWrite(target, rendered, options);
  if (options.dryRun) return plan;
  await whileGuarded(async (interrupted) => {
    const changes = plan.files.filter((file) => file.action !== 'skip');
    const staging = stagingFolderFor(plan.target);
    try {
      await stage(staging, changes, interrupted, options.onFile);
      if (plan.newFolder) await rename(staging, plan.target);
      else await moveInto(staging, plan.target, changes, interrupted);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  });
  return { ...plan, written: true };
}

type Interrupted = () => boolean;

/** A hidden sibling, so the final renames stay on one file system and are atomic. */
const stagingFolderFor = (target: string): string =>
  join(dirname(target), `.${basename(target)}.rest-${randomBytes(4).toString('hex')}`);

/** Turns SIGINT/SIGTERM into a flag the write loops check, so they stop between files and clean up. */
async function whileGuarded(work: (interrupted: Interrupted) => Promise<void>): Promise<void> {
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await work(() => stopped);
    // Too late to undo: the write had finished. Stop anyway, as the user asked.
    if (stopped) throw new WriteInterruptedError('interrupted: the files were all written');
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

async function stage(
  staging: string,
  files: PlannedFile[],
  interrupted: Interrupted,
  onFile?: (path: string) => void,
): Promise<void> {
  // Synchronous calls: a project is about a hundred small files, and a round trip through the thread
  // pool per call cost more than the writes themselves. A signal still stops the loop: onFile and the
  // handlers run between files.
  // `rest new apps/my-api` makes apps/ as well, as git clone and mkdir -p do.
  mkdirSync(dirname(staging), { recursive: true });
  mkdirSync(staging);
  const folders = new Set<string>([staging]);
  for (const file of files) {
    if (interrupted()) throw new WriteInterruptedError();
    if (file.action === 'delete') continue;
    const folder = dirname(join(staging, file.path));
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    writeFileSync(join(staging, file.path), file.text);
    onFile?.(file.path);
  }
  if (interrupted()) throw new WriteInterruptedError();
}

/** Renames each staged file over its target; on failure, removes what was created and restores the rest. */
async function moveInto(
  staging: string,
  target: string,
  files: PlannedFile[],
  interrupted: Interrupted,
): Promise<void> {
  const done: PlannedFile[] = [];
  const createdFolders: string[] = [];
  try {
    for (const file of files) {
      if (interrupted()) throw new WriteInterruptedError();
      const destination = join(target, file.path);
      if (file.action === 'delete') {
        await rm(destination, { force: true });
        done.push(file);
        continue;
      }
      const folder = await mkdir(dirname(destination), { recursive: true });
      if (folder) createdFolders.push(folder);
      await rename(join(staging, file.path), destination);
      done.push(file);
    }
  } catch (error) {
    await undo(target, done, createdFolders);
    throw error;
  }
}

async function undo(target: string, done: PlannedFile[], createdFolders: string[]): Promise<void> {
  for (const file of done.reverse()) {
    const destination = join(target, file.path);
    if (file.previous === undefined) await rm(destination, { force: true });
    else await writeFile(destination, file.previous);
  }
  // A folder made during this write holds only files of this write.
  for (const folder of createdFolders) await rm(folder, { recursive: true, force: true });
}
