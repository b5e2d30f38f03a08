// Takes out of a file's text what differs from one `rest new` to the next (the project's name, the migration's timestamp), so the format cache serves any project name.
import type { ts as Ts } from 'ts-morph';
import { ts } from '../loader/ts-morph.js';
import type { FormatJob, Hole } from './format-job.js';
import { fillHoles } from './format.js';

/**
 * Values a hole can hold: npm package names and timestamps. None of these characters ends or escapes
 * a string, so a value found inside a literal's span lies inside its content.
 */
const HOLE_VALUE = /^[A-Za-z0-9@/._~-]+$/;

/**
 * `job` with each of `values` replaced, where prettier's output cannot depend on it, by a placeholder
 * of the same length and the same kinds of characters (letters for letters, digits for digits, the
 * rest kept): prettier lays out both texts alike, so the formatted placeholder text, with the values
 * put back, is the formatted text. That holds where a value appears only inside string literals (a
 * name) or, for digits, inside identifiers and strings (a timestamp in `CreateUsers1795516065412`): a
 * value anywhere else (a keyword, a whole identifier, a comment) leaves the file as it is, keyed by its
 * own text. Only TypeScript and JSON are read; the path's values are replaced too (its extension
 * picks the parser). test/engine/format-holes.test.ts compares the results with prettier's.
 */
export function withHoles(job: FormatJob, values: readonly string[]): FormatJob {
  const fileKind = kindOf(job.path);
  // Each value's role is its place in `values` (a value given twice keeps its first), and the longest
  // is taken out first: a scoped name (`@acme/api`) holds its last segment (`api`).
  const candidates = values
    .map((value, role) => ({ value, role }))
    .filter(({ value, role }) => values.indexOf(value) === role)
    .filter(({ value }) => value.length > 0 && HOLE_VALUE.test(value))
    .sort((a, b) => b.value.length - a.value.length);
  if (candidates.length === 0) return job;
  let spans: Spans | undefined;
  let text = job.text;
  let path = job.path;
  const holes: Hole[] = [];
  for (const { value, role } of candidates) {
    // In what is left: a last segment may only have appeared inside the whole scoped name.
    const digits = /^\d+$/.test(value);
    const inText = text.includes(value);
    // A path picks prettier's parser by its name (`.prettierrc`): only a timestamp is taken out of it.
    const inPath = path.includes(value);
    if (inPath && !digits) continue;
    if (!inText && !inPath) continue;
    if (inText) {
      if (!fileKind) continue;
      spans ??= literalSpans(job.text, job.path, fileKind);
      if (!occursOnlyIn(job.text, value, digits ? spans.all : spans.strings)) continue;
    }
    const placeholder = placeholderFor(value, role);
    if (text.includes(placeholder) || path.includes(placeholder)) continue;
    text = text.replaceAll(value, placeholder);
    path = path.replaceAll(value, placeholder);
    holes.push({ placeholder, value, marker: `\u0000${role}\u0000` });
  }
  if (holes.length === 0) return job;
  // The placeholders must give back exactly the original text and path (no value overlapping another).
  if (fillHoles(text, holes) !== job.text || fillHoles(path, holes) !== job.path) return job;
  return { ...job, text, path, holes };
}

/**
 * `value`'s letters and digits replaced: `my-api-2` -> `qz-qzq-7`. The letters differ for each hole, so
 * that two holes never share a placeholder (format.ts checks the filled text anyway).
 */
export function placeholderFor(value: string, role: number): string {
  const letters = ['qz', 'jx', 'qj', 'zx'][role % 4]!;
  let position = 0;
  return value.replace(/[a-z]|[A-Z]|[0-9]/g, (char) => {
    position += 1;
    // A leading zero stays: prettier unquotes a key like `12` but not `012`.
    if (/[0-9]/.test(char)) return char === '0' && position === 1 ? '0' : '7';
    const letter = letters[position % 2]!;
    return char === char.toLowerCase() ? letter : letter.toUpperCase();
  });
}

type FileKind = Ts.ScriptKind.TS | Ts.ScriptKind.JSON;

function kindOf(path: string): FileKind | undefined {
  if (/\.(c|m)?ts$/.test(path) && !path.endsWith('.d.ts')) return ts.ScriptKind.TS;
  if (path.endsWith('.json')) return ts.ScriptKind.JSON;
  return undefined;
}

interface Spans {
  /** String literals and the text parts of template literals. */
  strings: Array<[number, number]>;
  /** The same, and identifiers. */
  all: Array<[number, number]>;
}

/** Where the text's literals and identifiers are, from TypeScript's parser. */
function literalSpans(text: string, path: string, kind: FileKind): Spans {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind);
  const strings: Array<[number, number]> = [];
  const all: Array<[number, number]> = [];
  const visit = (node: Ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const span: [number, number] = [node.getStart(source), node.end];
      strings.push(span);
      all.push(span);
    } else if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) {
      all.push([node.getStart(source), node.end]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { strings, all };
}

/** Whether every occurrence of `value` in `text` lies inside one of `spans`. */
function occursOnlyIn(text: string, value: string, spans: Array<[number, number]>): boolean {
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length)) {
    const end = at + value.length;
    if (!spans.some(([start, stop]) => start <= at && end <= stop)) return false;
  }
  return true;
}
