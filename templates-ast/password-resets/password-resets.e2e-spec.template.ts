// test/password-resets.e2e-spec.ts: the reset flow over HTTP, its errors, and what it ends; mail kept in an outbox.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';
import { OUTBOX_CLASS } from '../mail/outbox.js';
import { passwordResetModelPath } from './password-reset.entity.template.js';

/** Reads and ages the stored tokens: the repository (SQL) or the Mongoose model. */
function storedResets(options: ProjectOptions) {
  const mongo = options.database === 'mongodb';
  return {
    imports: [
      mongo
        ? pkg('@nestjs/mongoose', 'getModelToken')
        : pkg('@nestjs/typeorm', 'getRepositoryToken'),
      mongo ? pkgTypes('mongoose', 'Model') : pkgTypes('typeorm', 'Repository'),
      { from: passwordResetModelPath(options), named: ['PasswordReset'] },
    ],
    store: mongo
      ? 'app.get<Model<PasswordReset>>(getModelToken(PasswordReset.name))'
      : 'app.get<Repository<PasswordReset>>(getRepositoryToken(PasswordReset))',
    expire: mongo
      ? 'await store().updateMany({ userId }, { expiresAt: new Date(Date.now() - 1000) }).exec();'
      : 'await store().update({ userId }, { expiresAt: new Date(Date.now() - 1000) });',
    count: (user: string) =>
      mongo
        ? `store().countDocuments({ userId: ${user} }).exec()`
        : `store().countBy({ userId: ${user} })`,
  };
}

/** --graphql: requestPasswordReset and resetPassword, with REST's answers and refusals. */
const GRAPHQL_RESETS = `

  it('resets a password with the GraphQL mutations, answering a known and an unknown e-mail alike', async () => {
    const graphql = (query: string) =>
      http().post('/graphql').send({ query, access_token: MASTER_KEY }).expect(200);
    const grace = await signUp(app, email('grace'));
    const before = outbox.sent.length;
    const known = await graphql(\`mutation { requestPasswordReset(email: "\${grace.email}", link: "\${LINK}") }\`);
    const unknown = await graphql(\`mutation { requestPasswordReset(email: "\${email('nobody')}", link: "\${LINK}") }\`);
    expect(known.body).toEqual({ data: { requestPasswordReset: true } });
    expect(unknown.body).toEqual(known.body);
    const token = (await outbox.next(grace.email, before))?.text.split(LINK)[1]?.split(/\\s/)[0];
    const reset = await graphql(\`mutation { resetPassword(token: "\${token}", password: "a new secret") { id email } }\`);
    expect(reset.body).toEqual({ data: { resetPassword: { id: grace.id, email: grace.email } } });
    await http().post('/auth').auth(grace.email, 'a new secret').send({ access_token: MASTER_KEY }).expect(201);
    const again = await graphql(\`mutation { resetPassword(token: "\${token}", password: "another secret") { id } }\`);
    expect(again.body.errors[0]).toMatchObject({ message: expect.stringMatching(/unknown, used or expired/), extensions: { code: 'NOT_FOUND' } });
    const bad = await graphql(\`mutation { requestPasswordReset(email: "not an e-mail", link: "\${LINK}") }\`);
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const weak = await graphql(\`mutation { resetPassword(token: "x", password: "123") { id } }\`);
    expect(weak.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const keyless = await http().post('/graphql').send({ query: \`mutation { requestPasswordReset(email: "\${grace.email}", link: "\${LINK}") }\` }).expect(200);
    expect(keyless.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });`;

