// Keeps prettier's output for texts it has formatted before, so that `rest new` formats only what it has not seen.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { userCacheFolder } from './cache-folder.js';
import type { FormatJob, Hole } from './format-job.js';

/**
 * prettier's output is a function of its version, the configuration, the file's path (which picks
 * the parser) and the text: so an entry is named by the hash of all four and holds the formatted
 * text. Most files of a project are the same text from one `rest new` to the next with the same
 * choices (only the few that hold the project's name differ), and formatting them is most of the
 * command's CPU time.
 *
 * The folder is in the user's own cache folder (cache-folder.ts): what is read back is written into
 * projects. Entries are written
 * beside and renamed, so a concurrent run reads a whole entry or none; a folder past MAX_ENTRIES is
 * emptied. RESTSMITH_NO_FORMAT_CACHE=1 turns the cache off; RESTSMITH_CACHE_DIR moves it.
 */
const MAX_ENTRIES = 5_000;

/** Bumped when formatText's choices (parsers, plugins) change what prettier is asked. */
const FORMAT_LOGIC = 2;

export interface FormatCache {
  /** The formatted text of a job formatted before, else undefined. */
  get(job: FormatJob): string | undefined;
  /** Records a job's formatted text; failures to write only cost a later run its speed. */
  set(job: FormatJob, formatted: string): void;
}

let opened: FormatCache | null | undefined;

/**
 * The cache for jobs whose configuration is known (`rest new`); null when turned off or when
 * prettier's version cannot be read. Jobs that resolve an existing project's configuration
 * (`rest api`) are never cached: the configuration is read on the formatter thread.
 */
export function openFormatCache(): FormatCache | null {
  if (opened !== undefined) return opened;
  opened = process.env.RESTSMITH_NO_FORMAT_CACHE ? null : createCache();
  return opened;
}

/** Forgets the opened cache, so that the next openFormatCache reads the environment again (tests). */
export function resetFormatCache(): void {
  opened = undefined;
}

/**
 * Whether an earlier run left formatted texts: then a command need not start the formatter thread
 * before it knows a file is missing from the cache (src/hooks/init.ts).
 */
export function formatCacheFilled(): boolean {
  if (process.env.RESTSMITH_NO_FORMAT_CACHE) return false;
  if (seedFile() !== undefined) return true;
  const folder = cacheFolder();
  return folder !== undefined && existsSync(folder);
}

/**
 * The package's own entries: `npm run build` formats the projects of `rest new`'s default choices for
 * each database and HTTP platform (src/project/format-seed.ts) into `dist/format-seed.json`, so that a
 * first `rest new` with those choices finds its files formatted, as a second one would. Keyed like the
 * user's entries (prettier's version among the key's parts: another prettier misses them all).
 * RESTSMITH_NO_FORMAT_SEED=1 leaves them out.
 */
const SEED_FILE = fileURLToPath(new URL('../../format-seed.json', import.meta.url));

function seedFile(): string | undefined {
  return !process.env.RESTSMITH_NO_FORMAT_SEED && existsSync(SEED_FILE) ? SEED_FILE : undefined;
}

/**
 * A packaged entry: the formatted text; for a file with a hole, the layouts prettier gives it, each
 * with the shortest and longest values it holds for, and the hole as a marker (src/project/format-seed.ts).
 */
export type PackagedEntry = string | LaidOut[];
export type LaidOut = [text: string, shortest: number, longest: number];

function readSeed(): Record<string, PackagedEntry> {
  const file = seedFile();
  if (!file) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, PackagedEntry>;
  } catch {
    return {};
  }
}

/** The key of a job's entry: its text and path with their placeholders (format-holes.ts). */
export function formatCacheKey(job: FormatJob): string {
  return createHash('sha256')
    .update(JSON.stringify([FORMAT_LOGIC, prettierVersion(), job.path, job.config, job.text]))
    .digest('hex');
}

/**
 * The key of a packaged entry: the job's holes as markers, whatever their values' lengths. The
 * build keeps an entry only where prettier laid out the shortest and the longest project names alike
 * (src/project/format-seed.ts), so that the entry serves every name.
 */
export function packagedKey(job: FormatJob): string {
  const holes = job.holes ?? [];
  return formatCacheKey({
    ...job,
    path: withMarkers(job.path, holes),
    text: withMarkers(job.text, holes),
  });
}

/** `text` (with placeholders) with each hole's marker instead. */
export function withMarkers(text: string, holes: readonly Hole[]): string {
  return holes.reduce((marked, hole) => marked.replaceAll(hole.placeholder, hole.marker), text);
}

const withPlaceholders = (text: string, holes: readonly Hole[]): string =>
  holes.reduce((back, hole) => back.replaceAll(hole.marker, hole.placeholder), text);

function cacheFolder(): string | undefined {
  const version = prettierVersion();
  return version && join(userCacheFolder(), `format-prettier-${version}`);
}

function createCache(): FormatCache | null {
  const folder = cacheFolder();
  if (!folder) return null;
  let checkedSize = false;
  let seed: Record<string, PackagedEntry> | undefined;
  const key = formatCacheKey;
  return {
    get(job) {
      if (!job.config) return undefined;
      seed ??= readSeed();
      const packagedName = packagedKey(job);
      const packaged = Object.hasOwn(seed, packagedName) ? seed[packagedName] : undefined;
      if (typeof packaged === 'string') return withPlaceholders(packaged, job.holes ?? []);
      if (packaged && job.holes?.length === 1) {
        // One hole (format-seed.ts): the layout for its value's length.
        const length = job.holes[0]!.value.length;
        const laidOut = packaged.find(
          ([, shortest, longest]) => shortest <= length && length <= longest,
        );
        if (laidOut) return withPlaceholders(laidOut[0], job.holes);
      }
      const name = key(job);
      try {
        return readFileSync(join(folder, name), 'utf8');
      } catch {
        return undefined;
      }
    },
    set(job, formatted) {
      if (!job.config) return;
      try {
        if (!checkedSize) {
          checkedSize = true;
          if (entries(folder) > MAX_ENTRIES) rmSync(folder, { recursive: true, force: true });
          mkdirSync(folder, { recursive: true, mode: 0o700 });
        }
        const file = join(folder, key(job));
        const partial = `${file}.${process.pid}`;
        writeFileSync(partial, formatted);
        renameSync(partial, file);
      } catch {
        // A cache that cannot be written only costs the next run its speed.
      }
    },
  };
}

function entries(folder: string): number {
  try {
    return readdirSync(folder).length;
  } catch {
    return 0;
  }
}

let knownVersion: string | undefined;

function prettierVersion(): string | undefined {
  knownVersion ??= readPrettierVersion();
  return knownVersion;
}

function readPrettierVersion(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return (require('prettier/package.json') as { version: string }).version;
  } catch {
    return undefined;
  }
}
