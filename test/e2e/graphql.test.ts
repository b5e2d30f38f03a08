// `rest new --graphql` and `rest graphql` end to end (issue 33): sqlite on Express and Fastify and
// PostgreSQL projects with three resources, and a sqlite one made without GraphQL that `rest graphql`
// adds it to, pass their own lint, type-check and tests; a GraphQL client (graphql-request) walks
// sign-up, sign-in, create, list, update and delete with the access errors; the schema the endpoint
// serves, read by introspection, is what `rest schema print` prints.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  lexicographicSortSchema,
  printSchema,
  type IntrospectionQuery,
} from 'graphql';
import { ClientError, GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProject, postgresDatabase, rest, startServer, type Server } from '../api/project.js';
import { run, secretsOf } from './project.js';
import { checkProject, passed } from './checks.js';

const LONG = 1_200_000;
const PASSWORD = 'graphql-walk-9';

/**
 * `added`: made without --graphql, its resources added, then `rest graphql`. Two have the account
 * options whose routes GraphQL serves as mutations (their projects' own specs walk them).
 */
const VARIANTS = [
  { name: 'graphql-sqlite', database: 'sqlite', flags: [] as string[], added: false },
  {
    name: 'graphql-sqlite-fastify',
    database: 'sqlite',
    // Sessions: signIn answers a refresh token, refreshSession and signOut are mutations.
    flags: ['--http', 'fastify', '--refresh-tokens'],
    added: false,
  },
  {
    name: 'graphql-postgres',
    database: 'postgres',
    flags: ['--password-reset', '--email-confirmation'],
    added: false,
  },
  {
    name: 'graphql-added',
    database: 'sqlite',
    flags: ['--password-reset', '--email-confirmation'],
    added: true,
  },
];

/** The code of the first error of a request that failed, as a client reads it. */
async function refusal(request: Promise<unknown>): Promise<string | undefined> {
  try {
    await request;
  } catch (error) {
    if (error instanceof ClientError) return String(error.response.errors?.[0]?.extensions?.code);
    throw error;
  }
  throw new Error('the request was answered without errors');
}

/**
 * --refresh-tokens: a sign-in's refresh token traded by refreshSession, once (a second use ends the
 * session); signOut ends its session and no other.
 */
async function walkSession(graphql: (token?: string) => GraphQLClient, clientKey: string) {
  const email = `sessions-${Date.now()}@example.com`;
  await graphql(clientKey).request(
    'mutation ($input: UserInput!) { createUser(input: $input) { id } }',
    { input: { email, password: PASSWORD } },
  );
  type Pair = { token: string; refreshToken: string };
  const signIn = async () =>
    (
      await graphql(clientKey).request<{ signIn: Pair }>(
        'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { token refreshToken } }',
        { email, password: PASSWORD },
      )
    ).signIn;
  const refresh =
    'mutation ($refreshToken: String!) { refreshSession(refreshToken: $refreshToken) { token refreshToken user { id } } }';
  const me = (token: string) => graphql(token).request<{ me: { id: string } }>('{ me { id } }');
  const [phone, laptop] = [await signIn(), await signIn()];
  const { refreshSession } = await graphql().request<{ refreshSession: Pair }>(refresh, {
    refreshToken: phone.refreshToken,
  });
  await me(refreshSession.token);
  expect(await refusal(graphql().request(refresh, { refreshToken: phone.refreshToken }))).toBe(
    'UNAUTHENTICATED',
  );
  expect(await refusal(me(refreshSession.token))).toBe('UNAUTHENTICATED');
  expect(await graphql(laptop.token).request('mutation { signOut }')).toEqual({ signOut: true });
  expect(await refusal(me(laptop.token))).toBe('UNAUTHENTICATED');
}

