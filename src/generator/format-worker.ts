// Worker thread that formats files with prettier while the main thread type-checks them.
import { parentPort } from 'node:worker_threads';
import { formatText, type FormatJob } from './format.js';

parentPort?.once('message', async (jobs: FormatJob[]) => {
  try {
    const texts = await Promise.all(jobs.map((job) => formatText(job.path, job.text, job.config)));
    parentPort?.postMessage({ texts });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
