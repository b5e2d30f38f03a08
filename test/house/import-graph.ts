// The imports between restsmith's own modules, read from the syntax of every .ts under src/ and templates-ast/.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import of a module of ours: `from` and `to` are paths from the repository root. */
export interface ImportEdge {
  from: string;
  to: string;
  /** `import type`, `export type ... from` or `import('x').T`: gone after compilation, but still a tie. */
  typeOnly: boolean;
}

/** Every .ts file under the roots, as paths from the repository root. */
export function sourceFiles(repository: string, roots: string[]): string[] {
  return roots.flatMap((root) =>
    readdirSync(join(repository, root), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => relative(repository, join(entry.parentPath, entry.name)))
      .sort(),
  );
}

/** The module specifiers a file names: imports, export-from, import-equals, import() calls and types. */
export function moduleSpecifiers(text: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, false);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const add = (node: ts.Node | undefined, typeOnly: boolean) => {
    if (node && ts.isStringLiteralLike(node)) found.push({ specifier: node.text, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const namedTypes =
        clause?.namedBindings &&
        ts.isNamedImports(clause.namedBindings) &&
        !clause.name &&
        clause.namedBindings.elements.length > 0 &&
        clause.namedBindings.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier, Boolean(clause?.isTypeOnly || namedTypes));
    } else if (ts.isExportDeclaration(node)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (ts.isExternalModuleReference(node.moduleReference)) {
        add(node.moduleReference.expression, node.isTypeOnly);
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (`./names.js` -> `names.ts`), or undefined for a package. */
function resolveSpecifier(repository: string, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = resolve(repository, dirname(from), specifier);
  const candidates = [
    target.replace(/\.js$/, '.ts'),
    target,
    `${target}.ts`,
    join(target, 'index.ts'),
  ];
  const found = candidates.find((candidate) => existsSync(candidate) && candidate.endsWith('.ts'));
  return found && relative(repository, found);
}

/** Every import of one of our modules by another, under the roots. */
export function importEdges(repository: string, roots: string[]): ImportEdge[] {
  return sourceFiles(repository, roots).flatMap((from) =>
    moduleSpecifiers(readFileSync(join(repository, from), 'utf8')).flatMap(
      ({ specifier, typeOnly }) => {
        const to = resolveSpecifier(repository, from, specifier);
        return to ? [{ from, to, typeOnly }] : [];
      },
    ),
  );
}

/** The part a file belongs to: its folder under src/ (`src/engine`), or `templates-ast`. */
export function partOf(file: string): string {
  const [top, second] = file.split('/');
  return top === 'src' ? `src/${second}` : top;
}

/** The circles of a graph (Tarjan's strongly connected components of more than one file, or a self-import). */
export function circles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (next.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) connect(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}