export function passwordResetsE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const stored = storedResets(options);
  // MongoDB's TTL monitor deletes expired tokens about once a minute; SQL deletes them at the next request.
  const swept =
    options.database === 'mongodb' ? '' : `\n    expect(await ${stored.count('ada.id')}).toBe(1);`;
  return tsFile(
    'test/password-resets.e2e-spec.ts',
    [
      pkg('@nestjs/testing', 'Test'),
      appTypeImport(options),
      ...testHttp(options).imports,
      { from: 'src/app.module.ts', named: ['AppModule'] },
      { from: 'src/mail/mail.service.ts', named: ['MailService'], types: ['Mail'] },
      use('appSetup', 'configureApp', ...(options.http === 'fastify' ? ['createAdapter'] : [])),
      use('testApp', 'describeWithDatabase'),
      ...stored.imports,
      {
        from: 'test/app.ts',
        named: ['MASTER_KEY', 'PASSWORD', 'newRun', 'signUp'],
        types: ['SignedUp'],
      },
    ],
    [
      block(`
const LINK = 'https://app.example.com/reset-password/';

${OUTBOX_CLASS}

describeWithDatabase('Password resets (e2e, mail to an in-memory outbox instead of SMTP)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;
  const outbox = new Outbox();
  let app: ${platform.app};
  let ada: SignedUp;
  const http = () => ${testHttp(options).client};

  /** Asks for a reset of \`address\` and answers the token mailed, if one was. */
  async function requestReset(address: string): Promise<string | undefined> {
    const before = outbox.sent.length;
    await http().post('/password-resets').send({ access_token: MASTER_KEY, email: address, link: LINK }).expect(202);
    const mail = await outbox.next(address, before);
    return mail?.text.split(LINK)[1]?.split(/\\s/)[0];
  }

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(MailService)
      .useValue(outbox)
      .compile();
    app = configureApp(${platform.testApplication});
    await app.init();${platform.ready}
    ada = await signUp(app, email('ada'));
  });

  afterAll(async () => {
    await app.close();
  });

  const store = () => ${stored.store};
  async function expireTokens(userId: string): Promise<void> {
    ${stored.expire}
  }

  it('answers 202 for a known and an unknown e-mail alike, and mails only the known one a link', async () => {
    const before = outbox.sent.length;
    const known = await http().post('/password-resets').send({ access_token: MASTER_KEY, email: ada.email, link: LINK });
    const unknown = await http().post('/password-resets').send({ access_token: MASTER_KEY, email: email('nobody'), link: LINK });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.text).toBe(unknown.text);
    const mail = await outbox.next(ada.email, before);
    expect(mail?.subject).toBe('Reset your password');
    expect(outbox.sent.filter((message) => message.to === email('nobody'))).toEqual([]);
    expect(mail?.text).toMatch(/https:\\/\\/app\\.example\\.com\\/reset-password\\/[\\w-]{43}\\s/);
  });

  it('shows whose link it is, then sets the password once and ends the old tokens and links', async () => {
    const token = (await requestReset(ada.email))!;
    const other = (await requestReset(ada.email))!;
    expect(token).not.toBe(other);
    const shown = await http().get(\`/password-resets/\${token}\`).expect(200);
    expect(shown.body).toEqual({ user: { id: ada.id, name: expect.any(String), picture: expect.any(String) } });
    const reset = await http().put(\`/password-resets/\${token}\`).send({ password: 'a new secret' }).expect(200);
    expect(reset.body).toMatchObject({ id: ada.id, email: ada.email });
    expect(reset.body).not.toHaveProperty('password');
    await http().get('/users/me').set('Authorization', \`Bearer \${ada.token}\`).expect(401);
    await http().post('/auth').auth(ada.email, PASSWORD).send({ access_token: MASTER_KEY }).expect(401);
    await http().post('/auth').auth(ada.email, 'a new secret').send({ access_token: MASTER_KEY }).expect(201);
    await http().put(\`/password-resets/\${token}\`).send({ password: 'another secret' }).expect(404);
    await http().get(\`/password-resets/\${other}\`).expect(404);
  });

  it('answers 404 with a reason for a token that was never issued', async () => {
    const answer = await http().get('/password-resets/not-a-token').expect(404);
    expect(answer.body.message).toMatch(/unknown, used or expired/);
    await http().put(\`/password-resets/\${'x'.repeat(500)}\`).send({ password: 'a new secret' }).expect(404);
  });

  it('refuses a request without the master key (401) and a bad e-mail, link or password (400)', async () => {
    await http().post('/password-resets').send({ email: ada.email, link: LINK }).expect(401);
    const bad = [
      { email: 'not an e-mail', link: LINK },
      { email: ada.email, link: 'javascript:alert(1)//' },
      { email: ada.email, link: 'ftp://example.com/' },
      { email: ada.email, link: \`https://example.com/\${'a'.repeat(500)}\` },
      { email: ada.email },
      // A link outside APP_ORIGINS would carry a genuine token to its writer.
      { email: ada.email, link: 'https://evil.example/reset-password/' },
      { email: ada.email, link: 'https://app.example.com.evil.example/reset-password/' },
    ];
    for (const body of bad) {
      const answer = await http().post('/password-resets').send({ access_token: MASTER_KEY, ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBeDefined();
    }
    const token = (await requestReset(ada.email))!;
    await http().put(\`/password-resets/\${token}\`).send({ password: '123' }).expect(400);
    await http().put(\`/password-resets/\${token}\`).send({ password: 'long enough', role: 'admin' }).expect(400);
    await http().get(\`/password-resets/\${token}\`).expect(200);
  });

  it('ends a token when PASSWORD_RESET_TTL has passed', async () => {
    const token = (await requestReset(ada.email))!;
    await expireTokens(ada.id);
    const answer = await http().get(\`/password-resets/\${token}\`).expect(404);
    expect(answer.body.message).toMatch(/unknown, used or expired/);
    await http().put(\`/password-resets/\${token}\`).send({ password: 'a new secret' }).expect(404);
    await requestReset(ada.email);${swept}
  });${options.graphql ? GRAPHQL_RESETS : ''}
});
`),
    ],
  );
}
