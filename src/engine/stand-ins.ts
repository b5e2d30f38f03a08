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
  'interface PackageExport { new (...args: any[]): any; (...args: any[]): any; [key: string]: any }';

function moduleStandIn(specifier: string, names: Set<string>): string {
  const exports = [...names].map((name) =>
    name === 'default'
      ? 'const standIn: PackageExport; export default standIn;'
      : `export type ${name}<A = any, B = any, C = any, D = any> = any; export const ${name}: PackageExport;`,
  );
  return `declare module '${specifier}' {\n  ${exports.join('\n  ')}\n}`;
}

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
    declaration.getNamedImports().forEach((named) => names.add(named.getName()));
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
