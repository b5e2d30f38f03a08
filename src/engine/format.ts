// Formats generated and edited files with prettier on a worker thread, with the generated project's own configuration.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Options } from 'prettier';
import { openFormatCache } from './format-cache.js';
import { DEFAULT_PRETTIER_CONFIG, type FormatJob, type Hole } from './format-job.js';
import type { GeneratedFile } from './generated-file.js';

const CONFIG_FILES = ['.prettierrc', '.prettierrc.json'];

let recorder: ((job: FormatJob, formatted: string) => void) | undefined;

/** Hands every text prettier formats, before its holes are filled, to `record` (the build's seed). */
export function recordFormatting(record: typeof recorder): void {
  recorder = record;
}

/**
 * How each file's configuration is found: the `.prettierrc` a template gives (the generated
 * project will format itself with it), else the target project's own, else the defaults.
 */
export function prettierConfigFor(
  files: GeneratedFile[],
  projectRoot?: string,
): (path: string) => Pick<FormatJob, 'config' | 'projectRoot'> {
  const given = files.find((file) => CONFIG_FILES.includes(file.path));
  if (given) {
    const config = (
      given.kind === 'json' ? given.data : given.kind === 'text' ? JSON.parse(given.text) : {}
    ) as Options;
    return () => ({ config });
  }
  if (projectRoot) return () => ({ projectRoot });
  return () => ({ config: DEFAULT_PRETTIER_CONFIG });
}

export interface Formatting {
  texts: Promise<string[]>;
  /** Drops the result when it is no longer wanted (the check failed); the process need not wait for it. */
  cancel: () => void;
}

const workerFile = new URL('./format-worker.js', import.meta.url);

/**
 * The formatter thread. Loading prettier and its TypeScript parser costs about a quarter of a second
 * of a `rest api` run: the thread starts as soon as a command knows it will format (see
 * startFormatter), so that the loading runs on a second core while this one loads ts-morph.
 */
interface FormatterThread {
  worker: Worker;
  pending: Map<number, { resolve: (texts: string[]) => void; reject: (error: Error) => void }>;
  nextId: number;
}

let thread: FormatterThread | undefined;
let threadUnavailable = false;

/**
 * Starts the formatter thread and its loading of prettier, so that later formatAll calls find it
 * ready. The thread does not keep the process alive. Where the worker's compiled file does not exist
 * (the sources run under a test runner), formatting happens on this thread and this does nothing.
 */
export function startFormatter(): void {
  if (thread || threadUnavailable || !existsSync(fileURLToPath(workerFile))) return;
  let worker: Worker;
  try {
    worker = new Worker(workerFile);
  } catch {
    // No thread can start (a resource limit): format on this thread, slower but the same.
    threadUnavailable = true;
    return;
  }
  const started: FormatterThread = { worker, pending: new Map(), nextId: 0 };
  worker.on('message', (reply: { id: number; texts?: string[]; error?: string }) => {
    const request = started.pending.get(reply.id);
    if (!request) return;
    started.pending.delete(reply.id);
    if (started.pending.size === 0) worker.unref();
    if (reply.texts) request.resolve(reply.texts);
    else request.reject(new Error(`prettier: ${reply.error}`));
  });
  worker.on('error', (error) => stop(started, error));
  worker.on('exit', () => stop(started, new Error('prettier: the formatter thread stopped')));
  // After the listeners: adding a 'message' listener refs the thread's port again, and an unused
  // thread (a command that ends with nothing to format) would keep the process alive.
  worker.unref();
  thread = started;
}

/** The thread failed or ended: requests still pending fail, and the next request starts a new one. */
function stop(stopping: FormatterThread, reason: Error): void {
  if (thread === stopping) thread = undefined;
  for (const request of stopping.pending.values()) request.reject(reason);
  stopping.pending.clear();
  void stopping.worker.terminate();
}

/**
 * Formats `jobs`, on the formatter thread when one can run, beside whatever this thread does next.
 * Texts formatted before with the same configuration come from the format cache (format-cache.ts);
 * a job's holes (format-holes.ts) are filled in the texts returned.
 */
export function formatAll(jobs: FormatJob[]): Formatting {
  const cache = openFormatCache();
  // Holes only serve the cache: without it, prettier formats the text itself.
  const asked = cache ? jobs : jobs.map(withoutHoles);
  const cached = asked.map((job) => cache?.get(job));
  const missing = asked.filter((_, index) => cached[index] === undefined);
  if (missing.length === 0) {
    return {
      texts: Promise.resolve(asked.map((job, index) => filled(job, cached[index]!))),
      cancel: () => undefined,
    };
  }
  const formatting = formatWithPrettier(missing);
  const texts = formatting.texts.then(async (formatted) => {
    let next = 0;
    return Promise.all(
      asked.map(async (job, index) => {
        const known = cached[index];
        if (known !== undefined) return filled(job, known);
        const text = formatted[next++]!;
        if (!keepsHoles(job, text)) {
          // prettier moved a placeholder where the value would not have gone: format the text itself.
          const [own] = await formatWithPrettier([withoutHoles(job)]).texts;
          return own!;
        }
        cache?.set(job, text);
        recorder?.(job, text);
        return filled(job, text);
      }),
    );
  });
  return {
    texts,
    cancel: () => {
      texts.catch(() => undefined);
      formatting.cancel();
    },
  };
}

/** `text` with every hole's placeholder replaced by its value (the last hole made, the first undone). */
export function fillHoles(text: string, holes: readonly Hole[]): string {
  return holes.reduceRight((filled, hole) => filled.replaceAll(hole.placeholder, hole.value), text);
}

const filled = (job: FormatJob, text: string): string =>
  job.holes ? fillHoles(text, job.holes) : text;

function withoutHoles(job: FormatJob): FormatJob {
  if (!job.holes) return job;
  const { holes, ...rest } = job;
  return { ...rest, path: fillHoles(job.path, holes), text: fillHoles(job.text, holes) };
}

/** Whether the formatted text holds each placeholder as often as the text it was given. */
function keepsHoles(job: FormatJob, formatted: string): boolean {
  const count = (text: string, part: string) => text.split(part).length - 1;
  return (job.holes ?? []).every(
    ({ placeholder }) => count(formatted, placeholder) === count(job.text, placeholder),
  );
}

function formatWithPrettier(jobs: FormatJob[]): Formatting {
  startFormatter();
  const current = thread;
  if (!current) {
    const texts = import('./prettier-format.js').then(({ formatJob }) =>
      Promise.all(jobs.map(formatJob)),
    );
    return { texts, cancel: () => void texts.catch(() => undefined) };
  }
  const id = current.nextId++;
  const texts = new Promise<string[]>((resolve, reject) => {
    current.pending.set(id, { resolve, reject });
  });
  current.worker.ref();
  current.worker.postMessage({ id, jobs });
  return {
    texts,
    // The thread finishes the batch, but its result is dropped and no longer keeps the process alive.
    cancel: () => {
      texts.catch(() => undefined);
      current.pending.get(id)?.reject(new Error('prettier: formatting was cancelled'));
      current.pending.delete(id);
      if (current.pending.size === 0) current.worker.unref();
    },
  };
}

/** Formats one file; see formatAll. */
export async function formatFile(job: FormatJob): Promise<string> {
  const [text] = await formatAll([job]).texts;
  return text!;
}
