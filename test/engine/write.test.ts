import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dedent from 'dedent';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/model/user-error.js';
import { formatPlan } from '../../src/engine/plan.js';
import { WriteInterruptedError, writeFiles } from '../../src/engine/write.js';
import { folderTree } from './folder-tree.js';

let parent: string;
let target: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'rest-write-'));
  target = join(parent, 'my-api');
});

const project = [
  { path: 'package.json', text: '{ "name": "my-api" }\n' },
  { path: 'src/main.ts', text: 'bootstrap();\n' },
  { path: 'src/users/users.module.ts', text: 'export class UsersModule {}\n' },
];

const tree = folderTree;

describe('writeFiles into a new folder', () => {
  it('writes every file and leaves no staging folder beside it', async () => {
    const plan = await writeFiles(target, project);
    expect(plan.files.map((file) => file.action)).toEqual(['create', 'create', 'create']);
    expect(tree(target)).toEqual({
      'package.json': '{ "name": "my-api" }\n',
      'src/main.ts': 'bootstrap();\n',
      'src/users/users.module.ts': 'export class UsersModule {}\n',
    });
    expect(readdirSync(parent)).toEqual(['my-api']);
  });

  it('--dry-run lists the files and writes nothing', async () => {
    const plan = await writeFiles(target, project, { dryRun: true });
    expect(plan.written).toBe(false);
    expect(formatPlan(plan)).toBe(dedent`
      create  package.json
      create  src/main.ts
      create  src/users/users.module.ts
    `);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('leaves nothing when a file cannot be written', async () => {
    // `src/main.ts` is a file, so `src/main.ts/extra.ts` cannot be created.
    const clash = [...project, { path: 'src/main.ts/extra.ts', text: '' }];
    await expect(writeFiles(target, clash)).rejects.toThrow();
    expect(readdirSync(parent)).toEqual([]);
  });

  it('stops on Ctrl-C and leaves nothing', async () => {
    const write = writeFiles(target, project, {
      onFile: (path) => {
        if (path === 'src/main.ts') process.emit('SIGINT');
      },
    });
    await expect(write).rejects.toBeInstanceOf(WriteInterruptedError);
    expect(readdirSync(parent)).toEqual([]);
  });
});

describe('writeFiles into an existing folder', () => {
  beforeEach(() => {
    mkdirSync(join(target, 'src'), { recursive: true });
    writeFileSync(join(target, 'notes.txt'), 'mine\n');
    writeFileSync(join(target, 'src/main.ts'), 'console.log("old");\n');
    writeFileSync(join(target, 'package.json'), '{ "name": "my-api" }\n');
  });

  it('refuses a folder that is not empty, and changes nothing', async () => {
    const error = await writeFiles(target, project).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toBe(`${target} already exists and is not empty`);
    expect((error as UserError).hint).toBe(
      'Choose another name, empty the folder, or pass --force to write the project into it.',
    );
    expect(tree(target)).toEqual({
      'notes.txt': 'mine\n',
      'package.json': '{ "name": "my-api" }\n',
      'src/main.ts': 'console.log("old");\n',
    });
  });

  it('--force overwrites what differs, skips what is identical and keeps other files', async () => {
    const plan = await writeFiles(target, project, { force: true });
    expect(formatPlan(plan)).toBe(dedent`
      skip    package.json
      modify  src/main.ts
      create  src/users/users.module.ts
    `);
    expect(tree(target)).toEqual({
      'notes.txt': 'mine\n',
      'package.json': '{ "name": "my-api" }\n',
      'src/main.ts': 'bootstrap();\n',
      'src/users/users.module.ts': 'export class UsersModule {}\n',
    });
    expect(readdirSync(parent)).toEqual(['my-api']);
  });

  it('--force puts everything back when a file cannot be written half-way', async () => {
    // A folder where a file should go: renaming the staged file over it fails.
    mkdirSync(join(target, 'src/app.module.ts/keep'), { recursive: true });
    const files = [...project, { path: 'src/app.module.ts', text: 'export class AppModule {}\n' }];
    await expect(writeFiles(target, files, { force: true })).rejects.toThrow();
    expect(tree(target)).toEqual({
      'notes.txt': 'mine\n',
      'package.json': '{ "name": "my-api" }\n',
      'src/main.ts': 'console.log("old");\n',
    });
    expect(existsSync(join(target, 'src/users'))).toBe(false);
    expect(readdirSync(parent)).toEqual(['my-api']);
  });

  it("mode 'existing' refuses to overwrite a file unless it is an intended edit, and diffs edits", async () => {
    const edited = { path: 'src/main.ts', text: 'bootstrap();\n' };
    const refused = await writeFiles(target, [edited], { mode: 'existing', dryRun: true }).catch(
      (caught: unknown) => caught,
    );
    expect((refused as UserError).message).toBe('these files already exist: src/main.ts');
    const plan = await writeFiles(target, [{ ...edited, edit: true }], {
      mode: 'existing',
      dryRun: true,
    });
    expect(formatPlan(plan, { diffs: true })).toBe(
      dedent`
        modify  src/main.ts
        ===================================================================
        --- a/src/main.ts
        +++ b/src/main.ts
        @@ -1,1 +1,1 @@
        -console.log("old");
        +bootstrap();
      ` + '\n',
    );
  });

  it('deletes a file marked remove, and puts it back when a later file cannot be written', async () => {
    const removed = { path: 'src/main.ts', text: '', remove: true };
    const plan = await writeFiles(target, [removed], { mode: 'existing', dryRun: true });
    expect(formatPlan(plan)).toBe('delete  src/main.ts');
    expect(existsSync(join(target, 'src/main.ts'))).toBe(true);

    mkdirSync(join(target, 'src/app.module.ts/keep'), { recursive: true });
    const failing = [removed, { path: 'src/app.module.ts', text: 'export class AppModule {}\n' }];
    await expect(writeFiles(target, failing, { mode: 'existing', force: true })).rejects.toThrow();
    expect(readFileSync(join(target, 'src/main.ts'), 'utf8')).toBe('console.log("old");\n');

    await writeFiles(target, [removed], { mode: 'existing' });
    expect(tree(target)).toEqual({
      'notes.txt': 'mine\n',
      'package.json': '{ "name": "my-api" }\n',
    });
  });
});
