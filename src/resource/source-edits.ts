// Edits of a user's file that keep their formatting: a new import line, one more entry in an array literal.
import { posix } from 'node:path';
import type { ArrayLiteralExpression, SourceFile } from 'ts-morph';
import { Node, SyntaxKind } from '../loader/ts-morph.js';

/**
 * `./articles/articles.module` from `src/app.module.ts` to `src/articles/articles.module.ts`. Not
 * ts-morph's getRelativePathAsModuleSpecifierTo: it builds a whole program first (over a second).
 */
export function moduleSpecifier(fromPath: string, toPath: string): string {
  const relative = posix.relative(posix.dirname(fromPath), toPath).replace(/\.ts$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** A new import line after the last one, in the file's quotes, semicolons and line endings. */
export function insertImportDeclaration(
  file: SourceFile,
  className: string,
  specifier: string,
): void {
  const text = file.getFullText();
  const last = file.getImportDeclarations().at(-1);
  const quote = last?.getModuleSpecifier().getText().startsWith('"') ? '"' : "'";
  const semicolon = !last || last.getText().trimEnd().endsWith(';') ? ';' : '';
  const line = `import { ${className} } from ${quote}${specifier}${quote}${semicolon}`;
  const eol = lineEnding(text);
  if (last) file.insertText(last.getEnd(), `${eol}${line}`);
  else file.insertText(0, `${line}${eol}${eol}`);
}

/** Adds `name` to the array unless it is there (as itself or as `name.forRoot(...)`). */
export function ensureListed(array: ArrayLiteralExpression, name: string, eol: string): void {
  const elements = array.getElements();
  const listed = elements.some((element) => {
    const base = Node.isCallExpression(element) ? element.getExpression() : element;
    const target = Node.isPropertyAccessExpression(base) ? base.getExpression() : base;
    return target.getText() === name;
  });
  if (listed) return;
  const last = elements.at(-1);
  if (!last) return insertIntoEmpty(array, name, eol);
  const trailingComma = array.compilerNode.elements.hasTrailingComma;
  const multiline = array
    .getText()
    .slice(0, last.getStart() - array.getStart())
    .includes('\n');
  if (!multiline) {
    const at = trailingComma ? commaAfter(last) : last.getEnd();
    array.getSourceFile().insertText(at, trailingComma ? ` ${name},` : `, ${name}`);
    return;
  }
  const file = array.getSourceFile();
  const text = file.getFullText();
  const lastEnd = last.getEnd();
  const indent = indentOf(text, last.getStart());
  // At the end of the last element's line, so that a comment after it stays with it.
  const after = trailingComma ? commaAfter(last) : lastEnd;
  const at = Math.min(endOfLine(text, after), array.getEnd() - 1);
  const inserted = `${eol}${indent}${name}${trailingComma ? ',' : ''}`;
  const comma = trailingComma ? '' : ',';
  file.replaceWithText(
    text.slice(0, lastEnd) + comma + text.slice(lastEnd, at) + inserted + text.slice(at),
  );
}

function insertIntoEmpty(array: ArrayLiteralExpression, name: string, eol: string): void {
  const file = array.getSourceFile();
  const open = array.getStart() + 1;
  if (!array.getText().includes('\n')) {
    file.replaceText([open, array.getEnd() - 1], name);
    return;
  }
  const indent = indentOf(file.getFullText(), array.getStart()) + '  ';
  file.insertText(open, `${eol}${indent}${name},`);
}

/** Position just after the comma that follows `element` in the array. */
function commaAfter(element: Node): number {
  return element.getNextSiblingIfKind(SyntaxKind.CommaToken)?.getEnd() ?? element.getEnd();
}

/** The position of the line ending (or the end of text) after `position`. */
function endOfLine(text: string, position: number): number {
  const newline = text.indexOf('\n', position);
  const end = newline === -1 ? text.length : newline;
  return text[end - 1] === '\r' ? end - 1 : end;
}

export function indentOf(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, position))?.[0] ?? '';
}

export function lineEnding(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}
