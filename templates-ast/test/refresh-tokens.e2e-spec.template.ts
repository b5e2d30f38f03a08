// test/refresh-tokens.e2e-spec.ts (--refresh-tokens): rotation, reuse detection, sign-out, sign-out everywhere, over HTTP.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';

/** A new session: POST /auth with the password. */
const SIGN_IN_WITH_PASSWORD = `  const signIn = async (user: SignedUp): Promise<Pair> =>
    (await http().post('/auth').auth(user.email, PASSWORD).send({ access_token: MASTER_KEY }).expect(201)).body;
`;

/** Social only: a new session as POST /auth/<provider> starts one once the provider vouched for the user. */
const SIGN_IN_AS_PROVIDER = `  const signIn = (user: SignedUp): Promise<Pair> =>
    app.get(AuthService).signIn({ id: user.id, role: 'user' });
`;

/** Password sign-in only: a password change ends the sessions. */
const PASSWORD_CHANGE = `  it('ends the sessions of a user whose password changed', async () => {
    const fay = await signUp(app, email('fay'));
    const pair = await signIn(fay);
    await http().put(\`/users/\${fay.id}/password\`).auth(fay.email, PASSWORD).send({ password: 'new secret' }).expect(200);
    await refresh(pair.refreshToken).expect(401);
  });

`;

/** --graphql: the sessions as mutations, with REST's answers and refusals. */
const graphqlSessions = (password: boolean) => `
  it('walks a session through GraphQL: ${password ? 'signIn, ' : ''}refreshSession, reuse, signOut and signOutEverywhere', async () => {
    /** The data of a query, or the first error's code. */
    const graphql = async (query: string, variables: Record<string, unknown> = {}, token?: string) => {
      const { body } = await http().post('/graphql').set(token ? bearer(token) : {}).send({ query, variables }).expect(200);
      return body.errors ? { code: body.errors[0].extensions.code as string, message: body.errors[0].message as string } : body.data;
    };
    const refreshSession = (refreshToken: unknown) =>
      graphql('mutation ($refreshToken: String!) { refreshSession(refreshToken: $refreshToken) { token refreshToken user { id } } }', { refreshToken });
    const gil = await signUp(app, email('gil'));${
      password
        ? `
    const { signIn: first } = await graphql(
      'mutation ($email: String!, $password: String!) { signIn(email: $email, password: $password) { token refreshToken user { id } } }',
      { email: gil.email, password: PASSWORD },
      MASTER_KEY,
    );
    expect(first.user.id).toBe(gil.id);`
        : `
    const first = await signIn(gil);`
    }
    const { refreshSession: next } = await refreshSession(first.refreshToken);
    expect(next.user.id).toBe(gil.id);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    await me(next.token).expect(200);
    // A refresh token used twice ends its session, as on POST /auth/refresh.
    expect(await refreshSession(first.refreshToken)).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.stringMatching(/used before/) });
    await me(next.token).expect(401);
    expect(await refreshSession('x'.repeat(201))).toMatchObject({ code: 'BAD_USER_INPUT' });
    // Sign-out ends this session only; sign-out everywhere ends the others.
    const [phone, laptop, tablet] = [await signIn(gil), await signIn(gil), await signIn(gil)];
    expect(await graphql('mutation { signOut }', {}, phone.token)).toEqual({ signOut: true });
    await me(phone.token).expect(401);
    expect(await refreshSession(phone.refreshToken)).toMatchObject({ code: 'UNAUTHENTICATED' });
    await me(laptop.token).expect(200);
    expect(await graphql('mutation { signOutEverywhere }', {}, laptop.token)).toEqual({ signOutEverywhere: true });
    for (const pair of [laptop, tablet]) await me(pair.token).expect(401);
    expect(await graphql('mutation { signOut }')).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
`;

