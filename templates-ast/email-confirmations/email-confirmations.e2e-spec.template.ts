// test/email-confirmations.e2e-spec.ts: the confirmation flow over HTTP and its errors; mail kept in an outbox.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';
import { testHttp } from '../_shared/test-http.js';
import { OUTBOX_CLASS } from '../mail/outbox.js';

const signInWithPassword = (
  created: string,
) => `    const signedIn = await http().post('/auth').auth(address, PASSWORD).send({ access_token: MASTER_KEY }).expect(201);
    return { user: ${created} as { id: string; emailConfirmed: boolean }, token: signedIn.body.token as string };`;

/** Social only: the token POST /auth/<provider> would answer once the provider vouched for the user. */
const signInAsProvider = (
  created: string,
) => `    const user = ${created} as { id: string; emailConfirmed: boolean };
    const { token } = await app.get(AuthService).signIn({ id: user.id, role: 'user' });
    return { user, token };`;

/** --graphql: resendConfirmation and confirmEmail, with REST's answers and refusals. */
const GRAPHQL_CONFIRMATIONS = `

  it('resends and confirms with the GraphQL mutations, answering anyone alike', async () => {
    const graphql = (query: string, key = true) =>
      http().post('/graphql').send({ query, ...(key ? { access_token: MASTER_KEY } : {}) }).expect(200);
    const { user } = await signUp(email('carol'));
    const before = outbox.sent.length;
    const known = await graphql(\`mutation { resendConfirmation(email: "\${email('carol')}", link: "\${LINK}") }\`);
    const unknown = await graphql(\`mutation { resendConfirmation(email: "\${email('nobody')}", link: "\${LINK}") }\`);
    expect(known.body).toEqual({ data: { resendConfirmation: true } });
    expect(unknown.body).toEqual(known.body);
    await outbox.next(email('carol'), before);
    const confirmed = await graphql(\`mutation { confirmEmail(token: "\${tokenMailedTo(email('carol'))}") { id email emailConfirmed } }\`, false);
    expect(confirmed.body).toEqual({ data: { confirmEmail: { id: user.id, email: email('carol'), emailConfirmed: true } } });
    const again = await graphql(\`mutation { confirmEmail(token: "\${tokenMailedTo(email('carol'))}") { id } }\`, false);
    expect(again.body.errors[0]).toMatchObject({ message: expect.stringMatching(/unknown, used or expired/), extensions: { code: 'NOT_FOUND' } });
    const keyless = await graphql(\`mutation { resendConfirmation(email: "\${email('carol')}") }\`, false);
    expect(keyless.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const bad = await graphql(\`mutation { resendConfirmation(email: "\${email('carol')}", link: "ftp://x/") }\`);
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });`;

