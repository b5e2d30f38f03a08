// Checks the staged TypeScript before anything is written: syntax, broken relative imports, undefined names.
import { posix } from 'node:path';
import type { Project, SourceFile } from 'ts-morph';
import { ts } from '../loader/ts-morph.js';
import { STAGING_ROOT } from './staging.js';
import { GeneratedCodeError } from './errors.js';
import { isOnlyAMissingPackage } from './unresolved-packages.js';

export { GeneratedCodeError } from './errors.js';
export { stageGlobals, stagePackageStandIns } from './stand-ins.js';

/**
 * The generated project's node_modules do not exist in memory: imports of its packages type as
 * stand-ins, as are the Node and Jest globals (stand-ins.ts); what the stand-ins cannot cover is told
 * apart in unresolved-packages.ts. Everything else (an undefined local name, an
 * implicit any, a broken relative import, a syntax error) is an error.
 *
 * Throws GeneratedCodeError listing every problem in `sourceFiles`.
 */
export function checkDiagnostics(project: Project, sourceFiles: SourceFile[]): void {
  const program = project.getProgram().compilerObject;
  const found = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  for (const sourceFile of sourceFiles) {
    const node = sourceFile.compilerNode;
    found.push(...program.getSyntacticDiagnostics(node), ...program.getSemanticDiagnostics(node));
  }
  const problems = found
    .filter((diagnostic) => !isOnlyAMissingPackage(project, diagnostic))
    .map(describeDiagnostic);
  if (problems.length > 0) throw new GeneratedCodeError(problems);
}

function describeDiagnostic(diagnostic: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file) return `TS${diagnostic.code}: ${message}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const path = posix.relative(STAGING_ROOT, diagnostic.file.fileName);
  return `${path}:${line + 1}:${character + 1} TS${diagnostic.code}: ${message}`;
}
