// A resource's own files after an edit: each merged with the user's text, a file the edit brings created, one no route uses deleted.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resourceFiles } from '../../../templates-ast/resource.js';
import type { EditedFile } from '../../engine/plan.js';
import type { RenderedFile } from '../../engine/render.js';
import type { ProjectOptions } from '../../model/project.js';
import { renderResourceFiles } from '../add-resource.js';
import type { ResourceOptions } from '../../model/resource.js';
import { EditRefusedError, mergeChange } from './tree-merge.js';

export interface ResourceEdits {
  files: EditedFile[];
  /** Files left as the user changed them, and why. */
  notes: string[];
}

/**
 * Each of the resource's files with the change merged in, or a refusal naming file and place.
 * A file only the new resource has (the update DTO of an added PUT) is created; one only the old
 * had is deleted when it is as generated, and left, with a note, when the user changed it.
 */
export async function resourceEdits(
  root: string,
  project: ProjectOptions,
  before: ResourceOptions,
  after: ResourceOptions,
  renames: ReadonlyMap<string, string>,
): Promise<ResourceEdits> {
  // The resource's first migration is history: it stays as it ran.
  const files = (resource: ResourceOptions) =>
    resourceFiles(project, resource).filter((file) => !file.path.includes('/migrations/'));
  const [old, next] = await Promise.all([
    renderResourceFiles(root, files(before)),
    renderResourceFiles(root, files(after)),
  ]);
  const own = (path: string) => readFile(join(root, path), 'utf8').catch(() => undefined);
  const result: ResourceEdits = { files: [], notes: [] };
  for (const file of next) {
    const previous = old.find((found) => found.path === file.path);
    if (!previous) await broughtFile(file, await own(file.path), result);
    else if (previous.text !== file.text) {
      const merged = mergedFile(file, previous, await own(file.path), renames);
      if (merged) result.files.push(merged);
    }
  }
  for (const file of old) {
    if (next.some((found) => found.path === file.path)) continue;
    await unusedFile(file, await own(file.path), result);
  }
  return result;
}

function mergedFile(
  file: RenderedFile,
  previous: RenderedFile,
  own: string | undefined,
  renames: ReadonlyMap<string, string>,
): EditedFile | undefined {
  if (own === undefined) {
    throw new EditRefusedError(
      file.path,
      'the file',
      'is missing, and this edit has to change it.',
      'Nothing was written. Restore the file (git checkout), or make this change by hand.',
    );
  }
  const merged = mergeChange(own, previous.text, file.text, file.path, renames);
  if (merged === own) return undefined;
  return {
    path: file.path,
    text: merged,
    edit: true,
    pure: (generated) => mergeChange(generated, previous.text, file.text, file.path, renames),
  };
}

async function broughtFile(
  file: RenderedFile,
  own: string | undefined,
  result: ResourceEdits,
): Promise<void> {
  if (own === undefined) result.files.push(file);
  else if (own !== file.text) {
    result.notes.push(
      `${file.path} exists as you changed it, and is kept: the route uses it again.`,
    );
  }
}

async function unusedFile(
  file: RenderedFile,
  own: string | undefined,
  result: ResourceEdits,
): Promise<void> {
  if (own === undefined) return;
  if (own === file.text) result.files.push({ path: file.path, text: '', remove: true });
  else {
    result.notes.push(
      `${file.path} is used by no route any more, but you changed it by hand, so it stays: delete it when you no longer need it.`,
    );
  }
}
