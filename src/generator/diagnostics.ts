// Checks the staged TypeScript before anything is written: syntax, broken relative imports, undefined names.
import { posix } from 'node:path';
import { ts, type Project, type SourceFile } from 'ts-morph';
import { STAGING_ROOT } from './staging.js';

/**
 * The generated project's node_modules do not exist in memory, so two things are made up for the check:
 * - TS2307 "Cannot find module" (and TS2792, its variant for other resolution modes) is ignored for
 *   package specifiers only (`@nestjs/common`, `bcrypt`). Imports of them type as `any`, which hides
 *   nothing we could check without the package's types. Relative imports are still resolved, so a
 *   path to a file that is not generated, or a misspelt one, is an error.
 * - The globals of Node.js and Jest (`process`, `console`, `describe`, `expect`...), which would come
 *   from @types/node and @types/jest, are declared as `any` in a staging-only file that is never
 *   written. The check uses the target's library without the DOM (staging.ts), which is much faster.
 */
export const IGNORED_FOR_PACKAGES = [2307, 2792];

const GLOBALS_PATH = '/__staging__/globals.d.ts';
const NODE_GLOBALS = [
  'process',
  'require',
  'module',
  'exports',
  'Buffer',
  'global',
  // In @types/node, and in the DOM library the staging Project leaves out for speed.
  'console',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'URL',
  'URLSearchParams',
  'fetch',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'structuredClone',
  'performance',
];
const PATH_GLOBALS = ['__dirname', '__filename'];
const JEST_GLOBALS = [
  'describe',
  'it',
  'test',
  'expect',
  'jest',
  'beforeAll',
  'beforeEach',
  'afterAll',
  'afterEach',
];

export function stageGlobals(project: Project): void {
  const lines = [
    ...[...NODE_GLOBALS, ...JEST_GLOBALS].map((name) => `declare var ${name}: any;`),
    ...PATH_GLOBALS.map((name) => `declare var ${name}: string;`),
  ];
  project.createSourceFile(GLOBALS_PATH, lines.join('\n'), { overwrite: true });
}

/** A template produced TypeScript that does not compile: a bug in restsmith, never the user's. */
export class GeneratedCodeError extends Error {
  constructor(readonly diagnostics: string[]) {
    super(`the generated TypeScript does not compile:\n  ${diagnostics.join('\n  ')}`);
    this.name = 'GeneratedCodeError';
  }
}

/** Throws GeneratedCodeError listing every problem in `sourceFiles`. */
export function checkDiagnostics(project: Project, sourceFiles: SourceFile[]): void {
  const program = project.getProgram().compilerObject;
  const found = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const sourceFile of sourceFiles) {
    const node = sourceFile.compilerNode;
    found.push(...program.getSyntacticDiagnostics(node), ...program.getSemanticDiagnostics(node));
  }
  const problems = found
    .filter((diagnostic) => !isMissingPackage(diagnostic))
    .map(describeDiagnostic);
  if (problems.length > 0) throw new GeneratedCodeError(problems);
}

function isMissingPackage(diagnostic: ts.Diagnostic): boolean {
  if (!IGNORED_FOR_PACKAGES.includes(diagnostic.code) || !diagnostic.file) return false;
  const start = diagnostic.start ?? 0;
  const quoted = diagnostic.file.text.slice(start, start + (diagnostic.length ?? 0));
  const specifier = quoted.replace(/^['"]|['"]$/g, '');
  return specifier !== '' && !specifier.startsWith('.') && !specifier.startsWith('/');
}

function describeDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file) return `TS${diagnostic.code}: ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const path = posix.relative(STAGING_ROOT, diagnostic.file.fileName);
  return `${path}:${line + 1}:${character + 1} TS${diagnostic.code}: ${message}`;
}
