// The format cache's packaged entries: `npm run build` formats the projects of `rest new`'s default choices into dist/format-seed.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { projectFiles } from '../../templates-ast/project.js';
import {
  packagedKey,
  resetFormatCache,
  withMarkers,
  type LaidOut,
  type PackagedEntry,
} from '../engine/format-cache.js';
import { recordFormatting } from '../engine/format.js';
import type { FormatJob, Hole } from '../engine/format-job.js';
import { placeholderFor } from '../engine/format-holes.js';
import { formatJob } from '../engine/prettier-format.js';
import { renderFiles } from '../engine/render.js';
import { DATABASES, HTTP_PLATFORMS, type ProjectOptions } from '../model/project.js';
import { DEFAULT_PROJECT_NAME } from '../model/project.js';
import { normaliseProjectOptions } from './project-options.js';

/**
 * What differs between two projects made with the same choices, as the templates write it into
 * formatted files: the name (and its last segment, for a scoped name) and the initial migration's
 * timestamp. The format cache keys files without them (src/engine/format-holes.ts).
 */
export function projectVariables(options: ProjectOptions): string[] {
  return [
    options.name,
    options.name.split('/').pop() ?? options.name,
    String(options.migrationTimestamp),
  ];
}

/**
 * `rest new --yes` for each database and HTTP platform, with an unscoped and a scoped name: the files
 * that hold a scoped name's last segment (`api` of `@acme/api`) have a hole of their own there.
 */
function* seedChoices() {
  for (const database of DATABASES) {
    for (const http of HTTP_PLATFORMS) {
      for (const name of [DEFAULT_PROJECT_NAME, `@scope/${DEFAULT_PROJECT_NAME}`]) {
        yield [database, http, name] as const;
      }
    }
  }
}

/** npm's longest package name: no hole is longer. */
const LONGEST_NAME = 214;

/**
 * Formats the project of `rest new --yes --database <each> --http <each>` and returns the packaged
 * format cache (format-cache.ts's `packagedKey` to the formatted text; for a file with a hole, its
 * layouts by the length of the value, holes as markers). Run by `npm run build`, so the entries
 * always match the templates and the build's prettier.
 */
export async function buildFormatSeed(): Promise<Record<string, PackagedEntry>> {
  const folder = mkdtempSync(join(tmpdir(), 'restsmith-format-seed-'));
  const saved = environment([
    'RESTSMITH_CACHE_DIR',
    'RESTSMITH_NO_FORMAT_SEED',
    'RESTSMITH_NO_FORMAT_CACHE',
  ]);
  process.env.RESTSMITH_CACHE_DIR = folder;
  process.env.RESTSMITH_NO_FORMAT_SEED = '1';
  delete process.env.RESTSMITH_NO_FORMAT_CACHE;
  resetFormatCache();
  const recorded = new Map<string, { job: FormatJob; formatted: string }>();
  recordFormatting((job, formatted) => {
    const key = packagedKey(job);
    if (!recorded.has(key)) recorded.set(key, { job, formatted });
  });
  try {
    for (const [database, http, name] of seedChoices()) {
      const options = normaliseProjectOptions({ name, database, http });
      await renderFiles(projectFiles(options), {
        check: 'syntax',
        variables: projectVariables(options),
      });
    }
  } finally {
    recordFormatting(undefined);
    saved.restore();
    resetFormatCache();
    rmSync(folder, { recursive: true, force: true });
  }
  const entries: Record<string, PackagedEntry> = {};
  for (const [key, { job, formatted }] of recorded) {
    const holes = job.holes ?? [];
    if (holes.length === 0) entries[key] = formatted;
    else if (holes.length === 1) entries[key] = await layoutsByLength(job, holes[0]!);
    // Two holes in one file (none in today's templates): the entry would need both lengths.
  }
  return entries;
}

/**
 * The layouts prettier gives the file for every length of the hole's value from 1 to LONGEST_NAME,
 * each with the lengths it holds for: a longer name can make prettier break a line a shorter one left
 * whole. Every length is formatted: no guess about where prettier breaks.
 */
async function layoutsByLength(job: FormatJob, hole: Hole): Promise<LaidOut[]> {
  const role = Number(hole.marker.replaceAll('\u0000', ''));
  const digits = /^\d+$/.test(hole.value);
  const marked = { text: withMarkers(job.text, [hole]), path: withMarkers(job.path, [hole]) };
  const layouts: LaidOut[] = [];
  // A timestamp keeps its length (13 digits until the year 2286); a name has any length npm allows.
  const lengths = digits ? [hole.value.length] : range(1, LONGEST_NAME);
  const count = (text: string, part: string) => text.split(part).length - 1;
  for (const length of lengths) {
    const placeholder = placeholderFor((digits ? '1' : 'a').repeat(length), role);
    // A placeholder the file holds already (a single letter) could not be told from the hole.
    if (marked.text.includes(placeholder) || marked.path.includes(placeholder)) continue;
    const fill = (text: string) => text.replaceAll(hole.marker, placeholder);
    const formatted = await formatJob({
      ...job,
      holes: undefined,
      text: fill(marked.text),
      path: fill(marked.path),
    });
    if (count(formatted, placeholder) !== count(marked.text, hole.marker)) continue;
    const text = formatted.replaceAll(placeholder, hole.marker);
    const last = layouts.at(-1);
    if (last && last[0] === text && last[2] === length - 1) last[2] = length;
    else layouts.push([text, length, length]);
  }
  return layouts;
}

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index);

/** Saves environment variables, to put them back as they were. */
function environment(names: string[]) {
  const values = names.map((name) => process.env[name]);
  return {
    restore() {
      names.forEach((name, index) => {
        if (values[index] === undefined) delete process.env[name];
        else process.env[name] = values[index];
      });
    },
  };
}

// `node dist/src/project/format-seed.js <file>`: the build's last step.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const target =
    process.argv[2] ?? fileURLToPath(new URL('../../format-seed.json', import.meta.url));
  const entries = await buildFormatSeed();
  writeFileSync(target, JSON.stringify(entries));
  process.stdout.write(`format seed: ${Object.keys(entries).length} entries in ${target}\n`);
}
