// ts-morph's values, loaded with require(): import the values from here, the types from 'ts-morph'.
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

/**
 * An ES `import` of ts-morph (a CommonJS package) makes Node scan its 1 MB file for export names
 * on every run, before any code runs: 70 to 120 ms of a `rest api` that must take under a second.
 * require() skips the scan. The types stay with ts-morph (`import type { SourceFile } from
 * 'ts-morph'`); the names that are both a value and a type are declared as both here.
 */
const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

export const {
  IndentationText,
  NewLineKind,
  QuoteKind,
  Scope,
  ScriptKind,
  StructureKind,
  SyntaxKind,
  VariableDeclarationKind,
} = tsMorph;

export const Project = tsMorph.Project;
export type Project = TsMorph.Project;

export const Node = tsMorph.Node;
export type Node<T extends TsMorph.ts.Node = TsMorph.ts.Node> = TsMorph.Node<T>;

export const ts = tsMorph.ts;
// The compiler types the generator names, beside the compiler's functions.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace ts {
  export type CompilerOptions = TsMorph.ts.CompilerOptions;
  export type Diagnostic = TsMorph.ts.Diagnostic;
}
