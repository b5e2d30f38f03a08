// Formats generated and edited files with prettier, using the generated project's own configuration.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as prettier from 'prettier';
import type { GeneratedFile } from './generated-file.js';

/** Used when neither the templates nor the target project give a prettier configuration. */
export const DEFAULT_PRETTIER_CONFIG: prettier.Options = {
  singleQuote: true,
  trailingComma: 'all',
};

const CONFIG_FILES = ['.prettierrc', '.prettierrc.json'];

/**
 * The configuration the generated project will format itself with: its `.prettierrc` when a
 * template gives one, else the one prettier resolves for a file of `projectRoot` (an existing
 * project, for `rest api`), else the defaults.
 */
export async function prettierConfigFor(
  files: GeneratedFile[],
  projectRoot?: string,
): Promise<(path: string) => Promise<prettier.Options>> {
  const given = files.find((file) => CONFIG_FILES.includes(file.path));
  if (given) {
    const config = (
      given.kind === 'json' ? given.data : given.kind === 'text' ? JSON.parse(given.text) : {}
    ) as prettier.Options;
    return async () => config;
  }
  if (!projectRoot) return async () => DEFAULT_PRETTIER_CONFIG;
  return async (path) =>
    (await prettier.resolveConfig(join(projectRoot, path), { editorconfig: true })) ??
    DEFAULT_PRETTIER_CONFIG;
}

/**
 * `path` picks the parser (json, json-stringify for package.json...). TypeScript goes through
 * prettier's `babel-ts` parser first: its plugin loads in a third of the time of the `typescript`
 * one, and both print the same (checked on every file of the generated projects); what babel
 * cannot parse falls back to `typescript`.
 */
export async function formatText(
  path: string,
  text: string,
  config: prettier.Options,
): Promise<string> {
  const options = { ...config, filepath: path };
  if (!/\.[cm]?tsx?$/.test(path) || config.parser) return prettier.format(text, options);
  try {
    return await prettier.format(text, { ...options, parser: 'babel-ts' });
  } catch {
    return prettier.format(text, { ...options, parser: 'typescript' });
  }
}

export interface FormatJob {
  path: string;
  text: string;
  config: prettier.Options;
}

const workerFile = new URL('./format-worker.js', import.meta.url);

/**
 * Starts formatting `jobs` on a worker thread, so that it runs beside the type check on a second
 * core; `cancel` stops it when the check fails. Where the worker's compiled file does not exist (the
 * sources run under a test runner), formats on this thread.
 */
export function formatAll(jobs: FormatJob[]): { texts: Promise<string[]>; cancel: () => void } {
  if (!existsSync(fileURLToPath(workerFile))) {
    return {
      texts: Promise.all(jobs.map((job) => formatText(job.path, job.text, job.config))),
      cancel: () => {},
    };
  }
  const worker = new Worker(workerFile);
  const texts = new Promise<string[]>((resolve, reject) => {
    worker.once('message', (reply: { texts?: string[]; error?: string }) =>
      reply.texts ? resolve(reply.texts) : reject(new Error(`prettier: ${reply.error}`)),
    );
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
  worker.postMessage(jobs);
  return {
    texts,
    cancel: () => {
      texts.catch(() => undefined);
      void worker.terminate();
    },
  };
}
