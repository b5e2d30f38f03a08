// `rest new --graphql` (issue 33): what the choice adds to a project, that it compiles with every database,
// platform and account choice, and that src/graphql/schema.graphql is printed from the files about to be written.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { renderFiles } from '../../src/engine/render.js';
import { normaliseProjectOptions, type ProjectInput } from '../../src/project/project-options.js';
import { withGraphqlSchema } from '../../src/project-schema/graphql-schema-file.js';
import { resourceOptions } from '../../src/resource/resource-options.js';
import { projectFiles } from '../../templates-ast/project.js';
import { resourceFiles } from '../../templates-ast/resource.js';
import { renderProject } from './render.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');

const context = {
  auth: true,
  resources: ['category'],
  modules: [],
  endpoints: [],
  migrationTimestamp: 1_700_000_000_001,
};

/** A project with a category and an owned article that refers to it, rendered and fully type-checked. */
async function renderWithResources(input: ProjectInput) {
  const options = normaliseProjectOptions({ name: 'blog', packageManager: 'npm', ...input });
  const category = resourceOptions(
    { name: 'category', fields: 'name' },
    { ...context, resources: [] },
  );
  const article = resourceOptions(
    {
      name: 'article',
      fields: 'title views:number category:ref:category',
      ...(options.auth ? { owner: 'author' } : {}),
    },
    { ...context, auth: options.auth },
  );
  const project = { ...options, resources: [category, article] };
  const files = await renderFiles([
    ...projectFiles(project),
    ...resourceFiles(project, category),
    ...resourceFiles(project, article),
  ]);
  return { project, files };
}

/** src/graphql/schema.graphql as printed from `files` before any is on disk. */
function printedSchema(files: Parameters<typeof withGraphqlSchema>[1]): string {
  const root = join(mkdtempSync(join(tmpdir(), 'graphql-schema-')), 'blog');
  return withGraphqlSchema(root, files).find((file) => file.path === 'src/graphql/schema.graphql')!
    .text;
}

