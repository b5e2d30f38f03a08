// test/social-sign-in.e2e-spec.ts: POST /auth/<provider> over HTTP against a stand-in provider the test serves.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';
import { SOCIAL_PROFILES_PATH } from '../users/users.social.js';

/** The stand-in: each provider's user API, answering for the accounts of the tokens it knows. */
const STAND_IN = `
interface Account {
  id: string;
  name: string;
  email: string;
  verified: boolean;
}

/** Answers as the user APIs of Facebook, GitHub and Google do; \`down\` and \`slow\` are tokens of a provider in trouble. */
function answer(accounts: Map<string, Account>, request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://stand-in');
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const token = url.pathname === '/me' ? url.searchParams.get('access_token') : bearer;
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (token === 'down') return send(503, { message: 'Service Unavailable' });
  if (token === 'slow') {
    setTimeout(() => send(200, {}), 1000);
    return;
  }
  const account = token ? accounts.get(token) : undefined;
  // Facebook answers 400 to a token it does not know, GitHub and Google 401.
  if (!account) return send(url.pathname === '/me' ? 400 : 401, { message: 'Bad credentials' });
  const picture = \`https://pictures.example.com/\${account.id}.png\`;
  switch (url.pathname) {
    case '/user':
      return send(200, { id: Number(account.id), login: account.name.toLowerCase(), name: account.name, avatar_url: picture });
    case '/user/emails':
      return send(200, [{ email: account.email, primary: true, verified: account.verified }]);
    case '/oauth2/v3/userinfo':
      return send(200, { sub: account.id, name: account.name, picture, email: account.email, email_verified: account.verified });
    case '/me':
      return send(200, { id: account.id, name: account.name, picture: { data: { url: picture } }, ...(account.verified ? { email: account.email } : {}) });
    default:
      return send(404, { message: 'Not Found' });
  }
}

async function startStandIn(accounts: Map<string, Account>): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) =>
    answer(accounts, request, response),
  );
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: \`http://127.0.0.1:\${port}\`,
    stop: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}
`;

/**
 * With password sign-in: linking an account whose e-mail was never confirmed here ends its password and
 * its tokens (whoever set them may have planted the account: pre-hijack).
 */
const linkPasswordUser = (
  linker: string,
) => `  it('links a password user with the same verified e-mail, ending the password and tokens nobody proved were theirs', async () => {
    const grace = await signUp(app, email('grace'));
    const before = await http().post('/auth').auth(grace.email, PASSWORD).send({ access_token: MASTER_KEY }).expect(201);
    const linked = await http().post('/auth/${linker}').send({ access_token: account('Grace', grace.email) }).expect(201);
    expect(linked.body.user.id).toBe(grace.id);
    await http().post('/auth').auth(grace.email, PASSWORD).send({ access_token: MASTER_KEY }).expect(401);
    await http().get('/users/me').set('Authorization', \`Bearer \${before.body.token}\`).expect(401);
    await http().get('/users/me').set('Authorization', \`Bearer \${linked.body.token}\`).expect(200);
  });

`;

/** Social only: a user made with the master key (POST /users) signs in through the provider. */
const linkCreatedUser = (
  linker: string,
) => `  it('links a user created with the master key to the provider account of the same verified e-mail', async () => {
    const grace = await signUp(app, email('grace'));
    const linked = await http().post('/auth/${linker}').send({ access_token: account('Grace', grace.email) }).expect(201);
    expect(linked.body.user.id).toBe(grace.id);
    await http().get('/users/me').set('Authorization', \`Bearer \${linked.body.token}\`).expect(200);
  });

`;

const refusePassword = (
  first: string,
) => `  it('refuses password sign-in to a user made by social sign-in, as a wrong password (401)', async () => {
    await http().post('/auth/${first}').send({ access_token: account('Lin', email('lin')) }).expect(201);
    await http().post('/auth').auth(email('lin'), PASSWORD).send({ access_token: MASTER_KEY }).expect(401);
  });

`;

/** Social only: there is no Basic sign-in route. */
const NO_PASSWORD_ROUTE = `  it('has no password sign-in: POST /auth is a 404', async () => {
    await http().post('/auth').send({ access_token: MASTER_KEY }).expect(404);
  });

`;

