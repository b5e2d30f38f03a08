// Test helper: every file under a folder with its text, to compare what was written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `folder`, by path from it, with its text. */
export function folderTree(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(folder.length + 1)] = readFileSync(path, 'utf8');
  }
  return files;
}
