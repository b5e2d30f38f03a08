// `rest schema print` on projects made by `rest new` and `rest api` (every database), with the built CLI.
// Nothing is installed: the command reads sources only.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildSchema, validateSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoResources, usersOnly } from './expected.js';
import { scratchFolder } from './project.js';

const bin = resolve('bin/run.js');
/** Each `rest` run starts a Node process and stages TypeScript: seconds each, more on a busy machine. */
const GENERATE_TIMEOUT = 180_000;
const scratch = scratchFolder('rest-project-schema-generated-');
afterAll(scratch.remove);

function rest(cwd: string, ...args: string[]) {
  const run = spawnSync('node', [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', OCLIF_COLUMNS: '400', NODE_NO_WARNINGS: '1' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs a generator command and fails the test with its output when it fails. */
function generate(cwd: string, ...args: string[]): void {
  const { status, stdout, stderr } = rest(cwd, ...args);
  if (status !== 0)
    throw new Error(`rest ${args.join(' ')} failed (${status}):\n${stdout}${stderr}`);
}

/** The two resources of the expected text: one public (no update, delete by master key), one owned. */
const NOTE = [
  'api',
  'note',
  '--fields',
  'title:string body?:text',
  '--methods',
  'POST,GET,DELETE',
  '--master',
  'DELETE',
  '--yes',
];
const ARTICLE = [
  'api',
  'article',
  '--owner',
  'author',
  '--admin',
  'DELETE',
  '--fields',
  'title:string content:text published:boolean views?:number tags:string[] publishedAt?:date',
  '--yes',
];

describe.each(['sqlite', 'postgres', 'mongodb'] as const)(
  'a %s project made by rest new',
  (database) => {
    const folder = join(scratch.path, database);
    const root = join(folder, 'p');

    beforeAll(() => {
      mkdirSync(folder);
      generate(
        folder,
        'new',
        'p',
        '--database',
        database,
        '--yes',
        '--skip-install',
        '--skip-git',
        '--check-types',
      );
    });

    it(
      'prints its users alone before any resource is added',
      () => {
        const { status, stdout, stderr } = rest(root, 'schema', 'print');
        expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
        expect(stdout).toBe(usersOnly);
        expect(validateSchema(buildSchema(stdout))).toEqual([]);
      },
      GENERATE_TIMEOUT,
    );

    it(
      'prints two resources added by rest api, with who may call each operation',
      () => {
        generate(root, ...NOTE);
        generate(root, ...ARTICLE);
        const { status, stdout, stderr } = rest(root, 'schema', 'print');
        expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
        expect(stdout).toBe(twoResources);
        expect(validateSchema(buildSchema(stdout))).toEqual([]);
      },
      GENERATE_TIMEOUT,
    );

    it(
      'prints references as object types (and their ids in the inputs), never their stored ids',
      () => {
        generate(root, 'api', 'category', '--fields', 'name', '--yes');
        generate(root, 'api', 'tag', '--fields', 'label', '--yes');
        generate(
          root,
          'api',
          'post',
          '--fields',
          'title category:ref:category tags:ref:tag[] series?:ref:category',
          '--yes',
        );
        const { status, stdout, stderr } = rest(root, 'schema', 'print');
        expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
        const block = (name: string) =>
          new RegExp(`\\n(type|input) ${name} [^}]*}`).exec(stdout)?.[0] ?? '';
        expect(block('Post')).toContain(
          '  category: Category!\n  tags: [Tag!]!\n  series: Category\n',
        );
        expect(block('Post')).not.toMatch(/categoryId|tagIds|seriesId/);
        expect(block('PostInput')).toContain('  category: ID!\n  tags: [ID!]\n  series: ID\n');
        // The list's filters as arguments: a reference by id, dates with their ranges.
        expect(stdout).toContain(
          '  posts(q: String, page: Int = 1, limit: Int = 10, sort: String, fields: String, title: String, category: ID, tags: ID, series: ID, createdAt: DateTime, createdAt_gte: DateTime, createdAt_lte: DateTime, createdAt_in: [DateTime!]): [Post!]!\n',
        );
        expect(validateSchema(buildSchema(stdout))).toEqual([]);
      },
      GENERATE_TIMEOUT,
    );

    it(
      'shows a field added by hand to the persistence class in the next print',
      () => {
        const model =
          database === 'mongodb'
            ? join(root, 'src/articles/schemas/article.schema.ts')
            : join(root, 'src/articles/entities/article.entity.ts');
        const decorator =
          database === 'mongodb'
            ? '@Prop({ type: String })'
            : "@Column({ type: 'varchar', nullable: true })";
        const text = readFileSync(model, 'utf8');
        const edited = text.replace(
          /(\n\s*)(@\w+\([^)]*\)\s*\n\s*title)/,
          `$1${decorator}$1subtitle?: string;$1$2`,
        );
        expect(edited).not.toBe(text);
        writeFileSync(model, edited);
        const { status, stdout } = rest(join(root, 'src'), 'schema', 'print');
        expect(status).toBe(0);
        expect(stdout).toContain(
          'type Article implements Node {\n  id: ID!\n  subtitle: String\n  title: String!\n',
        );
        expect(validateSchema(buildSchema(stdout))).toEqual([]);
      },
      GENERATE_TIMEOUT,
    );
  },
);

describe('a social-only project (--auth-methods github, no password)', () => {
  it(
    'prints the users of the password project without a password in UserInput',
    () => {
      const folder = join(scratch.path, 'social-only');
      mkdirSync(folder);
      generate(
        folder,
        'new',
        'p',
        '--database',
        'sqlite',
        '--auth-methods',
        'github',
        '--yes',
        '--skip-install',
        '--skip-git',
      );
      const { status, stdout, stderr } = rest(join(folder, 'p'), 'schema', 'print');
      expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
      // Without passwords there is no signIn: users sign in at POST /auth/github.
      const withoutPasswords = usersOnly
        .replace('  password: String!\n', '')
        .replace(/\ntype SignInResult \{[^}]*\}\n/, '')
        .replace(/\n.*\n.*signIn\(email: String!.*\n/, '\n');
      expect(stdout).toBe(withoutPasswords);
      expect(stdout).not.toMatch(/password|githubId/i);
      expect(validateSchema(buildSchema(stdout))).toEqual([]);
    },
    GENERATE_TIMEOUT,
  );
});
