// Wires a feature module into the user's AppModule: one import line and one `imports` entry, nothing else touched.
import { posix } from 'node:path';
import type {
  ArrayLiteralExpression,
  ImportDeclaration,
  ObjectLiteralExpression,
  SourceFile,
} from 'ts-morph';
import { NewLineKind, Node, Project } from '../loader/ts-morph.js';
import { UserError } from '../model/user-error.js';
import {
  ensureListed,
  indentOf,
  insertImportDeclaration,
  lineEnding,
  moduleSpecifier,
} from './source-edits.js';

export type AppModuleProblem = 'missing' | 'no-module' | 'imports-not-array' | 'name-taken';

/** The AppModule is not the shape we can edit safely; nothing was written. */
export class AppModuleError extends UserError {
  constructor(
    readonly problem: AppModuleProblem,
    message: string,
    hint: string,
  ) {
    super(message, { hint });
    this.name = 'AppModuleError';
  }
}

export interface ModuleToAdd {
  /** Class name, e.g. `ArticlesModule`. */
  className: string;
  /** Project path of the module file, e.g. `src/articles/articles.module.ts`. */
  path: string;
}

/** A resource's feature module, as rest api adds it to the AppModule: `ArticlesModule` in `src/articles/articles.module.ts`. */
export function resourceModule(
  sourceDir: string,
  resource: { names: { pluralKebab: string; pluralPascal: string } },
): ModuleToAdd {
  const folder = resource.names.pluralKebab;
  return {
    className: `${resource.names.pluralPascal}Module`,
    path: posix.join(sourceDir, folder, `${folder}.module.ts`),
  };
}

/**
 * The AppModule text with `module` imported and listed in `@Module({ imports })`; the same text when
 * it is there already, so a second run is byte-identical.
 * @example addModuleToAppModule(text, 'src/app.module.ts', { className: 'ArticlesModule', path: 'src/articles/articles.module.ts' })
 */
export function addModuleToAppModule(
  text: string | undefined,
  appModulePath: string,
  module: ModuleToAdd,
): string {
  if (text === undefined) {
    throw new AppModuleError(
      'missing',
      `There is no AppModule at ${appModulePath}.`,
      'restsmith.json names the source folder; restore src/app.module.ts there or fix "sourceDir".',
    );
  }
  const newLineKind =
    lineEnding(text) === '\r\n' ? NewLineKind.CarriageReturnLineFeed : NewLineKind.LineFeed;
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { newLineKind },
  });
  const file = project.createSourceFile(`/${appModulePath}`, text);
  // Check the array before adding the import line, so that a refusal comes before any edit.
  importsArray(file, appModulePath);
  const specifier = moduleSpecifier(appModulePath, module.path);
  const localName = ensureImport(file, module.className, specifier);
  // Find the array again: the import line above it has moved it.
  ensureListed(importsArray(file, appModulePath), localName, lineEnding(text));
  return file.getFullText();
}

function moduleObject(file: SourceFile, appModulePath: string): ObjectLiteralExpression {
  const decoratorName = localNameOf(file, '@nestjs/common', 'Module');
  const decorator = file
    .getClasses()
    .map((declaration) => declaration.getDecorator(decoratorName))
    .find((found) => found !== undefined);
  const argument = decorator?.getArguments()[0];
  if (!decorator || !argument || !Node.isObjectLiteralExpression(argument)) {
    throw new AppModuleError(
      'no-module',
      `${appModulePath} has no class decorated with @Module({ ... }).`,
      'restsmith edits the AppModule that `rest new` wrote: a class with @Module({ imports: [...] }).',
    );
  }
  return argument;
}

/** `Module`, or `NestModule` after `import { Module as NestModule } from '@nestjs/common'`. */
function localNameOf(file: SourceFile, specifier: string, name: string): string {
  const named = file
    .getImportDeclaration(specifier)
    ?.getNamedImports()
    .find((found) => found.getName() === name);
  return named?.getAliasNode()?.getText() ?? name;
}

function importsArray(file: SourceFile, appModulePath: string): ArrayLiteralExpression {
  let object = moduleObject(file, appModulePath);
  if (!object.getProperty('imports')) {
    addImportsProperty(object, lineEnding(file.getFullText()));
    object = moduleObject(file, appModulePath);
  }
  const property = object.getPropertyOrThrow('imports');
  const value = Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
  if (!value || !Node.isArrayLiteralExpression(value)) {
    throw new AppModuleError(
      'imports-not-array',
      `The @Module imports in ${appModulePath} are not an array literal (imports: [...]).`,
      'Write them as imports: [...] (spread your own list inside if you need one), then run again.',
    );
  }
  return value;
}

/** The local name the module has in the file, importing it when needed. */
function ensureImport(file: SourceFile, className: string, specifier: string): string {
  const same = file
    .getImportDeclarations()
    .find((declaration) => sameModule(declaration.getModuleSpecifierValue(), specifier));
  const existing = same?.getNamedImports().find((named) => named.getName() === className);
  if (existing) return existing.getAliasNode()?.getText() ?? className;
  const clash = file
    .getImportDeclarations()
    .find((declaration) => declares(declaration, className));
  if (clash) {
    throw new AppModuleError(
      'name-taken',
      `The AppModule already imports a different ${className} from '${clash.getModuleSpecifierValue()}'.`,
      'Choose another resource name, or rename that import.',
    );
  }
  if (same && !same.getNamespaceImport() && !same.isTypeOnly()) {
    same.addNamedImport(className);
    return className;
  }
  insertImportDeclaration(file, className, specifier);
  return className;
}

function declares(declaration: ImportDeclaration, localName: string): boolean {
  const locals = [
    declaration.getDefaultImport()?.getText(),
    declaration.getNamespaceImport()?.getText(),
    ...declaration
      .getNamedImports()
      .map((named) => named.getAliasNode()?.getText() ?? named.getName()),
  ];
  return locals.includes(localName);
}

/** `./articles/articles.module` and `./articles/articles.module.js` name the same file. */
function sameModule(a: string, b: string): boolean {
  const strip = (specifier: string) => posix.normalize(specifier.replace(/\.(js|ts)$/, ''));
  return strip(a) === strip(b);
}

function addImportsProperty(object: ObjectLiteralExpression, eol: string): void {
  const file = object.getSourceFile();
  const first = object.getProperties()[0];
  if (!first) {
    file.replaceText([object.getStart() + 1, object.getEnd() - 1], ' imports: [] ');
    return;
  }
  const text = file.getFullText();
  const multiline = text.slice(object.getStart(), first.getStart()).includes('\n');
  const separator = multiline ? `${eol}${indentOf(text, first.getStart())}` : ' ';
  file.insertText(first.getStart(), `imports: [],${separator}`);
}
