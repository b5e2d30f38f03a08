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
import { userCacheFolder } from './cache-folder.js';
import type { FormatJob } from './format.js';

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
const FORMAT_LOGIC = 1;

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
  const folder = cacheFolder();
  return folder !== undefined && existsSync(folder);
}

function cacheFolder(): string | undefined {
  const version = prettierVersion();
  return version && join(userCacheFolder(), `format-prettier-${version}`);
}

function createCache(): FormatCache | null {
  const folder = cacheFolder();
  if (!folder) return null;
  let checkedSize = false;
  const key = (job: FormatJob) =>
    createHash('sha256')
      .update(JSON.stringify([FORMAT_LOGIC, job.path, job.config, job.text]))
      .digest('hex');
  return {
    get(job) {
      if (!job.config) return undefined;
      try {
        return readFileSync(join(folder, key(job)), 'utf8');
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

function prettierVersion(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    return (require('prettier/package.json') as { version: string }).version;
  } catch {
    return undefined;
  }
}
