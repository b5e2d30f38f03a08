// src/resource/migrations-editor.ts: the resource's migration appended to src/database/migrations.ts.
import { describe, expect, it } from 'vitest';
import { addMigrationToList } from '../../src/resource/migrations-editor.js';

const PATH = 'src/database/migrations.ts';
const LIST = `import type { MigrationInterface } from 'typeorm';
import { CreateUsers1700000000000 } from './migrations/1700000000000-create-users';

export const MIGRATIONS: (new () => MigrationInterface)[] = [CreateUsers1700000000000];
`;
const NOTES = {
  className: 'CreateNotes1700000000001',
  path: 'src/database/migrations/1700000000001-create-notes.ts',
};

describe('addMigrationToList', () => {
  it('imports the migration and lists it after the others; a second run changes nothing', () => {
    const edited = addMigrationToList(LIST, PATH, NOTES);
    expect(edited).toBe(`import type { MigrationInterface } from 'typeorm';
import { CreateUsers1700000000000 } from './migrations/1700000000000-create-users';
import { CreateNotes1700000000001 } from './migrations/1700000000001-create-notes';

export const MIGRATIONS: (new () => MigrationInterface)[] = [CreateUsers1700000000000, CreateNotes1700000000001];
`);
    expect(addMigrationToList(edited, PATH, NOTES)).toBe(edited);
  });

  it('refuses a missing list or one that is not an array literal, naming the fix', () => {
    expect(() => addMigrationToList(undefined, PATH, NOTES)).toThrow(/no list of migrations/);
    expect(() => addMigrationToList('export const MIGRATIONS = load();\n', PATH, NOTES)).toThrow(
      /has no `export const MIGRATIONS = \[...\]` array/,
    );
  });
});
