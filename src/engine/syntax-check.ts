// The quick check of staged TypeScript: syntax and relative imports only, with no type check and no library.
import { posix } from 'node:path';
import type { Project, SourceFile } from 'ts-morph';
import { Node, ts } from '../loader/ts-morph.js';
import { GeneratedCodeError } from './errors.js';
import { STAGING_ROOT } from './staging.js';

/**
 * For callers whose templates are proven by whole-project tests and need speed (`rest api`): parse
 * errors, and relative imports that name no staged or existing file. Building a program with the
 * ES library is what costs; this builds one over the already parsed files, with `noLib`.
 */
export function checkSyntax(project: Project, sourceFiles: SourceFile[]): void {
  const byPath = new Map(
    sourceFiles.map((file) => [file.getFilePath() as string, file.compilerNode]),
  );
  const host = ts.createCompilerHost({ noLib: true });
  host.getSourceFile = (name) => byPath.get(name);
  const program = ts.createProgram({
    rootNames: [...byPath.keys()],
    options: { noLib: true, noResolve: true, types: [] },
    host,
  });
  const problems = sourceFiles.flatMap((file) => [
    ...program.getSyntacticDiagnostics(file.compilerNode).map((diagnostic) => {
      const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      return `${where(file, diagnostic.start ?? 0)} TS${diagnostic.code}: ${message}`;
    }),
    ...unresolvedImports(project, file),
  ]);
  if (problems.length > 0) throw new GeneratedCodeError(problems);
}

function unresolvedImports(project: Project, file: SourceFile): string[] {
  const declarations = [...file.getImportDeclarations(), ...file.getExportDeclarations()];
  return declarations.flatMap((declaration) => {
    const specifier = declaration.getModuleSpecifierValue();
    if (!specifier?.startsWith('.')) return [];
    const base = posix.join(posix.dirname(file.getFilePath()), specifier.replace(/\.js$/, ''));
    const candidates = [`${base}.ts`, `${base}.d.ts`, `${base}/index.ts`, base];
    const fileSystem = project.getFileSystem();
    const found = candidates.some(
      (path) => project.getSourceFile(path) !== undefined || fileSystem.fileExistsSync(path),
    );
    const node = declaration.getModuleSpecifier() as Node;
    return found ? [] : [`${where(file, node.getStart())} cannot find module '${specifier}'`];
  });
}

function where(file: SourceFile, position: number): string {
  const { line, column } = file.getLineAndColumnAtPos(position);
  return `${posix.relative(STAGING_ROOT, file.getFilePath())}:${line}:${column}`;
}