export function refreshTokensE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const password = hasPassword(options);
  return tsFile(
    'test/refresh-tokens.e2e-spec.ts',
    [
      pkg('@nestjs/testing', 'Test'),
      appTypeImport(options),
      ...testHttp(options).imports,
      { from: 'src/app.module.ts', named: ['AppModule'] },
      use('appSetup', 'configureApp', ...(options.http === 'fastify' ? ['createAdapter'] : [])),
      use('rateLimit', 'RateLimiters'),
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      ...(password ? [] : [{ from: 'src/auth/auth.service.ts', named: ['AuthService'] }]),
      {
        from: 'test/app.ts',
        named: [...(password ? ['MASTER_KEY', 'PASSWORD'] : []), 'newRun', 'signUp'],
        types: ['SignedUp'],
      },
    ],
    [
      block(`
interface Pair {
  token: string;
  refreshToken: string;
}

describeWithDatabase('Sessions and refresh tokens (e2e)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;
  let app: ${platform.app};
  const http = () => ${testHttp(options).client};
  const bearer = (token: string) => ({ Authorization: \`Bearer \${token}\` });

${password ? SIGN_IN_WITH_PASSWORD : SIGN_IN_AS_PROVIDER}  const refresh = (refreshToken: unknown) => http().post('/auth/refresh').send({ refreshToken });
  const me = (token: string) => http().get('/users/me').set(bearer(token));

  beforeAll(async () => {
    app = await createTestApp();
  });

  afterAll(async () => {
    await app.close();
  });

  it('trades a refresh token for a new pair, once: the new tokens work', async () => {
    const ada = await signUp(app, email('ada'));
    const first = await signIn(ada);
    const response = await refresh(first.refreshToken).expect(201);
    expect(Object.keys(response.body).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(response.body.user).toMatchObject({ id: ada.id, email: ada.email });
    expect(response.body.refreshToken).not.toBe(first.refreshToken);
    // Tokens in the answer: no cache on the way may keep it.
    expect(response.headers['cache-control']).toBe('no-store');
    await me(response.body.token).expect(200);
    await refresh(response.body.refreshToken).expect(201);
  });

  it('answers 401 to a made-up refresh token of a live session, which goes on', async () => {
    const ada = await signUp(app, email('made-up'));
    const pair = await signIn(ada);
    // The session id is no secret (it is the access token's sid): anyone can write <sid>.<anything>.
    const [sid] = pair.refreshToken.split('.');
    for (const forged of [\`\${sid}.x\`, \`\${sid}.\${'a'.repeat(43)}.\${'b'.repeat(43)}\`, \`\${sid}\`]) {
      await refresh(forged).expect(401);
    }
    await me(pair.token).expect(200);
    await refresh(pair.refreshToken).expect(201);
  });

  it('ends the whole session when a refresh token is used twice (reuse detection)', async () => {
    const bob = await signUp(app, email('bob'));
    const stolen = await signIn(bob);
    const next: Pair = (await refresh(stolen.refreshToken).expect(201)).body;
    const reused = await refresh(stolen.refreshToken).expect(401);
    expect(reused.body.message).toMatch(/used before/);
    await refresh(next.refreshToken).expect(401);
    await me(next.token).expect(401);
    await me(stolen.token).expect(401);
  });

  it('signs out one session: its tokens stop working, the other session goes on', async () => {
    const carol = await signUp(app, email('carol'));
    const [phone, laptop] = [await signIn(carol), await signIn(carol)];
    await http().post('/auth/sign-out').set(bearer(phone.token)).expect(204);
    await me(phone.token).expect(401);
    await refresh(phone.refreshToken).expect(401);
    await me(laptop.token).expect(200);
    await refresh(laptop.refreshToken).expect(201);
  });

  it('signs out everywhere with DELETE /users/me/sessions, and only that user', async () => {
    const dan = await signUp(app, email('dan'));
    const eve = await signUp(app, email('eve'));
    const [phone, laptop, other] = [await signIn(dan), await signIn(dan), await signIn(eve)];
    await http().delete('/users/me/sessions').set(bearer(laptop.token)).expect(204);
    for (const pair of [phone, laptop]) {
      await me(pair.token).expect(401);
      await refresh(pair.refreshToken).expect(401);
    }
    await me(other.token).expect(200);
  });

${password ? PASSWORD_CHANGE : ''}  it('answers 400 for a missing or malformed body and 401 for an unknown refresh token', async () => {
    await http().post('/auth/refresh').send({}).expect(400);
    await refresh(42).expect(400);
    await refresh('x'.repeat(201)).expect(400);
    const unknown = await refresh('3f1c0b5e-2a4b-4c8d-9e0f-123456789abc.not-a-secret').expect(401);
    expect(unknown.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    await refresh('not a token').expect(401);
  });

${options.graphql ? graphqlSessions(password) : ''}  it('answers 401 to sign-out and sign-out everywhere without a valid access token', async () => {
    await http().post('/auth/sign-out').expect(401);
    await http().delete('/users/me/sessions').expect(401);
    await http().post('/auth/sign-out').set(bearer('not.a.token')).expect(401);
  });
});

describeWithDatabase('POST /auth/refresh rate limit (e2e)', () => {
  let app: ${platform.app};

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(RateLimiters)
      .useValue(
        new RateLimiters({
          requests: { points: 1000, seconds: 60 },
          attempts: { points: 2, seconds: 60 },
          attemptsPerAccount: { points: 2, seconds: 60 },
        }),
      )
      .compile();
    app = configureApp(
      ${platform.testApplication},
    );
    await app.init();${platform.ready}
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 429 with Retry-After past THROTTLE_AUTH_LIMIT refresh attempts from one address', async () => {
    const attempt = () => ${testHttp(options).client}.post('/auth/refresh').send({ refreshToken: 'guess' });
    await attempt().expect(401);
    await attempt().expect(401);
    const limited = await attempt().expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
`),
    ],
  );
}
