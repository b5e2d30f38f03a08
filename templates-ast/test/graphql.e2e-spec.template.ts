// test/graphql.e2e-spec.ts (`--graphql`): POST /graphql with users: sign-up, sign-in, `me`, the access codes, the limits.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';
import { hasSignInField } from '../graphql/auth.resolver.template.js';
import { GRAPHQL_LIMITS } from '../graphql/graphql-limits-defaults.js';

export function graphqlE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const http = testHttp(options);
  const password = hasPassword(options) ? ", password: 'horse-battery-9'" : '';
  return tsFile(
    'test/graphql.e2e-spec.ts',
    [
      appTypeImport(options),
      ...http.imports,
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      { from: 'test/app.ts', named: ['newRun', 'signUp'] },
    ],
    [
      block(`
/** Apps hold the client key (test/setup-env.ts sets it). */
const CLIENT_KEY = process.env.CLIENT_KEY ?? '';

describeWithDatabase('POST /graphql (e2e)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;
  let app: ${platform.app};
  const http = () => ${http.client};
  /** A query with its variables, and a token or key as Bearer. */
  const graphql = (query: string, variables: Record<string, unknown> = {}, token?: string) =>
    http()
      .post('/graphql')
      .set(token ? { Authorization: \`Bearer \${token}\` } : {})
      .send({ query, variables });
  const signUpMutation = 'mutation ($input: UserInput!) { createUser(input: $input) { id email } }';

  beforeAll(async () => {
    app = await createTestApp();
  });

  afterAll(async () => {
    await app.close();
  });

  it('signs a user up with the client key${hasSignInField(options) ? ', signs them in and answers me' : ''}', async () => {
    const input = { email: email('gina')${password} };
    const created = await graphql(signUpMutation, { input }, CLIENT_KEY).expect(200);
    expect(created.body.data.createUser).toMatchObject({ email: input.email });${
      hasSignInField(options)
        ? `
    const signedIn = await graphql(
      'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { token user { id } } }',
      input,
      CLIENT_KEY,
    ).expect(200);
    const { token, user } = signedIn.body.data.signIn;
    expect(user.id).toBe(created.body.data.createUser.id);
    const me = await graphql('{ me { id email } }', {}, token).expect(200);
    expect(me.body.data.me).toEqual({ id: user.id, email: input.email });
    const wrong = await graphql(
      'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }',
      { ...input, password: 'not-her-password-9' },
      CLIENT_KEY,
    ).expect(200);
    expect(wrong.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');`
        : ''
    }
  });

  it('refuses a role with the client key, as POST /users does', async () => {
    const input = { email: email('mallory')${password}, role: 'ADMIN' };
    const response = await graphql(signUpMutation, { input }, CLIENT_KEY).expect(200);
    expect(response.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  it('answers UNAUTHENTICATED without a token and FORBIDDEN to a user for the admin list', async () => {
    const anonymous = await graphql('{ me { id } }').expect(200);
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const ada = await signUp(app, email('ada'));
    const users = await graphql('{ users { id } }', {}, ada.token).expect(200);
    expect(users.body.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const page = await graphql('{ usersPage { total } }', {}, ada.token).expect(200);
    expect(page.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('counts the entries of a page field by its limit against GRAPHQL_MAX_COMPLEXITY', async () => {
    // Pages of 100 users of 5 fields, 500 each: past the limit whatever the default page of a list.
    const pages = Array.from({ length: ${Math.floor(GRAPHQL_LIMITS.complexity / 500) + 1} }, (_, index) => \`p\${index}: usersPage(limit: 100) { items { id name picture email createdAt } }\`);
    const response = await graphql(\`{ \${pages.join(' ')} }\`).expect(400);
    expect(response.body.errors[0].message).toContain('GRAPHQL_MAX_COMPLEXITY');
  });

  it('answers a query asked again (then run compiled, by graphql-jit) as it answered it first', async () => {
    const ada = await signUp(app, email('again'));
    const read = 'query ($id: ID!) { user(id: $id) { id name } }';
    const found = await graphql(read, { id: ada.id }).expect(200);
    expect(found.body.data.user.id).toBe(ada.id);
    expect((await graphql(read, { id: ada.id }).expect(200)).body).toEqual(found.body);
    // Errors, and the null of a field that failed, alike too.
    const failing = '{ user(id: "not-an-id") { id } me { id } }';
    const refused = await graphql(failing).expect(200);
    expect(refused.body.errors.map((error: { extensions: { code: string } }) => error.extensions.code).sort()).toEqual(['BAD_USER_INPUT', 'UNAUTHENTICATED']);
    for (let ask = 0; ask < 2; ask += 1) {
      expect((await graphql(failing).expect(200)).body).toEqual(refused.body);
    }
  });

  it('checks arguments as the REST routes do: a 400 reason with BAD_USER_INPUT', async () => {
    const response = await graphql('{ user(id: "not-an-id") { id } }').expect(200);
    expect(response.body.data.user).toBeNull();
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses more aliases than GRAPHQL_MAX_ALIASES, before running anything', async () => {
    const id = '"00000000-0000-4000-8000-000000000000"';
    const aliases = Array.from({ length: ${GRAPHQL_LIMITS.aliases + 1} }, (_, index) => \`u\${index}: user(id: \${id}) { id }\`);
    const response = await graphql(\`{ \${aliases.join(' ')} }\`).expect(400);
    expect(response.body.errors[0].message).toContain('GRAPHQL_MAX_ALIASES');
  });

  it('refuses introspection outside development, and batches, and text that does not parse', async () => {
    const introspection = await graphql('{ __schema { types { name } } }').expect(400);
    expect(introspection.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    await http().post('/graphql').send([{ query: '{ me { id } }' }]).expect(400);
    const broken = await graphql('{ me { id }').expect(400);
    expect(broken.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});
`),
    ],
  );
}
