// The one de-duplicating import map of a staged file: ImportRefs merged by `from`, emitted once each.
import type { ImportDeclarationStructure, OptionalKind } from 'ts-morph';
import { isProjectPath, type ImportRef } from './generated-file.js';

interface MergedImport {
  from: string;
  named: Set<string>;
  types: Set<string>;
  defaultName?: string;
  namespace?: string;
}

/** A template asked for two different default or namespace names from one module. */
export class ImportConflictError extends Error {
  constructor(file: string, from: string, what: string, first: string, second: string) {
    super(`${file}: two ${what} imports from '${from}': ${first} and ${second}`);
    this.name = 'ImportConflictError';
  }
}

/** Merges a file's ImportRefs by module: packages first, then project files, each in first-use order. */
export function mergeImports(file: string, refs: ImportRef[]): MergedImport[] {
  const byModule = new Map<string, MergedImport>();
  for (const ref of refs) {
    const merged = byModule.get(ref.from) ?? { from: ref.from, named: new Set(), types: new Set() };
    byModule.set(ref.from, merged);
    for (const name of ref.named ?? []) merged.named.add(name);
    for (const name of ref.types ?? []) merged.types.add(name);
    merged.defaultName = single(file, ref.from, 'default', merged.defaultName, ref.default);
    merged.namespace = single(file, ref.from, 'namespace', merged.namespace, ref.namespace);
  }
  const all = [...byModule.values()];
  return [
    ...all.filter((i) => !isProjectPath(i.from)),
    ...all.filter((i) => isProjectPath(i.from)),
  ];
}

function single(
  file: string,
  from: string,
  what: string,
  current: string | undefined,
  next: string | undefined,
): string | undefined {
  if (current && next && current !== next) {
    throw new ImportConflictError(file, from, what, current, next);
  }
  return current ?? next;
}

/**
 * Import declarations for one merged module. A name imported both as a value and as a type is
 * imported once, as a value. A namespace import cannot share a declaration with named imports,
 * so it gets its own.
 */
export function importDeclarations(
  merged: MergedImport,
  moduleSpecifier: string,
): OptionalKind<ImportDeclarationStructure>[] {
  const typeOnly = [...merged.types].filter((name) => !merged.named.has(name));
  const declarations: OptionalKind<ImportDeclarationStructure>[] = [];
  if (merged.namespace) {
    declarations.push({ moduleSpecifier, namespaceImport: merged.namespace });
  }
  const namedImports = [
    ...[...merged.named].map((name) => ({ name })),
    ...typeOnly.map((name) => ({ name, isTypeOnly: true })),
  ];
  if (merged.named.size > 0 || merged.defaultName !== undefined) {
    declarations.push({
      moduleSpecifier,
      defaultImport: merged.defaultName,
      namedImports: namedImports.length > 0 ? namedImports : undefined,
    });
  } else if (typeOnly.length > 0) {
    declarations.push({ moduleSpecifier, isTypeOnly: true, namedImports: typeOnly });
  } else if (!merged.namespace) {
    // `import 'reflect-metadata'`: imported for its side effects.
    declarations.push({ moduleSpecifier });
  }
  return declarations;
}
