// Small builders for the ts-morph structures every TypeScript template returns.
import type {
  ClassDeclarationStructure,
  DecoratorStructure,
  FunctionDeclarationStructure,
  InterfaceDeclarationStructure,
  MethodDeclarationStructure,
  OptionalKind,
  ParameterDeclarationStructure,
  PropertyDeclarationStructure,
  StatementStructures,
  TypeAliasDeclarationStructure,
  VariableStatementStructure,
  WriterFunction,
} from 'ts-morph';
import { Scope, StructureKind, VariableDeclarationKind } from '../../src/loader/ts-morph.js';
import type { ImportRef, TypeScriptFile } from '../../src/engine/generated-file.js';

export type Statement = string | WriterFunction | StatementStructures;

/** A body or initializer written line by line; prettier lays it out afterwards. */
export const code =
  (...lines: string[]): WriterFunction =>
  (writer) => {
    writer.write(lines.join('\n'));
  };

export const tsFile = (
  path: string,
  imports: ImportRef[],
  statements: Statement[],
): TypeScriptFile => ({
  kind: 'typescript',
  path,
  imports,
  structure: { statements },
});

export const decorator = (
  name: string,
  ...args: (string | WriterFunction)[]
): OptionalKind<DecoratorStructure> => ({ name, arguments: args });

/** Doc lines given as an array make one JSDoc comment, not one comment per line. */
function oneDoc<T extends { docs?: unknown[] }>(structure: T): T {
  const lines = structure.docs;
  if (!lines || lines.length < 2 || !lines.every((line) => typeof line === 'string'))
    return structure;
  return { ...structure, docs: [lines.join('\n')] };
}

export const classOf = (
  structure: Omit<ClassDeclarationStructure, 'kind'>,
): ClassDeclarationStructure => ({
  kind: StructureKind.Class,
  isExported: true,
  ...oneDoc(structure),
  methods: structure.methods?.map(oneDoc),
  properties: structure.properties?.map(oneDoc),
});

export const functionOf = (
  structure: Omit<FunctionDeclarationStructure, 'kind'>,
): FunctionDeclarationStructure => ({
  kind: StructureKind.Function,
  isExported: true,
  ...oneDoc(structure),
});

export const interfaceOf = (
  structure: Omit<InterfaceDeclarationStructure, 'kind'>,
): InterfaceDeclarationStructure => ({
  kind: StructureKind.Interface,
  isExported: true,
  ...oneDoc(structure),
  properties: structure.properties?.map(oneDoc),
});

export const typeAlias = (
  name: string,
  type: string,
  isExported = true,
): TypeAliasDeclarationStructure => ({
  kind: StructureKind.TypeAlias,
  name,
  type,
  isExported,
});

export const constant = (
  name: string,
  initializer: string | WriterFunction,
  options: { type?: string; isExported?: boolean; docs?: string[] } = {},
): VariableStatementStructure => ({
  kind: StructureKind.VariableStatement,
  isExported: options.isExported ?? true,
  declarationKind: VariableDeclarationKind.Const,
  docs: options.docs && options.docs.length > 1 ? [options.docs.join('\n')] : options.docs,
  declarations: [{ name, initializer, type: options.type }],
});

export const method = (
  structure: OptionalKind<MethodDeclarationStructure>,
): OptionalKind<MethodDeclarationStructure> => structure;

export const property = (
  name: string,
  type: string,
  decorators: OptionalKind<DecoratorStructure>[] = [],
  extra: Partial<OptionalKind<PropertyDeclarationStructure>> = {},
): OptionalKind<PropertyDeclarationStructure> => ({ name, type, decorators, ...extra });

/** A property of a view class (what clients see), with the schema the OpenAPI document gives it. */
export const viewProperty = (
  name: string,
  schema: string,
  type = 'string',
): OptionalKind<PropertyDeclarationStructure> =>
  property(name, type, [decorator('ApiProperty', schema)], { hasExclamationToken: true });

export const param = (
  name: string,
  type: string,
  decorators: OptionalKind<DecoratorStructure>[] = [],
): OptionalKind<ParameterDeclarationStructure> => ({ name, type, decorators });

/** A constructor parameter that Nest injects: `private readonly users: UsersService`. */
export const injected = (
  name: string,
  type: string,
  decorators: OptionalKind<DecoratorStructure>[] = [],
): OptionalKind<ParameterDeclarationStructure> => ({
  name,
  type,
  decorators,
  scope: Scope.Private,
  isReadonly: true,
});

/** A block of statements given as one piece of text (test bodies); prettier lays it out afterwards. */
export const block =
  (text: string): WriterFunction =>
  (writer) => {
    writer.write(text.trim());
  };
