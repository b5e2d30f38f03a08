// The write plan: for every rendered file, create, modify, delete or skip, decided against what is on disk.
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { UserError } from '../model/user-error.js';
import type { RenderedFile } from './render.js';

export type WriteAction = 'create' | 'modify' | 'delete' | 'skip';

export interface PlannedFile {
  path: string;
  action: WriteAction;
  text: string;
  /** What the file holds now, for a modify (the diff, and a rollback if the write fails). */
  previous?: string;
}

export interface WritePlan {
  /** Absolute path of the project folder. */
  target: string;
  /** The target did not exist: the whole project is written elsewhere and renamed into place. */
  newFolder: boolean;
  files: PlannedFile[];
  /** False for --dry-run. */
  written: boolean;
}

/**
 * `new`: a new project; an existing non-empty folder is refused unless `force`.
 * `existing`: files added to a project (`rest api`); the folder must exist, a file that exists with
 * other content is refused unless `force` or the rendered file is an intended edit.
 */
export type WriteMode = 'new' | 'existing';

/** A rendered file that edits an existing file on purpose (the AppModule), so it needs no --force. */
export interface EditedFile extends RenderedFile {
  edit?: boolean;
  /** The edit deletes the file (its `text` is ignored): a DTO no route uses any more. */
  remove?: boolean;
  /** The same edit made to the text restsmith generated there (the recorded base of `rest upgrade`). */
  pure?: (generated: string) => string;
}

export type FolderState = 'missing' | 'empty' | 'non-empty';

export async function planWrite(
  targetPath: string,
  rendered: EditedFile[],
  options: { force?: boolean; mode?: WriteMode },
): Promise<WritePlan> {
  const target = resolve(targetPath);
  const state = await checkTarget(target, options);
  // A folder that does not exist holds no previous versions: nothing to read.
  const files =
    state === 'missing'
      ? rendered.map((file) => newFile(file))
      : await Promise.all(rendered.map((file) => planFile(target, file)));
  if (options.mode === 'existing' && !options.force) refuseOverwrites(files, rendered);
  return { target, newFolder: state === 'missing', files, written: false };
}

/** Refuses a target the mode cannot write to; cheap, so a command can call it before rendering. */
export async function checkTarget(
  target: string,
  options: { force?: boolean; mode?: WriteMode },
): Promise<FolderState> {
  const state = await folderState(target);
  const mode = options.mode ?? 'new';
  if (mode === 'new' && state === 'non-empty' && !options.force) {
    throw new UserError(`${target} already exists and is not empty`, {
      hint: 'Choose another name, empty the folder, or pass --force to write the project into it.',
    });
  }
  if (mode === 'existing' && state === 'missing') {
    throw new UserError(`${target} does not exist`, { hint: 'Run this inside a project.' });
  }
  return state;
}

async function folderState(target: string): Promise<FolderState> {
  const info = await stat(target).catch(() => undefined);
  if (!info) return 'missing';
  if (!info.isDirectory()) {
    throw new UserError(`${target} exists and is not a folder`, {
      hint: 'Choose another name for the project.',
    });
  }
  return (await readdir(target)).length === 0 ? 'empty' : 'non-empty';
}

function newFile(file: EditedFile): PlannedFile {
  if (file.remove) return { path: file.path, action: 'skip', text: '' };
  return { path: file.path, action: 'create', text: file.text };
}

async function planFile(target: string, file: EditedFile): Promise<PlannedFile> {
  const previous = await readFile(join(target, file.path), 'utf8').catch(() => undefined);
  if (file.remove) {
    const action = previous === undefined ? 'skip' : 'delete';
    return { path: file.path, action, text: '', ...(previous === undefined ? {} : { previous }) };
  }
  if (previous === undefined) return { path: file.path, action: 'create', text: file.text };
  const action = previous === file.text ? 'skip' : 'modify';
  return { path: file.path, action, text: file.text, previous };
}

function refuseOverwrites(files: PlannedFile[], rendered: EditedFile[]): void {
  const edits = new Set(rendered.filter((file) => file.edit).map((file) => file.path));
  const clashes = files.filter((file) => file.action === 'modify' && !edits.has(file.path));
  if (clashes.length === 0) return;
  throw new UserError(`these files already exist: ${clashes.map((file) => file.path).join(', ')}`, {
    hint: 'Pass --force to overwrite them, or --dry-run to see the differences.',
  });
}

/** The plan as lines for the terminal; with `diffs`, a unified diff of every modified file. */
export function formatPlan(plan: WritePlan, options: { diffs?: boolean } = {}): string {
  const width = Math.max(...plan.files.map((file) => file.action.length), 6);
  const lines = plan.files.map((file) => `${file.action.padEnd(width)}  ${file.path}`);
  if (!options.diffs) return lines.join('\n');
  const patches = plan.files
    // The record of generated output (.restsmith/base.json) is one long line per file: no diff to read.
    .filter((file) => file.action === 'modify' && !file.path.startsWith('.restsmith/'))
    .map((file) =>
      createTwoFilesPatch(`a/${file.path}`, `b/${file.path}`, file.previous ?? '', file.text),
    );
  return [...lines, ...patches].join('\n');
}
