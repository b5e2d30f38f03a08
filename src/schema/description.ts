// Descriptions as SDL: a block string above a definition, a quoted string above a one-line field.
import { printString } from './values.js';

// Characters a block string can hold without escapes: tab, newline and everything from space up.
// eslint-disable-next-line no-control-regex
const needsEscapes = /[\x00-\x08\x0b-\x1f\x7f]/;
const blankLine = /^[ \t]*$/;
const indented = /^[ \t]/;

/**
 * Whether `"""` + newline + text + newline + `"""` reads back as exactly `text`: GraphQL trims
 * blank first and last lines and the indentation common to all lines of a block string.
 */
function isLosslessAsBlock(text: string): boolean {
  if (needsEscapes.test(text)) return false;
  const lines = text.split('\n');
  if (blankLine.test(lines[0]) || blankLine.test(lines[lines.length - 1])) return false;
  if (lines.some((line) => line !== '' && blankLine.test(line))) return false;
  return lines.some((line) => line !== '' && !indented.test(line));
}

function printBlock(text: string, indentation: string): string {
  const escaped = text.replaceAll('"""', '\\"""');
  const body = indentation === '' ? escaped : escaped.replace(/\n(?!\n)/g, '\n' + indentation);
  return `${indentation}"""\n${indentation}${body}\n${indentation}"""\n`;
}

/** A definition's description: always a block above it, unless only a quoted string keeps the text. */
export function printDefinitionDescription(description: string | null): string {
  if (description === null) return '';
  if (isLosslessAsBlock(description)) return printBlock(description, '');
  return printString(description) + '\n';
}

/** A field's description: a quoted string on the line above, or a block when it spans lines. */
export function printFieldDescription(description: string | null, indentation: string): string {
  if (description === null) return '';
  if (description.includes('\n') && isLosslessAsBlock(description)) {
    return printBlock(description, indentation);
  }
  return indentation + printString(description) + '\n';
}
