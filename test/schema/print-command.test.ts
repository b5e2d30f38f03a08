// `rest schema print`, run as users run it: the built CLI on real module files.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSchema, printSchema, validateSchema } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { layoutDifferences } from '../../bench/schema/layout.js';
import { sdl } from './sdl.js';

const fixtures = 'test/schema/fixtures';
const scratch = mkdtempSync(join(tmpdir(), 'rest-schema-print-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function rest(...args: string[]) {
  const run = spawnSync('node', ['bin/run.js', 'schema', 'print', ...args], {
    encoding: 'utf8',
    // Wide columns: oclif wraps long messages at the terminal width.
    env: { ...process.env, CI: 'true', OCLIF_COLUMNS: '400', NODE_NO_WARNINGS: '1' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The CLI printed `expected`, and graphql-js reads it back as a valid schema. */
function expectValidText(stdout: string, expected: string): void {
  expect(stdout).toBe(expected);
  const rebuilt = buildSchema(stdout);
  expect(validateSchema(rebuilt)).toEqual([]);
  expect(layoutDifferences(stdout, printSchema(rebuilt))).toEqual([]);
}

const sampleText = sdl`
  """
  Upper-cases a string field in the response
  """
  directive @upper on FIELD

  """
  Anything stored with an id
  """
  interface Entity {
    id: ID!
  }

  """
  An absolute http(s) address
  """
  scalar Url

  """
  Whatever a search can find
  """
  union MyUnion = User | Bot

  """
  A person with an account
  """
  type User implements Entity {
    id: ID!
    name: String
    "Avatar image"
    picture: Url
    friends: [User]!
  }

  """
  An automated account
  """
  type Bot implements Entity {
    id: ID!
    owner: User
  }

  type Query {
    friends(limit: Int = 10): [User]!
    users(input: ListUsersInput): [User]!
    search(q: String!): [MyUnion]
    me: User @deprecated(reason: "Use friends")
  }

  type Mutation {
    createUser(name: String!, picture: Url): User!
  }

  """
  Filters for listing users
  """
  input ListUsersInput {
    "Words to look for in names"
    q: String
    page: Int
    limit: Int
  }

  schema {
    query: Query
    mutation: Mutation
  }
`;

describe('rest schema print', () => {
  it('prints the sample module, a TypeScript file loaded with no build step', () => {
    const { status, stdout, stderr } = rest('examples/schema/sample.ts');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expectValidText(stdout, sampleText);
  });

  it('writes the text to --out, creating the folder', () => {
    const out = join(scratch, 'generated', 'schema.graphql');
    const { status, stdout } = rest('examples/schema/sample.ts', '--out', out);
    expect(status).toBe(0);
    expect(stdout).toBe(`wrote ${out}\n`);
    expect(readFileSync(out, 'utf8')).toBe(sampleText);
  });

  it('takes an export named schema, and a default export that is an async function', () => {
    expectValidText(
      rest(`${fixtures}/named-export.mjs`).stdout,
      'type Query {\n  hello: String\n}\n\nschema {\n  query: Query\n}\n',
    );
    expectValidText(
      rest(`${fixtures}/factory.js`).stdout,
      'type Query {\n  ready: Boolean\n}\n\nschema {\n  query: Query\n}\n',
    );
  });

  it('finds the default export of a TypeScript file that loads as CommonJS', () => {
    const library = resolve('dist/src/schema/index.js');
    const file = join(scratch, 'commonjs.ts');
    writeFileSync(
      file,
      `import { Field, ObjectType, Schema, IDType } from ${JSON.stringify(library)};\n` +
        `const query = new ObjectType('Query').addField(new Field('id', new IDType()));\n` +
        `export default new Schema().addObject(query).setQuery(query);\n`,
    );
    const { status, stdout } = rest(file);
    expect(status).toBe(0);
    expectValidText(stdout, 'type Query {\n  id: ID\n}\n\nschema {\n  query: Query\n}\n');
  });

  it('fails with one line per problem for an invalid schema, and prints it anyway with --no-validate', () => {
    const failed = rest(`${fixtures}/invalid.ts`);
    expect(failed.status).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr.split('\n').slice(0, 3)).toEqual([
      'User.pet: refers to Pet, which was never added to the schema: add it with schema.addObject(Pet)',
      'User: implements Entity but has no field id: add id: ID!',
      ' ›   Error: the schema has 2 problems: fix them, or print anyway with --no-validate',
    ]);
    const forced = rest(`${fixtures}/invalid.ts`, '--no-validate');
    expect(forced.status).toBe(0);
    expect(forced.stdout).toBe(sdl`
      interface Entity {
        id: ID!
      }

      type User implements Entity {
        pet: Pet
      }

      type Query {
        me: User
      }

      schema {
        query: Query
      }
    `);
  });

  it('names a single problem as one', () => {
    const { status, stderr } = rest(`${fixtures}/unprintable.mjs`);
    expect(status).toBe(1);
    expect(stderr.split('\n').slice(0, 2)).toEqual([
      'Empty: type Empty has no fields: GraphQL needs at least one, add one with addField()',
      ' ›   Error: the schema has 1 problem: fix it, or print anyway with --no-validate',
    ]);
  });

  const failures: Array<[string, string[], number, string]> = [
    [
      'a missing file',
      ['test/schema/fixtures/nope.ts'],
      1,
      `Error: no such file: ${resolve('test/schema/fixtures/nope.ts')}`,
    ],
    [
      'a module without such an export',
      [`${fixtures}/no-export.mjs`],
      1,
      `Error: ${fixtures}/no-export.mjs exports no schema: it has no default export and no export named schema`,
    ],
    [
      'an export that is not a Schema',
      [`${fixtures}/not-a-schema.mjs`],
      1,
      `Error: ${fixtures}/not-a-schema.mjs: the default export is an object that is no schema definition, not a Schema from restsmith/schema`,
    ],
    [
      'a module that throws',
      [`${fixtures}/throws.ts`],
      1,
      `Error: ${fixtures}/throws.ts failed to load: type User already has a field id: rename or drop one of them`,
    ],
    [
      'a schema the serializer refuses',
      [`${fixtures}/unprintable.mjs`, '--no-validate'],
      1,
      'Error: Empty: type Empty has no fields: GraphQL needs at least one, add one with addField()',
    ],
    [
      'a file that is not a module',
      ['README.md'],
      1,
      'Error: README.md is not a module: pass a .ts, .js or .mjs file',
    ],
    ['no module at all', [], 2, 'Error: a module path is needed: rest schema print <module>'],
  ];
  for (const [what, args, code, message] of failures) {
    it(`gives a one-line error for ${what}`, () => {
      const { status, stdout, stderr } = rest(...args);
      expect(status).toBe(code);
      expect(stdout).toBe('');
      expect(stderr.split('\n')[0]).toBe(` ›   ${message}`);
      expect(stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('shows usage with examples in --help', () => {
    const { stdout } = rest('--help');
    expect(stdout).toContain('$ rest schema print [MODULE] [-o <file>] [--validate]');
    expect(stdout).toContain('$ rest schema print src/schema.ts --out schema.graphql');
  });
});
