// The quick check of printed TypeScript: relative imports only; parse errors come from the formatter.
import { posix } from 'node:path';
import type { Project } from 'ts-morph';
import { ts } from '../loader/ts-morph.js';
import { GeneratedCodeError } from './errors.js';
import { stagedPath } from './staging.js';
import { scriptWrittenImport } from './unresolved-packages.js';

/** A TypeScript file printed but not parsed (staging.ts printTypeScript): its path from the project root. */
export interface PrintedFile {
  path: string;
  text: string;
}

/**
 * For callers whose templates are proven by whole-project tests and need speed (`rest new`, `rest
 * api`): relative imports that name no printed or existing file. The files are not parsed here:
 * TypeScript's import scanner (`preProcessFile`) finds the specifiers, and a parse error surfaces
 * when prettier parses the file to format it (render.ts names the file). Parsing every file, as
 * the full check does, was most of the time of a `rest new`.
 */
export function checkSyntax(project: Project, printed: PrintedFile[]): void {
  const paths = new Set(printed.map((file) => stagedPath(file.path)));
  const fileSystem = project.getFileSystem();
  const exists = (path: string) =>
    paths.has(path) || project.getSourceFile(path) !== undefined || fileSystem.fileExistsSync(path);
  const problems = printed.flatMap(({ path, text }) =>
    ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName, pos }) => {
      if (!fileName.startsWith('.')) return [];
      if (scriptWrittenImport(path) === fileName) return [];
      const base = posix.join(posix.dirname(stagedPath(path)), fileName.replace(/\.js$/, ''));
      const candidates = [`${base}.ts`, `${base}.d.ts`, `${base}/index.ts`, base];
      if (candidates.some(exists)) return [];
      return [`${path}:${lineAndColumn(text, pos)} cannot find module '${fileName}'`];
    }),
  );
  if (problems.length > 0) throw new GeneratedCodeError(problems);
}

/** 1-based `line:column` of a position, as editors and tsc print it. */
function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return `${line}:${position - before.lastIndexOf('\n')}`;
}
