// Writes who may call each operation into the printed SDL: `@auth`, `@auth(requires: ADMIN)`, `@masterKey`.
//
// Why a text step: restsmith/schema can define a directive but not apply one to a field, and its argument
// defaults cannot be enum values (`Role = USER`). The builder prints everything else; this step only appends
// a directive to the Query and Mutation field lines it is told about, and gives @auth its USER default.
// When the builder learns applied directives and enum defaults, this file goes away.
import type { Access } from '../generator/options.js';
import type { Operation } from './operations.js';

const MARKS: Record<Access, string> = {
  public: '',
  master: ' @masterKey',
  user: ' @auth',
  admin: ' @auth(requires: ADMIN)',
};

/** The directive that shows `access` on an operation ('' for public ones). */
export const accessMark = (access: Access): string => MARKS[access];

export function applyAccessMarks(sdl: string, operations: readonly Operation[]): string {
  const marks = new Map(
    operations.map((operation) => [`${operation.root}.${operation.name}`, MARKS[operation.access]]),
  );
  let block: string | undefined;
  const lines = sdl.split('\n').map((line) => {
    const opening = /^type (\w+)\b/.exec(line);
    if (opening) block = opening[1];
    else if (line === '}') block = undefined;
    const field = block && /^ {2}(\w+)[(:]/.exec(line);
    const mark = field ? marks.get(`${block}.${field[1]}`) : undefined;
    return mark ? line + mark : line;
  });
  return lines
    .join('\n')
    .replace(
      /^directive @auth\(requires: Role\) on /m,
      'directive @auth(requires: Role = USER) on ',
    );
}
