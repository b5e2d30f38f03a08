// Which diagnostics of the staged project only say that the generated project's packages are not installed.
import { posix } from 'node:path';
import type { ClassDeclaration, Project } from 'ts-morph';
import { Node, ts } from '../loader/ts-morph.js';
import { STAGING_ROOT } from './staging.js';
import { isPackageSpecifier } from './stand-ins.js';

/**
 * Package imports resolve to stand-ins (stand-ins.ts), so these are ignored only where they concern
 * a package, never a project file:
 * - TS2307 "Cannot find module", TS2792 (its variant for other resolution modes), TS2580/TS2591
 *   (Node's built-in modules): at a package specifier the stand-ins do not cover, such as a dynamic
 *   `import('pkg')`. Relative specifiers are resolved, so a missing project file is an error.
 * - TS4112/TS4113 (`override` of a member the base class does not declare) in a class that extends,
 *   directly or through project classes, a class imported from a package (`AllExceptionsFilter
 *   extends BaseExceptionFilter`): a stand-in base class declares no members.
 */
export const MISSING_MODULE_CODES = [2307, 2792, 2580, 2591];
/**
 * TS2347 "Untyped function calls may not accept type arguments" is ignored everywhere:
 * `NestFactory.create<NestExpressApplication>()` or `reflector.get<Role[]>()` call members of a stand-in,
 * which are `any`; strict generated code has no other untyped functions to call with type arguments.
 */
export const IGNORED_CODES = [2347];
export const UNKNOWN_BASE_CLASS_CODES = [4112, 4113];

/**
 * Project files that the project's own scripts write, not restsmith, by the root folder whose files
 * import them: `client/schema.d.ts` comes from `npm run client` (openapi-typescript, from the app's
 * document). The folder's imports of it are like a package's here, and the script type-checks the
 * folder against the real types.
 */
const WRITTEN_BY_SCRIPTS: ReadonlyMap<string, string> = new Map([['client', './schema']]);

/** `client/index.ts` -> `./schema`: what the file imports that a project script writes, if any. */
export function scriptWrittenImport(projectPath: string): string | undefined {
  const [folder, file, ...deeper] = projectPath.split('/');
  return file !== undefined && deeper.length === 0 ? WRITTEN_BY_SCRIPTS.get(folder!) : undefined;
}

export function isOnlyAMissingPackage(project: Project, diagnostic: ts.Diagnostic): boolean {
  if (IGNORED_CODES.includes(diagnostic.code)) return true;
  if (!diagnostic.file || diagnostic.start === undefined) return false;
  if (MISSING_MODULE_CODES.includes(diagnostic.code)) {
    const quoted = diagnostic.file.text.slice(
      diagnostic.start,
      diagnostic.start + (diagnostic.length ?? 0),
    );
    const specifier = quoted.replace(/^['"]|['"]$/g, '');
    const path = posix.relative(STAGING_ROOT, diagnostic.file.fileName);
    return isPackageSpecifier(specifier) || scriptWrittenImport(path) === specifier;
  }
  if (!UNKNOWN_BASE_CLASS_CODES.includes(diagnostic.code)) return false;
  const node = project
    .getSourceFile(diagnostic.file.fileName)
    ?.getDescendantAtPos(diagnostic.start);
  const classDeclaration = node?.getFirstAncestorByKind(ts.SyntaxKind.ClassDeclaration);
  return classDeclaration !== undefined && extendsPackageClass(classDeclaration);
}

function extendsPackageClass(classDeclaration: ClassDeclaration, depth = 0): boolean {
  const base = classDeclaration.getExtends()?.getExpression();
  if (!base || depth > 10) return false;
  const symbol = rootName(base).getSymbol();
  const declaration = symbol?.getDeclarations()[0];
  const imported = declaration?.getFirstAncestorByKind(ts.SyntaxKind.ImportDeclaration);
  if (imported && isPackageSpecifier(imported.getModuleSpecifierValue())) return true;
  const local = imported ? symbol?.getAliasedSymbol()?.getDeclarations()[0] : declaration;
  return Node.isClassDeclaration(local) && extendsPackageClass(local, depth + 1);
}

/** `Base`, `ns.Base` -> `ns`, `PartialType(CreateUserDto)` -> `PartialType`. */
function rootName(expression: Node): Node {
  if (Node.isCallExpression(expression)) return rootName(expression.getExpression());
  if (Node.isPropertyAccessExpression(expression)) return rootName(expression.getExpression());
  return expression;
}
