// Stand-ins, for the staging check only, of what the generated project's node_modules would declare.
import type { Project, SourceFile } from 'ts-morph';
import { Node } from '../loader/ts-morph.js';

const GLOBALS_PATH = '/__staging__/globals.d.ts';
const PACKAGES_PATH = '/__staging__/packages.d.ts';

const NODE_GLOBALS = [
  'process',
  'require',
  'module',
  'exports',
  'global',
  // In @types/node, and in the DOM library the staging Project leaves out for speed.
  'console',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'URL',
  'URLSearchParams',
  'fetch',
  'TextEncoder',
  'TextDecoder',
  'AbortController',
  'AbortSignal',
  'structuredClone',
  'performance',
];
const JEST_GLOBALS = [
  'describe',
  'it',
  'test',
  'expect',
  'jest',
  'beforeAll',
  'beforeEach',
  'afterAll',
  'afterEach',
];

/**
 * The globals of @types/node and @types/jest, declared as `any`: a use of them checks, and cannot be
 * checked further. Never written.
 */
const DECLARATIONS = `
${[...NODE_GLOBALS, ...JEST_GLOBALS].map((name) => `declare var ${name}: any;`).join('\n')}
declare var __dirname: string;
declare var __filename: string;
declare var Buffer: any;
type Buffer = any;
declare var Response: any;
type Response = any;
declare namespace NodeJS {
  type ProcessEnv = Record<string, string | undefined>;
  type Timeout = any;
  type Signals = string;
  type ErrnoException = Error & { code?: string; errno?: number; path?: string };
}
`;

export function stageGlobals(project: Project): void {
  project.createSourceFile(GLOBALS_PATH, DECLARATIONS, { overwrite: true });
}

/**
 * Every export the staged files import from a package (`@nestjs/common`, `node:crypto`), declared
 * as something that can be called, constructed, extended, narrowed with `instanceof`, indexed and
 * used as a (generic) type, all as `any`. So the package's absence causes no error, while a name
 * the generated code uses without importing it, or a broken relative import, still does.
 */
export function stagePackageStandIns(project: Project, sourceFiles: SourceFile[]): void {
  const packages = new Map<string, Set<string>>();
  for (const sourceFile of sourceFiles) {
    for (const [specifier, names] of importedFromPackages(sourceFile)) {
      const known = packages.get(specifier) ?? new Set<string>();
      names.forEach((name) => known.add(name));
      packages.set(specifier, known);
    }
  }
  const modules = [...packages].map(([specifier, names]) => moduleStandIn(specifier, names));
  project.createSourceFile(PACKAGES_PATH, [PACKAGE_EXPORT, ...modules].join('\n'), {
    overwrite: true,
  });
}

const PACKAGE_EXPORT =
  'interface PackageExport { new <A = any, B = any, C = any, D = any>(...args: any[]): any; <A = any, B = any, C = any, D = any>(...args: any[]): any; [key: string]: any }';

const ANY_TYPE = '<A = any, B = any, C = any, D = any> = any;';

function moduleStandIn(specifier: string, names: Set<string>): string {
  const qualified = new Map<string, string[]>();
  for (const name of names) {
    const [left = '', right] = name.split('.');
    if (right !== undefined) qualified.set(left, [...(qualified.get(left) ?? []), right]);
  }
  const exports = [...names]
    .filter((name) => !name.includes('.'))
    .map((name) =>
      name === 'default'
        ? `const standIn: PackageExport; type standIn${ANY_TYPE} export default standIn;`
        : `export type ${name}${ANY_TYPE} export const ${name}: PackageExport;${namespaceOf(name, qualified.get(name))}`,
    );
  return `declare module '${specifier}' {\n  ${exports.join('\n  ')}\n}`;
}

/** `Types.ObjectId` read as a type: a namespace of types beside the export's value. */
const namespaceOf = (name: string, types: string[] = []): string =>
  types.length === 0
    ? ''
    : ` export namespace ${name} { ${[...new Set(types)].map((type) => `export type ${type}${ANY_TYPE}`).join(' ')} }`;

export const isPackageSpecifier = (specifier: string): boolean =>
  specifier !== '' && !specifier.startsWith('.') && !specifier.startsWith('/');

/** Names imported from each package; for `import * as ns`, the names read as `ns.name`. */
function importedFromPackages(sourceFile: SourceFile): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const declaration of sourceFile.getImportDeclarations()) {
    const specifier = declaration.getModuleSpecifierValue();
    if (!isPackageSpecifier(specifier)) continue;
    const names = found.get(specifier) ?? new Set<string>();
    found.set(specifier, names);
    if (declaration.getDefaultImport()) names.add('default');
    for (const named of declaration.getNamedImports()) {
      names.add(named.getName());
      typesReadFrom(sourceFile, named.getName()).forEach((type) =>
        names.add(`${named.getName()}.${type}`),
      );
    }
    const namespace = declaration.getNamespaceImport()?.getText();
    if (namespace) namesReadFrom(sourceFile, namespace).forEach((name) => names.add(name));
  }
  return found;
}

function namesReadFrom(sourceFile: SourceFile, namespace: string): string[] {
  const names: string[] = [];
  sourceFile.forEachDescendant((node) => {
    if (Node.isPropertyAccessExpression(node) && node.getExpression().getText() === namespace) {
      names.push(node.getName());
    } else if (Node.isQualifiedName(node) && node.getLeft().getText() === namespace) {
      names.push(node.getRight().getText());
    }
  });
  return names;
}

/** `ObjectId` of `Types.ObjectId` in a type: the types a named import is read as a namespace for. */
function typesReadFrom(sourceFile: SourceFile, name: string): string[] {
  const types: string[] = [];
  sourceFile.forEachDescendant((node) => {
    if (Node.isQualifiedName(node) && node.getLeft().getText() === name) {
      types.push(node.getRight().getText());
    }
  });
  return types;
}
