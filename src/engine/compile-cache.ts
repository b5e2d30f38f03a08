// Keeps V8's compiled code of the large CommonJS files `rest new` loads (TypeScript, ts-morph, prettier) between runs.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script, constants } from 'node:vm';
import { userCacheFolder } from './cache-folder.js';

/**
 * Compiling TypeScript's 9 MB bundle is the largest single cost of a `rest new` run (about 0.8 s of
 * 1.3 s to load ts-morph on a busy two-core machine); with V8's code cache it is read back instead.
 * Node 22 has `module.enableCompileCache()`; Node 20 does not, so this does the same for files over
 * LARGE bytes (prettier's standalone build and plugins, on the formatter thread, are 85 to 900 kB),
 * the way v8-compile-cache does. V8 rejects cached code that does not match the source
 * or the Node version, and the file is then compiled as usual and the cache rewritten.
 * The cache lives in the user's own cache folder (cache-folder.ts): V8 runs what it reads back.
 * Import this module before anything that loads ts-morph. RESTSMITH_NO_COMPILE_CACHE=1 turns it off.
 */
const LARGE = 64_000;
const folder = join(userCacheFolder(), `compile-${process.version}`);

type Compile = (this: Module, content: string, filename: string) => unknown;
const prototype = Module.prototype as unknown as { _compile: Compile };

// Node 22.1+ keeps a compile cache itself: use it there, and patch the loader only on Node 20.
const { enableCompileCache } = Module as unknown as {
  enableCompileCache?: (dir: string) => unknown;
};

if (process.env.RESTSMITH_NO_COMPILE_CACHE) {
  // turned off
} else if (typeof enableCompileCache === 'function') {
  enableCompileCache(folder);
} else if (typeof Module.wrap === 'function') {
  const compile = prototype._compile;
  prototype._compile = function (content, filename) {
    if (content.length < LARGE) return compile.call(this, content, filename);
    return runCached(this, content, filename);
  };
}

function runCached(module: Module, content: string, filename: string): unknown {
  const cacheFile = join(folder, createHash('sha1').update(filename).digest('hex'));
  const cachedData = readCache(cacheFile);
  const script = new Script(Module.wrap(content), {
    filename,
    cachedData,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (!cachedData || script.cachedDataRejected) {
    // At exit, the cache also holds the functions compiled lazily during the run.
    if (unwritten.size === 0) process.once('exit', writeCompileCache);
    unwritten.set(cacheFile, script);
  }
  const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
  const require = createRequire(filename);
  return wrapper.call(module.exports, module.exports, require, module, filename, dirname(filename));
}

/** Scripts compiled without a usable cache in this thread, by cache file. */
const unwritten = new Map<string, Script>();

/**
 * Writes the caches missing so far. Runs at exit; a worker thread, which a process ends without its
 * `exit` event, calls it itself once it has run the code it needs (format-worker.ts).
 */
export function writeCompileCache(): void {
  for (const [file, script] of unwritten) writeCache(file, script.createCachedData());
  unwritten.clear();
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Written beside, then renamed: a concurrent run reads a whole cache or none. */
function writeCache(file: string, data: Buffer): void {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, data);
    renameSync(partial, file);
  } catch {
    // A cache that cannot be written only costs the next run its speed.
  }
}