export function emailConfirmationsE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const password = hasPassword(options);
  const pw = password ? ', password: PASSWORD' : '';
  // With --sign-in-on-create, POST /users answers { token, user }.
  const created = options.signInOnCreate ? 'created.body.user' : 'created.body';
  return tsFile(
    'test/email-confirmations.e2e-spec.ts',
    [
      pkg('@nestjs/testing', 'Test'),
      appTypeImport(options),
      ...testHttp(options).imports,
      { from: 'src/app.module.ts', named: ['AppModule'] },
      { from: 'src/mail/mail.service.ts', named: ['MailService'], types: ['Mail'] },
      use('appSetup', 'configureApp', ...(options.http === 'fastify' ? ['createAdapter'] : [])),
      use('testApp', 'describeWithDatabase'),
      { from: 'test/app.ts', named: ['MASTER_KEY', ...(password ? ['PASSWORD'] : []), 'newRun'] },
      ...(password ? [] : [{ from: 'src/auth/auth.service.ts', named: ['AuthService'] }]),
    ],
    [
      block(`
const LINK = 'https://app.example.com/confirm-email/';

${OUTBOX_CLASS}

describeWithDatabase('E-mail confirmation (e2e, mail to an in-memory outbox instead of SMTP)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;
  const outbox = new Outbox();
  let app: ${platform.app};
  const http = () => ${testHttp(options).client};

  /** The last message to \`address\`, once the service has handed it over. */
  const lastMailTo = (address: string) => outbox.sent.filter((mail) => mail.to === address).at(-1);
  /** The token after \`LINK\` in the last message to \`address\`. */
  const tokenMailedTo = (address: string) => lastMailTo(address)?.text.split(LINK)[1]?.split(/\\s/)[0];

  /** Signs up \`address\`, with the link base unless \`link\` is false, and answers the user and their token. */
  async function signUp(address: string, link = true) {
    const created = await http()
      .post('/users')
      .send({ access_token: MASTER_KEY, email: address${pw}, ...(link ? { link: LINK } : {}) })
      .expect(201);
${password ? signInWithPassword(created) : signInAsProvider(created)}
  }

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(MailService)
      .useValue(outbox)
      .compile();
    app = configureApp(${platform.testApplication});
    await app.init();${platform.ready}
  });

  afterAll(async () => {
    await app.close();
  });

  it('mails a link at sign-up; following it confirms the e-mail once', async () => {
    const { user, token } = await signUp(email('ada'));
    expect(user.emailConfirmed).toBe(false);
    const mail = lastMailTo(email('ada'));
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.text).toMatch(/https:\\/\\/app\\.example\\.com\\/confirm-email\\/[\\w-]{43}\\s/);
    const confirmed = await http().post('/users/confirm').send({ token: tokenMailedTo(email('ada')) }).expect(200);
    expect(confirmed.body).toMatchObject({ id: user.id, email: email('ada'), emailConfirmed: true });
    expect(confirmed.body).not.toHaveProperty('password');
    const me = await http().get('/users/me').set('Authorization', \`Bearer \${token}\`).expect(200);
    expect(me.body.emailConfirmed).toBe(true);
    const again = await http().post('/users/confirm').send({ token: tokenMailedTo(email('ada')) }).expect(404);
    expect(again.body.message).toMatch(/unknown, used or expired/);
  });

  it('mails the bare token when sign-up gives no link', async () => {
    await signUp(email('bare'), false);
    const token = /\\s([\\w-]{43})\\s/.exec(lastMailTo(email('bare'))?.text ?? '')?.[1];
    expect(token).toBeDefined();
    await http().post('/users/confirm').send({ token }).expect(200);
  });

  it('resends to an unconfirmed user only, answering 202 for anyone', async () => {
    await signUp(email('bob'));
    const first = tokenMailedTo(email('bob'));
    const before = outbox.sent.length;
    for (const address of [email('nobody'), email('ada'), email('bob')]) {
      await http().post('/users/confirm/resend').send({ access_token: MASTER_KEY, email: address, link: LINK }).expect(202);
    }
    // The mail leaves after the answer; the one to bob comes after the other two were handled.
    expect((await outbox.next(email('bob'), before))?.subject).toBe('Confirm your e-mail address');
    expect(outbox.sent.slice(before).map((mail) => mail.to)).toEqual([email('bob')]);
    const second = tokenMailedTo(email('bob'));
    expect(second).not.toBe(first);
    await http().post('/users/confirm').send({ token: second }).expect(200);
    // Confirming ends the user's other tokens.
    await http().post('/users/confirm').send({ token: first }).expect(404);
  });

  it('refuses a resend without the master key (401) and a bad e-mail or link (400)', async () => {
    await http().post('/users/confirm/resend').send({ email: email('bob') }).expect(401);
    for (const body of [{ email: 'not an e-mail' }, { email: email('bob'), link: 'javascript:alert(1)//' }]) {
      const answer = await http().post('/users/confirm/resend').send({ access_token: MASTER_KEY, ...body });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBeDefined();
    }
    await http().post('/users').send({ access_token: MASTER_KEY, email: email('eve')${pw}, link: 'ftp://x/' }).expect(400);
  });

  it('refuses a link outside APP_ORIGINS (400) on sign-up and resend: no user is made, no mail leaves', async () => {
    const before = outbox.sent.length;
    const evil = 'https://evil.example/confirm-email/';
    const refused = await http().post('/users').send({ access_token: MASTER_KEY, email: email('mallory')${pw}, link: evil }).expect(400);
    expect(refused.body.message).toMatch(/APP_ORIGINS/);
    await http().post('/users/confirm/resend').send({ access_token: MASTER_KEY, email: email('bob'), link: evil }).expect(400);
    await http().post('/users/confirm/resend').send({ access_token: MASTER_KEY, email: email('bob'), link: 'https://app.example.com.evil.example/' }).expect(400);
    expect(outbox.sent.length).toBe(before);
    // The address is still free: the refused sign-up wrote nothing.
    await http().post('/users').send({ access_token: MASTER_KEY, email: email('mallory')${pw}, link: LINK }).expect(201);
  });

  it('answers 400 without a token and 404 with a reason for one never issued', async () => {
    await http().post('/users/confirm').send({}).expect(400);
    await http().post('/users/confirm').send({ token: 42 }).expect(400);
    const unknown = await http().post('/users/confirm').send({ token: 'not-a-token' }).expect(404);
    expect(unknown.body.message).toMatch(/unknown, used or expired/);
    await http().post('/users/confirm').send({ token: 'x'.repeat(500) }).expect(404);
  });${options.graphql ? GRAPHQL_CONFIRMATIONS : ''}
});
`),
    ],
  );
}
