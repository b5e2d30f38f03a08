// Finds the module files below a prefix: `controllers` is controllers.ts|mts|js|mjs and/or the folder controllers/.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const moduleExtensions = ['.ts', '.mts', '.js', '.mjs'];

/** One module of the tree: its path bits below the prefix and the files that define it. */
export interface ModuleFiles {
  bits: string[];
  files: string[];
}

export class PrefixError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrefixError';
  }
}

/** `app.controllers`, `app/controllers` and `./app/controllers/` all name `<cwd>/app/controllers`. */
export function prefixPath(prefix: string, cwd: string): string {
  const trimmed = prefix
    .trim()
    .replace(/[/\\]+$/, '')
    .replace(/\.(?:[cm]?[jt]s)$/, '');
  if (trimmed === '' || /[\0]/.test(trimmed)) {
    throw new PrefixError(`the prefix ${JSON.stringify(prefix)} does not name a module`);
  }
  const asPath = /^\.{0,2}[/\\]|[/\\]/.test(trimmed) ? trimmed : trimmed.replaceAll('.', '/');
  return resolve(cwd, asPath);
}

/** Every module below the prefix (the prefix itself has no bits), in a stable order. */
export function scanPrefix(prefix: string, cwd: string): ModuleFiles[] {
  const base = prefixPath(prefix, cwd);
  const files = moduleFilesOf(base);
  const folder = isFolder(base);
  if (files.length === 0 && !folder) {
    const shown = relative(cwd, base) || '.';
    throw new PrefixError(
      `no module ${JSON.stringify(prefix)} in ${cwd}: expected ${shown}.ts, ${shown}.js, ${shown}.mjs or a folder ${shown}/`,
    );
  }
  const modules: ModuleFiles[] = [];
  collect(base, [], files, folder, modules);
  return modules;
}

function collect(
  base: string,
  bits: string[],
  own: string[],
  folder: boolean,
  out: ModuleFiles[],
): void {
  const files = folder ? [...own, ...moduleFilesOf(join(base, 'index'))] : own;
  out.push({ bits, files });
  if (!folder) return;
  const stems = new Set<string>();
  for (const entry of readdirSync(base).sort()) {
    if (entry.startsWith('_') || entry.startsWith('.') || entry === 'node_modules') continue;
    const stem = moduleStem(entry);
    if (stem !== undefined && stem !== 'index') stems.add(stem);
    else if (stem === undefined && isFolder(join(base, entry))) stems.add(entry);
  }
  for (const stem of stems) {
    const path = join(base, stem);
    collect(path, [...bits, stem], moduleFilesOf(path), isFolder(path), out);
  }
}

/** The module a file defines, or undefined for files that are not modules (declarations, other types). */
function moduleStem(entry: string): string | undefined {
  if (entry.endsWith('.d.ts') || entry.endsWith('.d.mts')) return undefined;
  const extension = moduleExtensions.find((candidate) => entry.endsWith(candidate));
  return extension ? entry.slice(0, -extension.length) : undefined;
}

function moduleFilesOf(pathWithoutExtension: string): string[] {
  return moduleExtensions
    .map((extension) => pathWithoutExtension + extension)
    .filter((file) => existsSync(file) && statSync(file).isFile());
}

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}
