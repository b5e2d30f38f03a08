// Test helpers: a copy of a fixture project (or a generated one) in a temp folder, and expected SDL text.
import { cpSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dedent from 'dedent';

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
