// `rest schema print` in a project, run as users run it: the built CLI, from inside the project.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { twoResources } from './expected.js';
import { copyFixture, scratchFolder } from './project.js';

const bin = resolve('bin/run.js');
const scratch = scratchFolder('rest-project-schema-cli-');
afterAll(scratch.remove);

function rest(cwd: string, ...args: string[]) {
  const run = spawnSync('node', [bin, 'schema', 'print', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', OCLIF_COLUMNS: '400', NODE_NO_WARNINGS: '1' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('rest schema print inside a project (fixture of the generated shape)', () => {
  const root = copyFixture('sqlite', scratch.path);

  it('prints the project schema to stdout, from the root or a subfolder', () => {
    for (const cwd of [root, join(root, 'src', 'notes')]) {
      const { status, stdout, stderr } = rest(cwd);
      expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
      expect(stdout).toBe(twoResources);
    }
  });

  it('writes it to --out and says where', () => {
    const { status, stdout } = rest(root, '--out', 'docs/schema.graphql');
    expect(status).toBe(0);
    expect(stdout).toBe(`wrote ${join(root, 'docs', 'schema.graphql')}\n`);
    expect(readFileSync(join(root, 'docs', 'schema.graphql'), 'utf8')).toBe(twoResources);
  });

  it('warns on stderr about a field it prints as String, and still prints', () => {
    const entity = join(root, 'src/notes/entities/note.entity.ts');
    const original = readFileSync(entity, 'utf8');
    writeFileSync(
      entity,
      original.replace(
        '  @CreateDateColumn',
        '  @Column()\n  file: Buffer;\n\n  @CreateDateColumn',
      ),
    );
    try {
      const { status, stdout, stderr } = rest(root);
      expect(status).toBe(0);
      expect(stderr).toBe(
        'warning: Note.file: the type Buffer has no GraphQL equivalent, so it is printed as String\n',
      );
      expect(stdout).toContain('  body: String\n  file: String!\n  createdAt: DateTime!\n');
    } finally {
      writeFileSync(entity, original);
    }
  });

  it('a broken restsmith.json is a one-line error naming the fix', () => {
    const other = copyFixture('mongodb', join(scratch.path, 'broken'));
    writeFileSync(join(other, 'restsmith.json'), '{ "name": "p", ');
    const { status, stdout, stderr } = rest(other);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toMatch(/^ › {3}Error: restsmith\.json is not valid JSON: /);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

describe('rest schema print outside a project', () => {
  it('says it needs a module, or a project made by rest new', () => {
    const { status, stdout, stderr } = rest(scratch.path);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      [
        ' ›   Error: a module path is needed: rest schema print <module>',
        ` ›   Try this: Pass a .ts, .js or .mjs file whose default export (or export named schema) is a Schema, or run it inside a project made by \`rest new\` (there is no restsmith.json in ${scratch.path} or any folder above it).`,
        '',
      ].join('\n'),
    );
  });
});
