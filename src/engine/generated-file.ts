// What a template produces: a file of the generated project, before staging and formatting.
import type { OptionalKind, SourceFileStructure } from 'ts-morph';

/**
 * An import a TypeScript template needs. `from` is a package name (`@nestjs/common`) or a path
 * inside the project from its root (`src/users/users.service.ts`); the engine de-duplicates imports
 * per file and turns project paths into relative specifiers with `getRelativePathAsModuleSpecifierTo`.
 */
export interface ImportRef {
  from: string;
  named?: string[];
  /** Named imports used only as types (`import { type X }` / `import type { X }`). */
  types?: string[];
  default?: string;
  namespace?: string;
}

export interface TypeScriptFile {
  kind: 'typescript';
  /** Path from the project root, e.g. `src/users/users.controller.ts`. */
  path: string;
  imports: ImportRef[];
  /** The file's statements without imports. */
  structure: OptionalKind<SourceFileStructure>;
}

export interface JsonFile {
  kind: 'json';
  path: string;
  data: unknown;
}

export interface TextFile {
  kind: 'text';
  path: string;
  text: string;
  /** Format with prettier too (a `.md` or `.mjs` file the project's own lint checks); off: written as is. */
  format?: boolean;
}

export type GeneratedFile = TypeScriptFile | JsonFile | TextFile;

/** Project-root paths of project files are written with this prefix-free form: `src/...`. */
export const isProjectPath = (from: string): boolean => /^(src|test)\//.test(from);