export function socialSignInE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const password = hasPassword(options);
  const providers = socialProviders(options);
  const first = providers[0]!;
  // The link test signs in through another provider than the first, when there is one.
  const linker = providers[1] ?? first;
  const urls = `{ ${providers.map((provider) => `${provider}: standIn.url`).join(', ')} }`;
  return tsFile(
    'test/social-sign-in.e2e-spec.ts',
    [
      pkg('node:http', 'createServer'),
      pkgTypes('node:http', 'IncomingMessage', 'ServerResponse'),
      pkgTypes('node:net', 'AddressInfo'),
      pkg('@nestjs/testing', 'Test'),
      appTypeImport(options),
      ...testHttp(options).imports,
      { from: 'src/app.module.ts', named: ['AppModule'] },
      { from: SOCIAL_PROFILES_PATH, named: ['SocialProfiles'] },
      use('appSetup', 'configureApp', ...(options.http === 'fastify' ? ['createAdapter'] : [])),
      use('testApp', 'describeWithDatabase'),
      {
        from: 'test/app.ts',
        named: ['MASTER_KEY', ...(password ? ['PASSWORD'] : []), 'newRun', 'signUp'],
      },
    ],
    [
      block(STAND_IN),
      block(`
const PROVIDERS = [${providers.map((provider) => `'${provider}'`).join(', ')}] as const;

describeWithDatabase('Social sign-in (e2e, against a stand-in provider served by this test)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;
  const accounts = new Map<string, Account>();
  let serial = 0;
  /** A new account at the stand-in; its token is what a client would send. */
  const account = (name: string, address: string, verified = true): string => {
    serial += 1;
    const token = \`token-\${serial}-\${run}\`;
    accounts.set(token, { id: \`\${Date.now()}\${serial}\`, name, email: address, verified });
    return token;
  };
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let app: ${platform.app};
  const http = () => ${testHttp(options).client};

  beforeAll(async () => {
    standIn = await startStandIn(accounts);
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(SocialProfiles)
      // A short time limit, so that the slow provider below fails fast.
      .useValue(new SocialProfiles(${urls}, 300))
      .compile();
    app = configureApp(${platform.testApplication});
    await app.init();${platform.ready}
  });

  afterAll(async () => {
    await app.close();
    await standIn.stop();
  });

  it.each(PROVIDERS)('%s: creates a user from the profile, without the master key, then finds the same user', async (provider: (typeof PROVIDERS)[number]) => {
    const token = account(\`Ada \${provider}\`, email(\`ada-\${provider}\`));
    const created = await http().post(\`/auth/\${provider}\`).send({ access_token: token }).expect(201);
    expect(created.body.user).toMatchObject({ name: \`Ada \${provider}\`, email: email(\`ada-\${provider}\`) });
    expect(created.body.user.picture).toMatch(/^https:\\/\\/pictures\\.example\\.com\\//);
    expect(Object.keys(created.body).sort()).toEqual([${options.refreshTokens ? "'refreshToken', " : ''}'token', 'user']);
    expect(created.body.token).toEqual(expect.any(String));
    const me = await http().get('/users/me').set('Authorization', \`Bearer \${created.body.token}\`).expect(200);
    expect(me.body.id).toBe(created.body.user.id);
    // The token may come as a Bearer header too.
    const again = await http().post(\`/auth/\${provider}\`).set('Authorization', \`Bearer \${token}\`).expect(201);
    expect(again.body.user.id).toBe(created.body.user.id);
  });

${password ? linkPasswordUser(linker) : linkCreatedUser(linker)}  it('never links or creates from an unverified e-mail (403)', async () => {
    const owner = await signUp(app, email('owner'));
    for (const address of [owner.email, email('unverified')]) {
      const refused = await http().post('/auth/${first}').send({ access_token: account('Mallory', address, false) }).expect(403);
      expect(refused.body.message).toMatch(/no verified e-mail/);
    }
  });

${password ? refusePassword(first) : NO_PASSWORD_ROUTE}  it('answers 401 to a missing token and to one the provider does not know', async () => {
    expect((await http().post('/auth/${first}').send({}).expect(401)).body.message).toMatch(/access_token/);
    const unknown = await http().post('/auth/${first}').send({ access_token: 'not-a-token' }).expect(401);
    expect(unknown.body.message).toMatch(/unknown, expired or revoked/);
  });

  it('answers 502 with a reason when the provider fails, answers too late or cannot be reached', async () => {
    expect((await http().post('/auth/${first}').send({ access_token: 'down' }).expect(502)).body.message).toMatch(/answered 503/);
    expect((await http().post('/auth/${first}').send({ access_token: 'slow' }).expect(502)).body.message).toMatch(/did not answer within/);
    await standIn.stop();
    const unreachable = await http().post('/auth/${first}').send({ access_token: 'any' }).expect(502);
    expect(unreachable.body.message).toMatch(/could not be reached/);
  });
});
`),
    ],
  );
}
