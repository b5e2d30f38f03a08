// Test helpers: a copy of a fixture project (or a generated one) in a temp folder, its printed schema, a hand edit, and expected SDL text.
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dedent from 'dedent';
import { printProjectSchema } from '../../src/project-schema/index.js';

/** Expected SDL written out in a test: dedented, ending with one newline as printed. */
export const sdl = (strings: TemplateStringsArray, ...values: unknown[]): string =>
  dedent.withOptions({ escapeSpecialCharacters: false })(strings, ...values) + '\n';

export function scratchFolder(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Copies fixtures/<name> into `into` with `.ts.txt` files renamed to `.ts`; returns the project root. */
export function copyFixture(name: string, into: string): string {
  const root = join(into, name);
  cpSync(join(import.meta.dirname, 'fixtures', name), root, { recursive: true });
  renameTypeScript(root);
  return root;
}

function renameTypeScript(folder: string): void {
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) renameTypeScript(path);
    else if (entry.endsWith('.ts.txt')) renameSync(path, path.slice(0, -'.txt'.length));
  }
}

/** Fresh copies of a fixture below `folder`, one per call, so that each test may edit its own. */
export function fixtureCopies(folder: string): (name: 'sqlite' | 'mongodb') => string {
  let copies = 0;
  return (name) => copyFixture(name, join(folder, `${copies++}`));
}

/** The project's schema text and the warnings printing it gave; throws the problems of a failed print. */
export async function printSchema(cwd: string) {
  const warnings: string[] = [];
  const result = await printProjectSchema({ cwd, warn: (message) => warnings.push(message) });
  if (!result.printed) throw new Error(result.problems.map((p) => p.message).join('\n'));
  return { text: result.text, warnings };
}

/** A hand edit of one file; throws when `from` is not there. */
export function edit(file: string, from: string | RegExp, to: string): void {
  const text = readFileSync(file, 'utf8');
  const edited = text.replace(from, to);
  if (edited === text) throw new Error(`${file}: nothing to replace`);
  writeFileSync(file, edited);
}
