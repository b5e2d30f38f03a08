// The project schema of fixture trees in the generated shape: text, graphql-js round trip, no accounts, errors.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, print as printNode, validateSchema, type GraphQLObjectType } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { findProjectRoot, printProjectSchema } from '../../src/project-schema/index.js';
import { twoResources } from './expected.js';
import { fixtureCopies, printSchema, scratchFolder, sdl } from './project.js';

const scratch = scratchFolder('rest-project-schema-');
afterAll(scratch.remove);

const fixture = fixtureCopies(scratch.path);

describe.each(['sqlite', 'mongodb'] as const)(
  'a %s project (fixture of the generated shape)',
  (database) => {
    it('prints its users and two resources, with who may call each operation', async () => {
      const { text, warnings } = await printSchema(fixture(database));
      expect(text).toBe(twoResources);
      expect(warnings).toEqual([]);
    });

    it('is found from a folder inside the project', async () => {
      const root = fixture(database);
      expect(await findProjectRoot(join(root, 'src', 'articles'))).toBe(root);
      expect((await printSchema(join(root, 'src', 'articles'))).text).toBe(twoResources);
    });
  },
);

describe('the printed schema in graphql-js', () => {
  it('parses and validates with buildSchema, with the access marks as real directives', async () => {
    const { text } = await printSchema(fixture('sqlite'));
    const schema = buildSchema(text);
    expect(validateSchema(schema)).toEqual([]);
    const marks = (type: GraphQLObjectType | null | undefined, field: string) =>
      type?.getFields()[field]?.astNode?.directives?.map((directive) => ({
        name: directive.name.value,
        args: directive.arguments?.map((arg) => `${arg.name.value}: ${printNode(arg.value)}`),
      }));
    expect(marks(schema.getQueryType(), 'users')).toEqual([
      { name: 'auth', args: ['requires: ADMIN'] },
    ]);
    expect(marks(schema.getMutationType(), 'createArticle')).toEqual([{ name: 'auth', args: [] }]);
    expect(marks(schema.getMutationType(), 'deleteNote')).toEqual([
      { name: 'masterKey', args: [] },
    ]);
    expect(marks(schema.getQueryType(), 'article')).toEqual([]);
    expect(schema.getDirective('auth')?.args[0]?.defaultValue).toBe('USER');
    const article = schema.getType('Article') as GraphQLObjectType;
    expect(article.getInterfaces().map((iface) => iface.name)).toEqual(['Node']);
  });
});

describe('projects without accounts', () => {
  it('has no Role, User or @auth, and marks master-key operations with @masterKey', async () => {
    const root = fixture('sqlite');
    const config = JSON.parse(readFileSync(join(root, 'restsmith.json'), 'utf8'));
    config.auth = false;
    config.resources = config.resources.slice(0, 1);
    writeFileSync(join(root, 'restsmith.json'), JSON.stringify(config));
    const { text } = await printSchema(root);
    expect(text).toBe(sdl`
      """
      Needs the project's master key (MASTER_KEY in .env) as access_token: for trusted servers and scripts, not for users.
      """
      directive @masterKey on FIELD_DEFINITION

      """
      Anything stored with an id: every resource, and users.
      """
      interface Node {
        id: ID!
      }

      """
      A date and time as an ISO 8601 string in UTC, such as 2026-01-31T09:30:00.000Z.
      """
      scalar DateTime

      type Note implements Node {
        id: ID!
        title: String!
        body: String
        createdAt: DateTime!
        updatedAt: DateTime!
      }

      type NotePage {
        items: [Note!]!
        total: Int
        next: String
      }

      type Query {
        notes(q: String, page: Int = 1, limit: Int = 10, sort: String, fields: String, title: String, createdAt: DateTime, createdAt_gte: DateTime, createdAt_lte: DateTime, createdAt_in: [DateTime!]): [Note!]!
        "A page of the list with its count over all pages (null with count: false) and, with after (empty for the first page), the cursor of the next page: what REST answers as X-Total-Count and Link."
        notesPage(q: String, page: Int, limit: Int = 10, sort: String, fields: String, after: String, count: Boolean, title: String, createdAt: DateTime, createdAt_gte: DateTime, createdAt_lte: DateTime, createdAt_in: [DateTime!]): NotePage!
        note(id: ID!): Note
      }

      type Mutation {
        createNote(input: NoteInput!): Note!
        deleteNote(id: ID!): Boolean! @masterKey
      }

      input NoteInput {
        title: String!
        body: String
      }

      schema {
        query: Query
        mutation: Mutation
      }
    `);
    expect(validateSchema(buildSchema(text))).toEqual([]);
  });
});

describe('where it runs', () => {
  it('outside a project, says what it needs', async () => {
    const outside = scratchFolder('rest-no-project-');
    try {
      const error = await printProjectSchema({ cwd: outside.path }).catch((caught) => caught);
      expect(error).toMatchObject({
        message: 'a module path is needed: rest schema print <module>',
        exitCode: 2,
        hint: `Pass a .ts, .js or .mjs file whose default export (or export named schema) is a Schema, or run it inside a project made by \`rest new\` (there is no restsmith.json in ${outside.path} or any folder above it).`,
      });
    } finally {
      outside.remove();
    }
  });

  it('says where the sources should be when sourceDir is wrong', async () => {
    const root = fixture('mongodb');
    const config = JSON.parse(readFileSync(join(root, 'restsmith.json'), 'utf8'));
    writeFileSync(join(root, 'restsmith.json'), JSON.stringify({ ...config, sourceDir: 'lib' }));
    await expect(printProjectSchema({ cwd: root })).rejects.toMatchObject({
      message: `the project's sources are not where restsmith.json says: ${join(root, 'lib')} does not exist`,
      hint: 'Set "sourceDir" in restsmith.json to the folder that holds app.module.ts.',
    });
  });

  it('writes the text to --out, relative to where it runs', async () => {
    const root = fixture('sqlite');
    const result = await printProjectSchema({ cwd: join(root, 'src'), out: '../schema.graphql' });
    expect(result).toMatchObject({ printed: true, file: join(root, 'schema.graphql') });
    expect(readFileSync(join(root, 'schema.graphql'), 'utf8')).toBe(twoResources);
  });
});