describe.each(VARIANTS)('rest new --graphql ($name)', ({ name, database, flags, added }) => {
  const postgres = database === 'postgres' ? postgresDatabase(name.replace(/-/g, '_')) : undefined;
  const skip =
    postgres?.reason && !process.env.RESTSMITH_REQUIRE_POSTGRES ? postgres.reason : undefined;
  if (skip) console.warn(`skipped: ${name} (${skip})`);
  const env = postgres?.url ? { DATABASE_URL: postgres.url } : {};
  let dir: string;
  let server: Server;
  let graphql: (token?: string) => GraphQLClient;

  beforeAll(async () => {
    if (skip) return;
    if (postgres?.reason) throw new Error(postgres.reason);
    dir = newProject(name, database, { flags: added ? flags : ['--graphql', ...flags] });
    for (const resource of [
      ['category', '--fields', 'name'],
      ['tag', '--fields', 'label'],
      [
        'article',
        '--fields',
        'title body:text views:number category:ref:category tags:ref:tag[]',
        '--owner',
        'author',
      ],
      // REST only: left out of the schema (in the `added` project, before it has GraphQL at all).
      ['note', '--fields', 'text category?:ref:category', '--no-graphql'],
    ]) {
      passed(`rest api ${resource[0]}`, rest(dir, 'api', ...resource, '--yes'));
    }
    if (added) passed('rest graphql', rest(dir, 'graphql'));
    passed('npm run build', run('npm', ['run', 'build'], dir));
    server = await startServer(dir, env);
    graphql = (token) =>
      new GraphQLClient(`${server.url}/graphql`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
  }, LONG);

  afterAll(async () => {
    await server?.stop();
  });

  it.skipIf(Boolean(skip))(
    'passes its own lint, type-check and tests',
    () => {
      const tests = checkProject(dir, env);
      expect(tests.output).toMatch(/POST \/graphql/);
    },
    LONG,
  );

  it.skipIf(Boolean(skip))(
    'serves by introspection the schema rest schema print prints',
    async () => {
      passed('rest schema print', rest(dir, 'schema', 'print', '--out', 'printed.graphql'));
      const printed = readFileSync(join(dir, 'printed.graphql'), 'utf8');
      const served = await graphql().request<IntrospectionQuery>(getIntrospectionQuery());
      const print = (schema: ReturnType<typeof buildSchema>) =>
        printSchema(lexicographicSortSchema(schema));
      expect(print(buildClientSchema(served))).toBe(print(buildSchema(printed)));
      // The resource added with --no-graphql has no type, no field and no resolver; REST serves it.
      expect(printed).not.toMatch(/\bNote\b|\bnotes\b/);
      expect(existsSync(join(dir, 'src/notes/notes.resolver.ts'))).toBe(false);
      expect((await fetch(`${server.url}/notes`)).status).toBe(200);
      // The file the server reads is that text under its header.
      expect(readFileSync(join(dir, 'src/graphql/schema.graphql'), 'utf8')).toContain(
        printed.trim(),
      );
    },
  );

  it.skipIf(Boolean(skip))(
    'walks sign-up, sign-in, create, list, update and delete, with the access errors',
    async () => {
      const { clientKey } = secretsOf(dir);
      const signUp = async (who: string) => {
        const email = `${who}-${Date.now()}@example.com`;
        await graphql(clientKey).request(
          'mutation ($input: UserInput!) { createUser(input: $input) { id } }',
          { input: { email, password: PASSWORD } },
        );
        const { signIn } = await graphql(clientKey).request<{
          signIn: { token: string; user: { id: string } };
        }>(
          'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { token user { id } } }',
          { email, password: PASSWORD },
        );
        return signIn;
      };
      const ada = await signUp('ada');
      const bob = await signUp('bob');
      expect(await refusal(graphql().request('{ me { id } }'))).toBe('UNAUTHENTICATED');
      const { me } = await graphql(ada.token).request<{ me: { id: string } }>('{ me { id } }');
      expect(me.id).toBe(ada.user.id);
      if (flags.includes('--refresh-tokens')) await walkSession(graphql, clientKey);

      const { createCategory } = await graphql().request<{ createCategory: { id: string } }>(
        'mutation { createCategory(input: { name: "News" }) { id } }',
      );
      const { createTag } = await graphql().request<{ createTag: { id: string } }>(
        'mutation { createTag(input: { label: "hot" }) { id } }',
      );
      const create =
        'mutation ($input: ArticleInput!) { createArticle(input: $input) { id author { id } } }';
      const input = {
        title: 'Hello',
        body: 'World',
        views: 3,
        category: createCategory.id,
        tags: [createTag.id],
      };
      expect(await refusal(graphql().request(create, { input }))).toBe('UNAUTHENTICATED');
      const unknown = { ...input, category: '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc' };
      expect(await refusal(graphql(ada.token).request(create, { input: unknown }))).toBe(
        'BAD_USER_INPUT',
      );
      const { createArticle } = await graphql(ada.token).request<{
        createArticle: { id: string; author: { id: string } };
      }>(create, { input });
      expect(createArticle.author.id).toBe(ada.user.id);

      const { articles } = await graphql().request<{ articles: unknown[] }>(
        '{ articles(q: "Hello", sort: "-createdAt") { id title category { name } tags { label } author { name email } } }',
      );
      expect(articles).toContainEqual({
        id: createArticle.id,
        title: 'Hello',
        category: { name: 'News' },
        tags: [{ label: 'hot' }],
        // Anyone sees an author's name; only the user and admins their e-mail.
        author: { name: expect.any(String), email: null },
      });

      const update =
        'mutation ($id: ID!) { updateArticle(id: $id, input: { title: "Changed" }) { title } }';
      expect(await refusal(graphql(bob.token).request(update, { id: createArticle.id }))).toBe(
        'FORBIDDEN',
      );
      const { updateArticle } = await graphql(ada.token).request<{
        updateArticle: { title: string };
      }>(update, { id: createArticle.id });
      expect(updateArticle.title).toBe('Changed');

      const remove = 'mutation ($id: ID!) { deleteArticle(id: $id) }';
      expect(await refusal(graphql(bob.token).request(remove, { id: createArticle.id }))).toBe(
        'FORBIDDEN',
      );
      expect(await graphql(ada.token).request(remove, { id: createArticle.id })).toEqual({
        deleteArticle: true,
      });
      expect(
        await refusal(
          graphql().request('query ($id: ID!) { article(id: $id) { id } }', {
            id: createArticle.id,
          }),
        ),
      ).toBe('NOT_FOUND');
    },
  );

  // In-place edits of the schema and the resolvers are the same on every database and platform:
  // walked on the first project only (each of its checks runs lint and tsc on the project again).
  it.skipIf(Boolean(skip) || name !== VARIANTS[0]!.name)(
    'prints the schema again when rest api changes a resource in place',
    () => {
      passed(
        'rest api article --add-fields',
        rest(dir, 'api', 'article', '--add-fields', 'summary?:string', '--yes'),
      );
      const schema = readFileSync(join(dir, 'src/graphql/schema.graphql'), 'utf8');
      expect(schema).toMatch(/type Article implements Node \{[^}]*summary: String\n/);
      expect(schema).toMatch(/input ArticleInput \{[^}]*summary: String\n/);
      // --no-graphql and --graphql in place: refused while a GraphQL type refers to the resource,
      // with the fix and nothing written; the note, which no type refers to, comes in and goes out.
      const refused = rest(dir, 'api', 'category', '--no-graphql', '--yes');
      expect(refused.status, refused.output).toBe(1);
      expect(refused.output).toMatch(/article refers to category in GraphQL[\s\S]*--no-graphql/);
      const schemaPath = join(dir, 'src/graphql/schema.graphql');
      expect(readFileSync(schemaPath, 'utf8')).toBe(schema);
      const resolver = join(dir, 'src/notes/notes.resolver.ts');
      passed('rest api note --graphql', rest(dir, 'api', 'note', '--graphql', '--yes'));
      expect(existsSync(resolver)).toBe(true);
      expect(readFileSync(schemaPath, 'utf8')).toMatch(/type Note implements Node/);
      expect(readFileSync(join(dir, 'src/notes/notes.module.ts'), 'utf8')).toContain(
        'NotesResolver',
      );
      passed('tsc --noEmit', run('npx', ['tsc', '--noEmit'], dir));
      passed('rest api note --no-graphql', rest(dir, 'api', 'note', '--no-graphql', '--yes'));
      expect(existsSync(resolver)).toBe(false);
      expect(readFileSync(schemaPath, 'utf8')).not.toMatch(/\bNote\b/);
      expect(readFileSync(join(dir, 'src/notes/notes.module.ts'), 'utf8')).not.toContain(
        'Resolver',
      );
      expect(
        JSON.parse(readFileSync(join(dir, 'restsmith.json'), 'utf8')).resources,
      ).toContainEqual(expect.objectContaining({ name: 'note', graphql: false }));
      passed('npm run lint', run('npm', ['run', 'lint'], dir));
      passed('tsc --noEmit', run('npx', ['tsc', '--noEmit'], dir));
    },
    LONG,
  );
});
