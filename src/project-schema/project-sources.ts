// Reads a generated project's classes with ts-morph: persistence classes (Mongoose @Schema, TypeORM @Entity) and DTOs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ClassDeclaration, PropertyDeclaration } from 'ts-morph';
import { Project } from '../loader/ts-morph.js';
import { UserError } from '../model/user-error.js';

/** A property as written in the source: enough to map it to a GraphQL field. */
export interface PropertyShape {
  name: string;
  /** The declared type as written (`string[]`, `Types.ObjectId`, `number | null`); '' when none is written. */
  typeText: string;
  /** `views?: number` */
  optional: boolean;
  /** Decorator name -> its arguments as written, e.g. `Column` -> [`{ type: 'int', nullable: true }`]. */
  decorators: ReadonlyMap<string, readonly string[]>;
}

export interface ClassShape {
  name: string;
  /** Path relative to the project root, for messages. */
  file: string;
  properties: PropertyShape[];
  /** The `extends` clause as written (`PartialType(CreateArticleDto)`), if any. */
  extendsText?: string;
}

/** Decorators that make a class a stored model: Mongoose's and TypeORM's. */
const PERSISTENCE_DECORATORS = new Set(['Schema', 'Entity']);

export class ProjectSources {
  readonly #project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { noLib: true },
  });
  /** Source text by path; a file is parsed only when it may declare a class asked for. */
  readonly #unparsed = new Map<string, string>();
  readonly #root: string;

  /**
   * Reads every `.ts` file under `<root>/<sourceDir>` except unit specs: sources only, nothing
   * installed. `staged` (paths from the root) are files about to be written: they stand for the
   * files on disk, which need not exist then (`rest new`).
   */
  constructor(root: string, sourceDir: string, staged?: ReadonlyMap<string, string>) {
    this.#root = root;
    const folder = join(root, sourceDir);
    // Listed by hand: ts-morph's globs skip the files of the current folder when given absolute paths.
    const onDisk = staged && !existsSync(folder) ? [] : sourceFiles(folder);
    for (const file of onDisk) {
      this.#unparsed.set(file, readFileSync(file, 'utf8'));
    }
    for (const [path, text] of staged ?? []) {
      if (isSource(path)) this.#unparsed.set(join(root, path), text);
    }
  }

  /** Every class named `name`, parsing the files whose text declares it (most files never are). */
  #classes(name: string): ClassDeclaration[] {
    const declares = new RegExp(`\\bclass\\s+${name}\\b`);
    for (const [file, text] of this.#unparsed) {
      if (!declares.test(text)) continue;
      this.#project.createSourceFile(file, text, { overwrite: true });
      this.#unparsed.delete(file);
    }
    return this.#project
      .getSourceFiles()
      .flatMap((file) => file.getClasses())
      .filter((declaration) => declaration.getName() === name);
  }

  /** The class named `name` decorated with @Schema or @Entity. */
  persistenceClass(name: string): ClassShape | undefined {
    const found = this.#classes(name).find((declaration) =>
      declaration.getDecorators().some((d) => PERSISTENCE_DECORATORS.has(d.getName())),
    );
    return found && this.#shape(found);
  }

  /** Any class named `name` (DTOs carry no marker of their own). */
  plainClass(name: string): ClassShape | undefined {
    const found = this.#classes(name)[0];
    return found && this.#shape(found);
  }

  #shape(declaration: ClassDeclaration): ClassShape {
    const file = relative(this.#root, declaration.getSourceFile().getFilePath());
    const extendsText = declaration.getExtends()?.getText();
    return {
      name: declaration.getName() ?? '',
      file,
      properties: declaration
        .getProperties()
        .filter((property) => !property.isStatic())
        .map(propertyShape),
      ...(extendsText ? { extendsText } : {}),
    };
  }
}

function propertyShape(property: PropertyDeclaration): PropertyShape {
  const decorators = new Map<string, string[]>();
  for (const decorator of property.getDecorators()) {
    decorators.set(
      decorator.getName(),
      decorator.getArguments().map((argument) => argument.getText()),
    );
  }
  return {
    name: property.getName(),
    typeText: property.getTypeNode()?.getText() ?? '',
    optional: property.hasQuestionToken(),
    decorators,
  };
}

/** The `.ts` files under `folder`, without unit specs, declarations and node_modules. */
function sourceFiles(folder: string): string[] {
  if (!existsSync(folder)) {
    throw new UserError(
      `the project's sources are not where restsmith.json says: ${folder} does not exist`,
      {
        hint: 'Set "sourceDir" in restsmith.json to the folder that holds app.module.ts.',
      },
    );
  }
  const entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  return entries.filter(isSource).map((entry) => join(folder, entry));
}

/** A `.ts` file that is not a unit spec, a declaration or inside node_modules. */
function isSource(path: string): boolean {
  return (
    /\.ts$/.test(path) &&
    !/\.(spec|d)\.ts$/.test(path) &&
    !path.split(/[\\/]/).includes('node_modules')
  );
}
