// Formats generated and edited files with prettier, using the generated project's own configuration.
import { join } from 'node:path';
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
