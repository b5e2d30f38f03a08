// The project the `rest api <name>` edit tests work on: an articles resource with hand edits of each kind, and a
// snapshot of every file to show that a refused command wrote nothing.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { newProjectWithoutInstall, rest, snapshotOf } from './project.js';

export { snapshotOf };

export const ENTITY = 'src/articles/entities/article.entity.ts';
export const CONTROLLER = 'src/articles/articles.controller.ts';
export const VIEW = 'src/articles/article.view.ts';
export const CREATE_DTO = 'src/articles/dto/create-article.dto.ts';

/** Hand edits of each kind the issue names: a method, a comment, a decorator on another field. */
const HAND_METHOD = `
  /** Words in the body, written by hand. */
  get wordCount(): number {
    return this.body.split(/\\s+/).length;
  }
`;
const HAND_COMMENT = '    // Written by hand: the id first, always.\n';
const HAND_ROUTE = `
  // A route written by hand.
  @Get('count/all')
  countAll(): string {
    return   'many';
  }
`;

/**
 * A sqlite project (no install) with `rest api article --fields "title body:text views?:number"` and the
 * hand edits above, made in the caller's beforeAll; every edit the tests make must keep those byte for byte.
 */
export function articlesWithHandEdits(name: string) {
  let dir = '';
  const read = (path: string) => readFileSync(join(dir, path), 'utf8');
  const write = (path: string, text: string) => writeFileSync(join(dir, path), text);

  beforeAll(() => {
    dir = newProjectWithoutInstall(name, 'sqlite');
    const added = rest(dir, 'api', 'article', '--fields', 'title body:text views?:number', '--yes');
    if (added.status !== 0) throw new Error(added.output);
    // The hand edits, made once.
    const entity = read(ENTITY);
    write(ENTITY, entity.replace(/\n}\n$/, `\n${HAND_METHOD}}\n`));
    write(
      VIEW,
      read(VIEW).replace('    id: article.id,\n', `${HAND_COMMENT}    id: article.id,\n`),
    );
    write(CONTROLLER, read(CONTROLLER).replace(/\n}\n$/, `\n${HAND_ROUTE}}\n`));
  }, 180_000);

  return {
    get dir() {
      return dir;
    },
    read,
    write,
    migrations: () => readdirSync(join(dir, 'src/database/migrations')).sort(),
    handEditsKept: () => {
      expect(read(ENTITY)).toContain(HAND_METHOD);
      expect(read(VIEW)).toContain(`${HAND_COMMENT}    id: article.id,\n`);
      expect(read(CONTROLLER)).toContain(HAND_ROUTE);
    },
  };
}
