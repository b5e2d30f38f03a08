// The in-memory ts-morph Project every generated TypeScript file is staged in before checking and formatting.
import { posix } from 'node:path';
import type {
  CodeBlockWriter,
  Directory,
  ImportDeclarationStructure,
  OptionalKind,
  SourceFile,
  SourceFileStructure,
} from 'ts-morph';
import { IndentationText, Project, QuoteKind, StructureKind, ts } from '../loader/ts-morph.js';
import {
  isProjectPath,
  type GeneratedFile,
  type JsonFile,
  type TypeScriptFile,
} from './generated-file.js';
import { importDeclarations, mergeImports } from './imports.js';

/** Where the project root sits in the in-memory file system. */
export const STAGING_ROOT = '/project';

/**
 * The compiler options of a generated project when the files carry no tsconfig.json: those of
 * Nest 12's `ts` application template (CommonJS through NodeNext, decorators with metadata, strict).
 */
export const GENERATED_COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2023,
  strict: true,
  strictPropertyInitialization: false,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  isolatedModules: true,
  skipLibCheck: true,
};

export const stagedPath = (path: string): string => posix.join(STAGING_ROOT, path);

export function createStagingProject(files: GeneratedFile[] = []): Project {
  return new Project({
    useInMemoryFileSystem: true,
    compilerOptions: compilerOptionsOf(files),
    manipulationSettings: {
      quoteKind: QuoteKind.Single,
      indentationText: IndentationText.TwoSpaces,
      useTrailingCommas: true,
    },
  });
}

/**
 * The generated tsconfig.json's options when a template gives one. Emit is off and `types` is
 * dropped: the listed @types packages are not installed in memory.
 */
function compilerOptionsOf(files: GeneratedFile[]): ts.CompilerOptions {
  const tsconfig = files.find(
    (file): file is JsonFile => file.kind === 'json' && file.path === 'tsconfig.json',
  );
  const json = (tsconfig?.data as { compilerOptions?: Record<string, unknown> } | undefined)
    ?.compilerOptions;
  const options = json
    ? { ...ts.convertCompilerOptionsFromJson(json, STAGING_ROOT).options, types: [] }
    : GENERATED_COMPILER_OPTIONS;
  return {
    lib: [withoutDom(options)],
    ...options,
    noEmit: true,
    incremental: false,
    declaration: false,
  };
}

/**
 * The target's default library without the DOM: the DOM declarations take seconds to check and a
 * Nest server does not use them (what it uses of them, `console` or `URL`, @types/node declares and
 * the staging globals stand in for). An explicit `lib` in the tsconfig is kept.
 */
function withoutDom(options: ts.CompilerOptions): string {
  return ts.getDefaultLibFileName(options).replace('.full.d.ts', '.d.ts');
}

/**
 * Relative imports of a CommonJS project are extensionless (as in Nest's own template); an ES
 * module project (`"type": "module"` in the generated package.json) needs `.js`.
 */
export function isEsModuleProject(files: GeneratedFile[]): boolean {
  const manifest = files.find((file) => file.kind === 'json' && file.path === 'package.json');
  const data = (manifest as JsonFile | undefined)?.data as { type?: unknown } | undefined;
  return data?.type === 'module';
}

/**
 * Stages one TypeScript template: its imports, merged and resolved, then its statements, printed
 * and parsed once (inserting imports into a parsed file would parse it again).
 */
export function stageTypeScript(
  project: Project,
  file: TypeScriptFile,
  esModule: boolean,
): SourceFile {
  const structure = sourceFileStructure(project, file, esModule);
  return project.createSourceFile(stagedPath(file.path), structure, { overwrite: true });
}

/**
 * The text `stageTypeScript` would stage, printed by ts-morph's structure printer without parsing
 * it: parsing is most of the staging's time, and the syntax check (syntax-check.ts) does without a
 * tree. The printer is ts-morph's own (the one `createSourceFile` uses), reached through the
 * Project's context, which ts-morph does not export: where that is missing (another ts-morph
 * version), the file is staged and its text read back, the same text more slowly.
 * test/engine/syntax-check.test.ts compares both for every file of a generated project.
 */
export function printTypeScript(project: Project, file: TypeScriptFile, esModule: boolean): string {
  const structure = sourceFileStructure(project, file, esModule);
  const context = (project as unknown as { _context?: PrinterContext })._context;
  const printer = context?.structurePrinterFactory?.forSourceFile?.({ isAmbient: false });
  if (!context || !printer) {
    return project
      .createSourceFile(stagedPath(file.path), structure, { overwrite: true })
      .getFullText();
  }
  const writer = context.createWriter();
  printer.printText(writer, structure);
  return writer.toString();
}

/** The part of ts-morph's internal ProjectContext that printTypeScript uses. */
interface PrinterContext {
  createWriter(): CodeBlockWriter;
  structurePrinterFactory?: {
    forSourceFile?(options: { isAmbient: boolean }): {
      printText(writer: CodeBlockWriter, structure: SourceFileStructure): void;
    };
  };
}

/** A template's structure with its merged imports first and a blank line before the code. */
function sourceFileStructure(
  project: Project,
  file: TypeScriptFile,
  esModule: boolean,
): SourceFileStructure {
  const directory = specifierDirectory(project, posix.dirname(stagedPath(file.path)));
  const imports = mergeImports(file.path, file.imports).flatMap((merged) =>
    importDeclarations(merged, moduleSpecifier(directory, merged.from, esModule)),
  );
  const statements = file.structure.statements;
  const body =
    statements === undefined ? [] : Array.isArray(statements) ? statements : [statements];
  // A blank line between the imports and the code, as people write it (prettier keeps, never adds one).
  const separator =
    imports.length > 0 && body.length > 0 ? [(writer: CodeBlockWriter) => writer.blankLine()] : [];
  const withImports = [...imports.map(asStatement), ...separator, ...body];
  return { ...file.structure, kind: StructureKind.SourceFile, statements: withImports };
}

const asStatement = (
  declaration: OptionalKind<ImportDeclarationStructure>,
): ImportDeclarationStructure => ({ ...declaration, kind: StructureKind.ImportDeclaration });

/**
 * `getRelativePathAsModuleSpecifierTo` asks the program for the module resolution kind, and adding a
 * file discards the program: asked of the staging Project between additions, it would build the whole
 * program once per file. So specifiers come from a twin Project that holds folders only.
 */
const specifierProjects = new WeakMap<Project, Project>();

function specifierDirectory(project: Project, folder: string): Directory {
  let twin = specifierProjects.get(project);
  if (!twin) {
    twin = new Project({
      useInMemoryFileSystem: true,
      compilerOptions: project.getCompilerOptions(),
    });
    specifierProjects.set(project, twin);
  }
  return twin.getDirectory(folder) ?? twin.createDirectory(folder);
}

function moduleSpecifier(directory: Directory, from: string, esModule: boolean): string {
  if (!isProjectPath(from)) return from;
  const relative = directory.getRelativePathAsModuleSpecifierTo(stagedPath(from));
  return esModule ? `${relative}.js` : relative;
}

/** JSON files are staged too, so that module resolution sees the generated package.json. */
export function stageJson(project: Project, file: JsonFile, text: string): void {
  project.getFileSystem().writeFileSync(stagedPath(file.path), text);
}