describe('rest new --graphql', () => {
  it('adds POST /graphql, its resolvers, its limits and its packages; nothing of it without the flag', async () => {
    const { text, files } = await renderProject({ database: 'sqlite', graphql: true });
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'src/graphql/graphql.controller.ts',
        'src/graphql/graphql.service.ts',
        'src/users/users.resolver.ts',
        'src/auth/auth.resolver.ts',
        'test/graphql.e2e-spec.ts',
      ]),
    );
    expect(flat(text('src/app.module.ts'))).toContain('GraphqlModule, ],');
    expect(flat(text('src/users/users.module.ts'))).toContain(
      'providers: [UsersService, UsersResolver]',
    );
    expect(text('.env')).toMatch(/^GRAPHQL_MAX_DEPTH=8$/m);
    expect(text('src/config/environment.ts')).toContain('GRAPHQL_MAX_COMPLEXITY: number = 5000;');
    expect(JSON.parse(text('package.json')).dependencies).toMatchObject({
      graphql: expect.any(String),
      dataloader: expect.any(String),
      'graphql-jit': expect.any(String),
    });
    expect(JSON.parse(text('restsmith.json')).graphql).toBe(true);
    expect(text('Dockerfile')).toContain('COPY --from=build /app/src/graphql/schema.graphql');
    expect(text('README.md')).toContain('## GraphQL');

    const plain = await renderProject({ database: 'sqlite' });
    expect(plain.files.some((file) => file.path.includes('graphql'))).toBe(false);
    expect(plain.text('package.json')).not.toContain('"graphql"');
    expect(JSON.parse(plain.text('restsmith.json'))).not.toHaveProperty('graphql');
  });

  it.each([
    { database: 'sqlite' },
    { database: 'postgres', http: 'fastify', auth: false },
    { database: 'mongodb', emailConfirmation: true, passwordReset: true },
    { database: 'mysql', authMethods: 'password,github', refreshTokens: true },
    { database: 'postgres', http: 'fastify', emailConfirmation: true, passwordReset: true },
    { database: 'sqlite', http: 'fastify', authMethods: 'github', refreshTokens: true },
  ])('compiles with its resources and resolvers: %j', async (input) => {
    // renderFiles type-checks the whole project (check: 'full') and throws on any error.
    const { project, files } = await renderWithResources({ ...input, graphql: true });
    const resolver = files.find((file) => file.path === 'src/articles/articles.resolver.ts')!.text;
    expect(resolver).toContain("@ResolveField('Article', 'category')");
    expect(resolver).toContain("context.load('Category', article.category as string)");
    expect(flat(resolver)).toContain(
      `@Mutation('createArticle') @Access('${project.auth ? 'user' : 'public'}')`,
    );
    // The service loads the references GraphQL asks for in one query.
    expect(files.find((file) => file.path === 'src/articles/articles.service.ts')!.text).toContain(
      'findMany(ids: readonly string[])',
    );
    // Sign-in where there are passwords, the sessions' mutations where there are sessions.
    const auth = files.find((file) => file.path === 'src/auth/auth.resolver.ts')?.text ?? '';
    expect(auth.includes("@Mutation('signIn')")).toBe(
      project.auth && project.authMethods.includes('password'),
    );
    expect(auth.includes("@Mutation('refreshSession')")).toBe(project.refreshTokens);
  });

  it('prints src/graphql/schema.graphql from the files about to be written, before any is on disk', async () => {
    const { files } = await renderWithResources({ database: 'sqlite', graphql: true });
    const root = join(mkdtempSync(join(tmpdir(), 'graphql-schema-')), 'blog');
    const written = withGraphqlSchema(root, files);
    const schema = written.find((file) => file.path === 'src/graphql/schema.graphql')!;
    expect(schema.text).toMatch(/^# The GraphQL schema POST \/graphql serves/);
    const built = buildSchema(schema.text);
    expect(Object.keys(built.getQueryType()!.getFields())).toEqual(
      expect.arrayContaining(['me', 'users', 'categories', 'category', 'articles', 'article']),
    );
    expect(Object.keys(built.getMutationType()!.getFields())).toContain('signIn');
    // Each list has a page field beside it: REST's cursor and count, in ArticlePage.
    const pageField = built.getQueryType()!.getFields().articlesPage!;
    expect(String(pageField.type)).toBe('ArticlePage!');
    expect(pageField.args.map((arg) => arg.name)).toEqual(
      expect.arrayContaining(['q', 'limit', 'sort', 'after', 'count', 'views_gte', 'category']),
    );
    expect(
      Object.entries(
        (
          built.getType('ArticlePage') as { getFields(): Record<string, { type: unknown }> }
        ).getFields(),
      ).map(([name, field]) => `${name}: ${String(field.type)}`),
    ).toEqual(['items: [Article!]!', 'total: Int', 'next: String']);
    expect(String(built.getQueryType()!.getFields().usersPage!.type)).toBe('UserPage!');
    // What others see of a user: no e-mail unless it is theirs (REST's public view).
    expect(built.getType('User')!.toString()).toBe('User');
    expect(
      String(
        (built.getType('User') as { getFields(): Record<string, { type: unknown }> }).getFields()
          .email!.type,
      ),
    ).toBe('String');
    // Without the account options there are no mutations of theirs.
    expect(Object.keys(built.getMutationType()!.getFields())).not.toContain('resetPassword');
    // A project without GraphQL is left as it was.
    const plain = await renderWithResources({ database: 'sqlite' });
    expect(withGraphqlSchema(root, plain.files)).toBe(plain.files);
  });

  it("serves the account options as mutations where they are on, with their routes' access", async () => {
    const { files } = await renderWithResources({
      database: 'sqlite',
      graphql: true,
      passwordReset: true,
      emailConfirmation: true,
    });
    const schema = printedSchema(files);
    const mutations = buildSchema(schema).getMutationType()!.getFields();
    expect(String(mutations.requestPasswordReset!.type)).toBe('Boolean!');
    expect(
      mutations.requestPasswordReset!.args.map((arg) => `${arg.name}: ${String(arg.type)}`),
    ).toEqual(['email: String!', 'link: String!']);
    expect(String(mutations.resetPassword!.type)).toBe('User!');
    expect(String(mutations.confirmEmail!.type)).toBe('User!');
    expect(
      mutations.resendConfirmation!.args.map((arg) => `${arg.name}: ${String(arg.type)}`),
    ).toEqual(['email: String!', 'link: String']);
    // The client key asks for mails; a mailed token is all the rest needs, as on the REST routes.
    expect(flat(schema)).toMatch(
      /requestPasswordReset\(email: String!, link: String!\): Boolean! @clientKey/,
    );
    expect(flat(schema)).toMatch(/resetPassword\(token: String!, password: String!\): User!(?! @)/);
    const text = (path: string) => files.find((file) => file.path === path)!.text;
    expect(flat(text('src/password-resets/password-resets.module.ts'))).toContain(
      'providers: [PasswordResetsService, PasswordResetsResolver]',
    );
    expect(flat(text('src/password-resets/password-resets.resolver.ts'))).toContain(
      "@Mutation('requestPasswordReset') @Access('client') @LimitAttempts()",
    );
    expect(flat(text('src/users/users.resolver.ts'))).toContain(
      "@Mutation('confirmEmail') @Access('public') @LimitAttempts()",
    );
    expect(text('test/password-resets.e2e-spec.ts')).toContain('requestPasswordReset');
    expect(text('test/email-confirmations.e2e-spec.ts')).toContain('resendConfirmation');
  });

  it('serves sessions as mutations with --refresh-tokens: signIn answers the refresh token', async () => {
    const { files } = await renderWithResources({
      database: 'sqlite',
      graphql: true,
      refreshTokens: true,
    });
    const schema = printedSchema(files);
    const built = buildSchema(schema);
    const fields = (name: string) =>
      Object.keys((built.getType(name) as { getFields(): Record<string, unknown> }).getFields());
    expect(fields('SignInResult')).toEqual(['token', 'refreshToken', 'user']);
    expect(flat(schema)).toContain('refreshSession(refreshToken: String!): SignInResult!');
    expect(flat(schema)).toMatch(/signOut: Boolean! @auth\b/);
    expect(flat(schema)).toMatch(/signOutEverywhere: Boolean! @auth\b/);
    const resolver = flat(files.find((file) => file.path === 'src/auth/auth.resolver.ts')!.text);
    expect(resolver).toContain("@Mutation('refreshSession') @Access('public') @LimitAttempts()");
    expect(resolver).toContain('checkedInput(RefreshTokenDto, args)');
    expect(files.find((file) => file.path === 'test/refresh-tokens.e2e-spec.ts')!.text).toContain(
      'mutation { signOutEverywhere }',
    );
    // Without sessions, a sign-in answers no refresh token.
    const plain = await renderWithResources({ database: 'sqlite', graphql: true });
    const plainSchema = printedSchema(plain.files);
    expect(plainSchema).not.toContain('refreshToken');
    expect(plainSchema).not.toContain('signOut');
  });

  it('leaves out a resource made with --no-graphql, and refuses what its absence would break', async () => {
    const options = normaliseProjectOptions({
      name: 'blog',
      packageManager: 'npm',
      database: 'sqlite',
      graphql: true,
    });
    const served = { ...context, resources: [], graphql: true };
    const note = resourceOptions({ name: 'note', fields: 'text', graphql: false }, served);
    expect(note.graphql).toBe(false);
    const project = { ...options, resources: [note] };
    // Rendered and type-checked as a whole.
    const files = await renderFiles([...projectFiles(project), ...resourceFiles(project, note)]);
    const text = (path: string) => files.find((file) => file.path === path)?.text;
    expect(text('src/notes/notes.resolver.ts')).toBeUndefined();
    expect(flat(text('src/notes/notes.module.ts')!)).toContain('providers: [NotesService]');
    expect(text('test/notes.e2e-spec.ts')).not.toContain('/graphql');
    expect(JSON.parse(text('restsmith.json')!).resources[0]).toMatchObject({ graphql: false });
    const schema = printedSchema(files);
    expect(Object.keys(buildSchema(schema).getTypeMap())).not.toContain('Note');
    expect(schema).not.toMatch(/\bnotes?\b/);

    // A type GraphQL serves cannot refer to it; --graphql needs a project with GraphQL.
    const withNote = { ...served, resources: ['note'], restOnly: ['note'] };
    expect(() =>
      resourceOptions({ name: 'comment', fields: 'body note:ref:note' }, withNote),
    ).toThrow(/note refers to note, which GraphQL leaves out/);
    expect(
      resourceOptions({ name: 'comment', fields: 'body note:ref:note', graphql: false }, withNote)
        .graphql,
    ).toBe(false);
    expect(() =>
      resourceOptions({ name: 'comment', fields: 'body', graphql: true }, context),
    ).toThrow(/this project serves no GraphQL/);
  });
});
