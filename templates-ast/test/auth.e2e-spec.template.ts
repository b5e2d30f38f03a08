// test/auth.e2e-spec.ts: POST /auth, sign-in with HTTP Basic and the master key, over HTTP.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';

export function authE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const [keys, lifetime, lifetimeText] = options.refreshTokens
    ? ["['refreshToken', 'token', 'user']", '15 * 60', '15 minutes']
    : ["['token', 'user']", '7 * 24 * 60 * 60', '7 days'];
  // With sessions a token also names a live session: the hand-signed ones take the user's.
  const [sidClaim, sidParameter, sidArgument] = options.refreshTokens
    ? ['sid: string; ', ', sid: string', ', claims(user.token).sid']
    : ['', '', ''];
  return tsFile(
    'test/auth.e2e-spec.ts',
    [
      pkg('node:crypto', 'createHmac'),
      appTypeImport(options),
      ...testHttp(options).imports,
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      {
        from: 'test/app.ts',
        named: ['MASTER_KEY', 'PASSWORD', 'newRun', 'signUp'],
        types: ['SignedUp'],
      },
    ],
    [
      block(`
const claims = (token: string): { sub: string; ver: number; ${sidClaim}iat: number; exp: number } =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

/** A token for \`sub\` signed with JWT_SECRET by hand, under \`algorithm\`. */
function signToken(sub: string, algorithm: 'HS256' | 'HS512'${sidParameter}): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const unsigned = \`\${part({ alg: algorithm, typ: 'JWT' })}.\${part({ sub, ver: 0, ${options.refreshTokens ? 'sid, ' : ''}iat, exp: iat + 60 })}\`;
  const hmac = createHmac(algorithm === 'HS256' ? 'sha256' : 'sha512', process.env.JWT_SECRET ?? '');
  return \`\${unsigned}.\${hmac.update(unsigned).digest('base64url')}\`;
}

describeWithDatabase('POST /auth (e2e)', () => {
  const run = newRun();
  let app: ${platform.app};
  let user: SignedUp;
  const http = () => ${testHttp(options).client};

  beforeAll(async () => {
    app = await createTestApp();
    user = await signUp(app, \`auth-\${run}@example.com\`);
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers a token for the user id, valid for ${lifetimeText}, and the user', async () => {
    const response = await http()
      .post('/auth')
      .auth(user.email.toUpperCase(), PASSWORD)
      .query({ access_token: MASTER_KEY })
      .expect(201);
    expect(Object.keys(response.body).sort()).toEqual(${keys});
    expect(response.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(response.body.user).not.toHaveProperty('password');
    const { sub, iat, exp } = claims(response.body.token);
    expect(sub).toBe(user.id);
    expect(exp - iat).toBe(${lifetime});
  });

  it('answers 401 for a wrong password or an unknown e-mail', async () => {
    await http().post('/auth').auth(user.email, 'wrong password').send({ access_token: MASTER_KEY }).expect(401);
    await http().post('/auth').auth(\`nobody-\${run}@example.com\`, PASSWORD).send({ access_token: MASTER_KEY }).expect(401);
  });

  it('answers 401 without Basic credentials or without the master key', async () => {
    const response = await http().post('/auth').send({ access_token: MASTER_KEY }).expect(401);
    expect(response.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    await http().post('/auth').auth(user.email, PASSWORD).expect(401);
    await http().post('/auth').auth(user.email, PASSWORD).send({ access_token: 'wrong' }).expect(401);
  });

  it('accepts tokens signed with HS256 only: the same claims under HS512 get 401', async () => {
    const bearer = (token: string) => ({ Authorization: \`Bearer \${token}\` });
    await http().get('/users/me').set(bearer(signToken(user.id, 'HS256'${sidArgument}))).expect(200);
    await http().get('/users/me').set(bearer(signToken(user.id, 'HS512'${sidArgument}))).expect(401);
  });
});
`),
    ],
  );
}
