// A generated project's src/ transpiled file by file into .matrix-build/: what TypeORM needs, without `tsc`'s type-check.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

export const FAST_BUILD = '.matrix-build';

/**
 * As the project's tsconfig compiles (CommonJS, decorators with their metadata), one file at a time:
 * a second call rewrites only the files whose text changed and drops the ones that went away. The
 * type-check is the matrix's `tsc --noEmit`, once, after the last step.
 */
export function fastBuild(dir: string): { transpiled: number } {
  const out = join(dir, FAST_BUILD);
  const sources = sourceFiles(join(dir, 'src'));
  const wanted = new Set(sources.map((file) => outputOf(dir, file)));
  for (const old of existsSync(out) ? readdirSync(out, { recursive: true }) : []) {
    const path = join(out, String(old));
    if (path.endsWith('.js') && !wanted.has(path)) rmSync(path);
  }
  let transpiled = 0;
  for (const file of sources) {
    const target = outputOf(dir, file);
    const text = transpile(readFileSync(file, 'utf8'), file);
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    transpiled++;
  }
  return { transpiled };
}

const outputOf = (dir: string, file: string) =>
  join(dir, FAST_BUILD, relative(join(dir, 'src'), file).replace(/\.ts$/, '.js'));

function sourceFiles(src: string): string[] {
  return readdirSync(src, { recursive: true })
    .map(String)
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))
    .map((path) => join(src, path));
}

function transpile(text: string, fileName: string): string {
  return ts.transpileModule(text, {
    fileName,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2023,
      esModuleInterop: true,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  }).outputText;
}
