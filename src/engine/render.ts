// Turns templates' GeneratedFiles into the exact text to write: staged, import-resolved, checked, formatted.
import { posix } from 'node:path';
import type { Project, SourceFile } from 'ts-morph';
import { checkDiagnostics, stageGlobals, stagePackageStandIns } from './diagnostics.js';
import { formatAll, prettierConfigFor, type Formatting } from './format.js';
import { withHoles } from './format-holes.js';
import { GeneratedCodeError } from './errors.js';
import { checkSyntax, type PrintedFile } from './syntax-check.js';
import { scriptWrittenImport } from './unresolved-packages.js';
import type { GeneratedFile } from './generated-file.js';
import {
  createStagingProject,
  isEsModuleProject,
  printTypeScript,
  stageJson,
  stageTypeScript,
  STAGING_ROOT,
} from './staging.js';

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
  /**
   * Texts that differ from one run to the next with the same choices (`rest new`: the project's name,
   * the migration's timestamp): the format cache keys files without them (format-holes.ts), so that
   * another project name finds the files formatted before.
   */
  variables?: readonly string[];
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
  const configFor = prettierConfigFor(files, options.projectRoot);
  // Each file goes to the formatter thread as soon as it is staged, so that formatting runs beside
  // the staging of the next files and the check; the check's verdict decides whether it is used.
  const formatting = new Map<number, Formatting>();
  const level = options.check ?? 'full';
  const { sourceFiles, printed, texts } = stageAll(project, files, level, (index, text) => {
    const file = files[index]!;
    if (file.kind === 'text' && file.format !== true) return;
    const job = { path: file.path, text, ...configFor(file.path) };
    const variables = options.variables ?? [];
    formatting.set(index, formatAll([variables.length ? withHoles(job, variables) : job]));
  });
  try {
    if (level === 'syntax') checkSyntax(project, printed);
    else check(project, sourceFiles);
  } catch (error) {
    for (const job of formatting.values()) job.cancel();
    throw error;
  }
  const formatted = await Promise.all(
    [...formatting].map(([index, job]) =>
      job.texts.catch((error: unknown) => {
        // The syntax check leaves parse errors to prettier, which parses every file it formats.
        if (level !== 'syntax' || files[index]!.kind !== 'typescript') throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw new GeneratedCodeError([`${files[index]!.path}: ${message.split('\n')[0]}`]);
      }),
    ),
  );
  [...formatting.keys()].forEach((index, job) => (texts[index] = formatted[job]![0]!));
  return files.map((file, index) => ({ path: file.path, text: texts[index]! }));
}

/**
 * Stages every TypeScript and JSON file; returns the staged sources (the full check) or the printed
 * TypeScript (the syntax check), and every file's unformatted text, and hands each text to `staged`
 * as soon as it exists.
 */
function stageAll(
  project: Project,
  files: GeneratedFile[],
  level: 'full' | 'syntax',
  staged: (index: number, text: string) => void,
): { sourceFiles: SourceFile[]; printed: PrintedFile[]; texts: string[] } {
  stageGlobals(project);
  const esModule = isEsModuleProject(files);
  const sourceFiles: SourceFile[] = [];
  const printed: PrintedFile[] = [];
  const texts = files.map((file, index) => {
    let text: string;
    if (file.kind === 'text') text = file.text;
    else if (file.kind === 'json') {
      text = `${JSON.stringify(file.data, null, 2)}\n`;
      stageJson(project, file, text);
    } else if (level === 'syntax') {
      text = printTypeScript(project, file, esModule);
      printed.push({ path: file.path, text });
    } else {
      const sourceFile = stageTypeScript(project, file, esModule);
      sourceFiles.push(sourceFile);
      text = sourceFile.getFullText();
    }
    staged(index, text);
    return text;
  });
  return { sourceFiles, printed, texts };
}

/**
 * Every staged file but those typed by a file a project script writes (client/, typed by
 * client/schema.d.ts from `npm run client`): that script type-checks them, against the real types.
 */
function check(project: Project, sourceFiles: SourceFile[]): void {
  const checked = sourceFiles.filter(
    (file) => scriptWrittenImport(posix.relative(STAGING_ROOT, file.getFilePath())) === undefined,
  );
  stagePackageStandIns(project, checked);
  checkDiagnostics(project, checked);
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
