// test/sessions.e2e-spec.ts: passwords and tokens under attack: no oracle, credentials before the body, tokens end.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';

export function sessionsE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  // With sessions a token also names its session (`sid`), which validate() checks too.
  const sid = options.refreshTokens
    ? [
        "const sid: string = JSON.parse(Buffer.from(ada.token.split('.')[1], 'base64url').toString('utf8')).sid;",
        ', sid',
        ', sessionId: sid',
      ]
    : ['', '', ''];
  return tsFile(
    'test/sessions.e2e-spec.ts',
    [
      appTypeImport(options),
      ...testHttp(options).imports,
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      {
        from: 'test/app.ts',
        named: ['MASTER_KEY', 'PASSWORD', 'newRun', 'signUp'],
        types: ['SignedUp'],
      },
      { from: 'src/auth/jwt.strategy.ts', named: ['JwtStrategy'] },
    ],
    [
      block(`
describeWithDatabase('Passwords and sessions (e2e)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;
  let app: ${platform.app};
  let ada: SignedUp;
  let bob: SignedUp;
  const http = () => ${testHttp(options).client};

  beforeAll(async () => {
    app = await createTestApp();
    ada = await signUp(app, email('ada'));
    bob = await signUp(app, email('bob'));
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers an unknown e-mail, a wrong password and another user\\'s right password alike', async () => {
    const guesses: [string, string][] = [
      [email('nobody'), PASSWORD],
      [ada.email, 'wrong password'],
      [ada.email, PASSWORD],
    ];
    const answers = [];
    for (const [address, password] of guesses) {
      answers.push(await http().put(\`/users/\${bob.id}/password\`).auth(address, password).send({ password: 'new secret' }));
    }
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    await http().post('/auth').auth(email('nobody'), PASSWORD).send({ access_token: MASTER_KEY }).expect(401);
  });

  it('checks the credentials before the body: wrong ones with an invalid body get 401, not 400', async () => {
    const invalid = { password: 1, isAdmin: true };
    await http().put(\`/users/\${ada.id}/password\`).auth(ada.email, 'wrong password').send(invalid).expect(401);
    await http().put(\`/users/\${ada.id}/password\`).send(invalid).expect(401);
    await http().put(\`/users/\${ada.id}/password\`).auth(ada.email, PASSWORD).send(invalid).expect(400);
  });

  it('refuses the tokens issued before a password change, and takes those issued after', async () => {
    const carol = await signUp(app, email('carol'));
    await http().get('/users/me').set('Authorization', \`Bearer \${carol.token}\`).expect(200);
    await http().put(\`/users/\${carol.id}/password\`).auth(carol.email, PASSWORD).send({ password: 'new secret' }).expect(200);
    await http().get('/users/me').set('Authorization', \`Bearer \${carol.token}\`).expect(401);
    const signedIn = await http().post('/auth').auth(carol.email, 'new secret').send({ access_token: MASTER_KEY }).expect(201);
    await http().get('/users/me').set('Authorization', \`Bearer \${signedIn.body.token}\`).expect(200);
  });

  it('gives routes the user as id and role, never the password hash', async () => {
    ${sid[0]}
    const user = await app.get(JwtStrategy).validate({ sub: ada.id, ver: 0${sid[1]} });
    expect(user).toEqual({ id: ada.id, role: 'user'${options.emailConfirmation ? ', emailConfirmed: false' : ''}${sid[2]} });
    await expect(app.get(JwtStrategy).validate({ sub: ada.id, ver: 1${sid[1]} })).resolves.toBeNull();
    await expect(app.get(JwtStrategy).validate({ sub: ada.id })).resolves.toBeNull();
  });
});
`),
    ],
  );
}
