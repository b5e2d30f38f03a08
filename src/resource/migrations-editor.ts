// Lists a resource's migration in the project's src/database/migrations.ts: one import line and one array entry.
import { NewLineKind, Node, Project } from '../loader/ts-morph.js';
import { UserError } from '../model/user-error.js';
import {
  ensureListed,
  insertImportDeclaration,
  lineEnding,
  moduleSpecifier,
} from './source-edits.js';

export interface MigrationToAdd {
  /** `CreateArticles1763890000000` */
  className: string;
  /** Project path of the migration file. */
  path: string;
}

/**
 * The list's text with `migration` imported and appended to `MIGRATIONS`; the same text when it is
 * there already, so a second run is byte-identical.
 * @example addMigrationToList(text, 'src/database/migrations.ts', { className: 'CreateArticles1763890000000', path: 'src/database/migrations/1763890000000-create-articles.ts' })
 */
export function addMigrationToList(
  text: string | undefined,
  listPath: string,
  migration: MigrationToAdd,
): string {
  if (text === undefined) {
    throw new UserError(`There is no list of migrations at ${listPath}.`, {
      hint: 'Projects made by `rest new` have one: restore it as `export const MIGRATIONS = [...]`, listing the files in src/database/migrations/.',
    });
  }
  const newLineKind =
    lineEnding(text) === '\r\n' ? NewLineKind.CarriageReturnLineFeed : NewLineKind.LineFeed;
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { newLineKind },
  });
  const file = project.createSourceFile(`/${listPath}`, text);
  const list = () => {
    const initializer = file.getVariableDeclaration('MIGRATIONS')?.getInitializer();
    if (!initializer || !Node.isArrayLiteralExpression(initializer)) {
      throw new UserError(`${listPath} has no \`export const MIGRATIONS = [...]\` array.`, {
        hint: 'Write the list as an array literal of migration classes, then run again.',
      });
    }
    return initializer;
  };
  const listed = list()
    .getElements()
    .some((element) => element.getText() === migration.className);
  if (listed) return text;
  insertImportDeclaration(file, migration.className, moduleSpecifier(listPath, migration.path));
  // Find the array again: the import line above it has moved it.
  ensureListed(list(), migration.className, lineEnding(text));
  return file.getFullText();
}
