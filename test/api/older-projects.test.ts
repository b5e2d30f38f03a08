// `rest api` on a project made by an older `rest new`, which lacks shared pieces that resources import now.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newProjectWithoutInstall, rest } from './project.js';

const LONG = 300_000;

describe('rest api on a project that predates a shared piece', () => {
  it.each([
    ['mongodb', ['src/common/form-value.ts', 'src/database/delete-rules.ts']],
    ['sqlite', ['src/common/form-value.ts']],
  ])(
    '%s: writes the missing pieces as rest new writes them today, and touches no other file',
    (database, pieces) => {
      const dir = newProjectWithoutInstall(`older-${database}`, database);
      const today = new Map(pieces.map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
      const users = readFileSync(join(dir, 'src/users/users.service.ts'), 'utf8');
      for (const path of pieces) rmSync(join(dir, path));

      const added = rest(
        dir,
        'api',
        'article',
        '--fields',
        'title views:number tags:string[]',
        '--yes',
      );
      expect(added.status, added.output).toBe(0);
      for (const path of pieces) {
        expect(added.output).toMatch(new RegExp(`create\\s+${path.replace(/[./]/g, '\\$&')}`));
        expect(readFileSync(join(dir, path), 'utf8'), path).toBe(today.get(path));
      }
      expect(readFileSync(join(dir, 'src/users/users.service.ts'), 'utf8')).toBe(users);
    },
    LONG,
  );
});
