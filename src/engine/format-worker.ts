// The formatter thread (see format.ts): loads prettier at once, then formats each batch it is sent.
// First, so that prettier's files (required by prettier-format.ts) come from the code cache.
import { writeCompileCache } from './compile-cache.js';
import { parentPort } from 'node:worker_threads';
import type { FormatJob } from './format-job.js';
import { formatJob, warmUp } from './prettier-format.js';

const ready = warmUp().catch(() => undefined);

parentPort?.on('message', async ({ id, jobs }: { id: number; jobs: FormatJob[] }) => {
  await ready;
  try {
    parentPort?.postMessage({ id, texts: await Promise.all(jobs.map(formatJob)) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
  // The process ends this thread without an `exit` event: caches missing are written now (only on
  // a run that had to compile prettier's files; nothing to do otherwise).
  writeCompileCache();
});
