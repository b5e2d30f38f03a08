// Loads a user's module (.ts, .mts, .js, .mjs) at run time, TypeScript included, with no build step.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { provideOwnPackage } from './own-package.js';

const typeScriptFile = /\.[cm]?tsx?$/;

/** Imports `file` (relative to `cwd`) and returns its namespace object. */
export async function importModule(
  file: string,
  cwd: string = process.cwd(),
): Promise<Record<string, unknown>> {
  const absolute = resolve(cwd, file);
  if (!existsSync(absolute)) throw new ModuleNotFoundError(absolute);
  const url = pathToFileURL(absolute).href;
  provideOwnPackage();
  if (typeScriptFile.test(absolute)) {
    return (await tsImport(url, import.meta.url)) as Record<string, unknown>;
  }
  return (await import(url)) as Record<string, unknown>;
}

export class ModuleNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`no such file: ${path}`);
    this.name = 'ModuleNotFoundError';
  }
}
