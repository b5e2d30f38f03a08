// Three-way merges of one file: the user's text, what restsmith generated before (base) and what it generates now.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Merged {
  text: string;
  /** Places where both changed the same lines, marked in `text` as git marks them. */
  conflicts: number;
}

/**
 * `git merge-file`, the merge git itself runs: changes on one side apply, the same change on both
 * sides applies once, overlapping changes are written between `<<<<<<<` and `>>>>>>>` markers.
 */
export async function mergeText(
  own: string,
  base: string,
  generated: string,
  labels: { own: string; base: string; generated: string },
): Promise<Merged> {
  const folder = await mkdtemp(join(tmpdir(), 'restsmith-merge-'));
  try {
    const [ownPath, basePath, generatedPath] = ['own', 'base', 'generated'].map((name) =>
      join(folder, name),
    );
    await Promise.all([
      writeFile(ownPath!, own),
      writeFile(basePath!, base),
      writeFile(generatedPath!, generated),
    ]);
    const args = ['merge-file', '-L', labels.own, '-L', labels.base, '-L', labels.generated];
    try {
      await run('git', [...args, ownPath!, basePath!, generatedPath!]);
      return { text: await readFile(ownPath!, 'utf8'), conflicts: 0 };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'ENOENT') throw new MergeToolMissing();
      // git merge-file exits with the number of conflicts (up to 127); negative or other: it failed.
      if (typeof code !== 'number' || code < 1 || code > 127) throw error;
      return { text: await readFile(ownPath!, 'utf8'), conflicts: code };
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** git is not installed: the command turns this into its one-line message. */
export class MergeToolMissing extends Error {
  constructor() {
    super('git is not on the PATH');
    this.name = 'MergeToolMissing';
  }
}

type Manifest = Record<string, unknown>;
const SECTIONS = ['scripts', 'dependencies', 'devDependencies', 'engines', 'jest'];

/**
 * package.json key by key in its sections (scripts, dependencies...): a key restsmith changed takes
 * the new value unless the user changed it too (then the user's stays, reported); keys restsmith
 * added arrive, keys it dropped go when the user kept them as generated.
 */
export function mergeManifest(
  own: string,
  base: string,
  generated: string,
): { text: string; kept: string[] } {
  const [mine, old, next] = [own, base, generated].map((text) => JSON.parse(text) as Manifest);
  const kept: string[] = [];
  for (const section of SECTIONS) {
    const [m, o, n] = [mine!, old!, next!].map((data) => data[section] as Manifest | undefined);
    if (!n && !o) continue;
    if (!isObject(n) || !isObject(o) || !isObject(m ?? {})) {
      if (!same(o, n) && same(m, o)) mine![section] = n;
      else if (!same(o, n) && !same(m, n)) kept.push(section);
      continue;
    }
    const result: Manifest = { ...(m ?? {}) };
    for (const key of new Set([...Object.keys(o), ...Object.keys(n)])) {
      if (same(o[key], n[key])) continue;
      if (same(result[key], o[key])) {
        if (n[key] === undefined) delete result[key];
        else result[key] = n[key];
      } else if (!same(result[key], n[key])) kept.push(`${section}.${key}`);
    }
    mine![section] =
      section === 'dependencies' || section === 'devDependencies' ? sorted(result) : result;
  }
  const indent = /^[ \t]+/m.exec(own)?.[0] ?? '  ';
  return { text: `${JSON.stringify(mine, null, indent)}\n`, kept };
}

const isObject = (value: unknown): value is Manifest =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sorted = (data: Manifest): Manifest =>
  Object.fromEntries(Object.entries(data).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
