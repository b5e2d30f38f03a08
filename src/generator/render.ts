// Turns templates' GeneratedFiles into the exact text to write: staged, import-resolved, checked, formatted.
import { posix } from 'node:path';
import type { Project, SourceFile } from 'ts-morph';
import { checkDiagnostics, stageGlobals, stagePackageStandIns } from './diagnostics.js';
import { formatAll, prettierConfigFor } from './format.js';
import { checkSyntax } from './syntax-check.js';
import type { GeneratedFile } from './generated-file.js';
import { createStagingProject, isEsModuleProject, stageJson, stageTypeScript } from './staging.js';

/** A file ready to write: `path` from the project root, `text` formatted. */
export interface RenderedFile {
  path: string;
  text: string;
}

export interface RenderOptions {
  /** An existing project whose prettier configuration applies when the files carry none (`rest api`). */
  projectRoot?: string;
  /** A staging Project to add the files to, e.g. one holding an existing file being edited. */
  project?: Project;
  /**
   * `full` (default): the TypeScript must compile (diagnostics.ts). `syntax`: parse errors and
   * relative imports only (syntax-check.ts), much faster, for templates proven by whole-project tests.
   */
  check?: 'full' | 'syntax';
}

/**
 * Stages every TypeScript file in one in-memory Project, checks it compiles (see diagnostics.ts for
 * what cannot be checked without node_modules), and formats every file with prettier.
 * Throws GeneratedCodeError, and nothing is written, when the generated code does not compile.
 *
 * @example
 * const rendered = await renderFiles(projectFiles(options));
 * await writeFiles('my-api', rendered, { force: false, dryRun: false });
 */
export async function renderFiles(
  files: GeneratedFile[],
  options: RenderOptions = {},
): Promise<RenderedFile[]> {
  assertValidPaths(files);
  const project = options.project ?? createStagingProject(files);
  stageGlobals(project);
  const esModule = isEsModuleProject(files);
  const staged = new Map<string, SourceFile>();
  const jsonTexts = new Map<string, string>();
  for (const file of files) {
    if (file.kind === 'typescript') staged.set(file.path, stageTypeScript(project, file, esModule));
    if (file.kind === 'json') {
      jsonTexts.set(file.path, `${JSON.stringify(file.data, null, 2)}\n`);
      stageJson(project, file, jsonTexts.get(file.path)!);
    }
  }
  const raw = files.map((file) =>
    file.kind === 'typescript'
      ? staged.get(file.path)!.getFullText()
      : (jsonTexts.get(file.path) ?? (file.kind === 'text' ? file.text : '')),
  );
  const configFor = await prettierConfigFor(files, options.projectRoot);
  const toFormat = files.flatMap((file, index) =>
    file.kind !== 'text' || file.format === true ? [index] : [],
  );
  const jobs = await Promise.all(
    toFormat.map(async (index) => ({
      path: files[index]!.path,
      text: raw[index]!,
      config: await configFor(files[index]!.path),
    })),
  );
  // Formatting runs beside the check; the check's verdict decides whether its result is used.
  const formatting = formatAll(jobs);
  try {
    check(project, [...staged.values()], options.check ?? 'full');
  } catch (error) {
    formatting.cancel();
    throw error;
  }
  const formatted = await formatting.texts;
  toFormat.forEach((index, job) => (raw[index] = formatted[job]!));
  return files.map((file, index) => ({ path: file.path, text: raw[index]! }));
}

function check(project: Project, sourceFiles: SourceFile[], level: 'full' | 'syntax'): void {
  if (level === 'syntax') return checkSyntax(project, sourceFiles);
  stagePackageStandIns(project, sourceFiles);
  checkDiagnostics(project, sourceFiles);
}

/** Paths are relative, inside the project, and unique: anything else is a template bug. */
function assertValidPaths(files: GeneratedFile[]): void {
  const seen = new Set<string>();
  for (const { path } of files) {
    const normal = posix.normalize(path);
    if (path === '' || posix.isAbsolute(path) || normal !== path || normal.startsWith('..')) {
      throw new Error(`generated file path must be relative and normalised: '${path}'`);
    }
    if (seen.has(path)) throw new Error(`two generated files have the path '${path}'`);
    seen.add(path);
  }
}
