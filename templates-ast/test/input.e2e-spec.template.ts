// test/input.e2e-spec.ts: hostile input over HTTP: body limits, 415, NUL characters, Host, and the security headers.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';

/** Tests that need users: Cache-Control on a signed-in answer, and paging links. */
const authTests = (apiRoot: string) => `

  it('marks answers to requests with credentials Cache-Control: no-store', async () => {
    const admin = await signUp(app, \`admin-\${newRun()}@example.com\`, 'admin');
    const response = await http().get('/users/me').set('Authorization', \`Bearer \${admin.token}\`).expect(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const ordinary = await http().get(\`/users/\${admin.id}\`).expect(200);
    expect(ordinary.headers['cache-control']).toBeUndefined();
  });

  it("builds paging links without the request's Host", async () => {
    const admin = await signUp(app, \`admin-\${newRun()}@example.com\`, 'admin');
    const response = await http()
      .get('/users?limit=1')
      .set('Host', 'evil.example')
      .set('Authorization', \`Bearer \${admin.token}\`)
      .expect(200);
    expect(response.headers.link).toMatch(/^<${apiRoot.replaceAll('/', '\\/')}\\/users\\?/);
    expect(response.headers.link).not.toContain('evil.example');
  });`;

export function inputE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  return tsFile(
    'test/input.e2e-spec.ts',
    [
      appTypeImport(options),
      ...testHttp(options).imports,
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      ...(options.auth ? [{ from: 'test/app.ts', named: ['newRun', 'signUp'] }] : []),
    ],
    [
      block(`
const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [\`k\${index}\`, 1]));

describeWithDatabase('Hostile input (e2e)', () => {
  let app: ${platform.app};
  const http = () => ${testHttp(options).client};
  const postJson = (body: string) => http().post('/users').set('Content-Type', 'application/json').send(body);

  beforeAll(async () => {
    app = await createTestApp();
  });

  afterAll(async () => {
    await app.close();
  });

  it('refuses 90,000 keys with 413 naming the limit of 1000 keys', async () => {
    const response = await postJson(JSON.stringify(keys(90_000))).expect(413);
    expect(response.body).toEqual({
      statusCode: 413,
      message: 'An object in a body may have at most 1000 keys',
      error: 'Payload Too Large',
    });
  });

  it('refuses bodies nested deeper than 20 levels with 400, however deep', async () => {
    for (const levels of [21, 2000, 200_000]) {
      const response = await postJson('['.repeat(levels) + ']'.repeat(levels)).expect(400);
      expect(response.body.message).toMatch(/at most 20 levels/);
    }
  });

  it('refuses lists of more than 1000 items and texts of more than 100000 characters with 413', async () => {
    const list = await postJson(JSON.stringify({ list: new Array(1001).fill(1) })).expect(413);
    expect(list.body.message).toMatch(/1000 items/);
    const text = await postJson(JSON.stringify({ text: 'a'.repeat(100_001) })).expect(413);
    expect(text.body.message).toMatch(/100000 characters/);
  });

  it('refuses a form body of more than 1000 fields with 413 naming the limit', async () => {
    const form = Array.from({ length: 1001 }, (_, index) => \`k\${index}=1\`).join('&');
    const response = await http().post('/users').type('form').send(form).expect(413);
    expect(response.body.message).toBe('A form body may have at most 1000 fields');
  });

  it('refuses the keys __proto__ and constructor with 400', async () => {
    for (const key of ['__proto__', 'constructor']) {
      const response = await postJson(\`{"\${key}": {"role": "admin"}}\`).expect(400);
      expect(response.body.message).toBe(\`property \${key} should not exist\`);
    }
  });

  it('answers 415 to a body of a type no route takes', async () => {
    const response = await http().post('/users').set('Content-Type', 'text/plain').send('email=a@b.c').expect(415);
    expect(response.body.message).toBe('Send the body as application/json or application/x-www-form-urlencoded');
  });

  it('refuses NUL characters in the URL, the body and Basic credentials with 400', async () => {
    expect((await http().get('/users?q=%00').expect(400)).body.message).toMatch(/NUL/);
    expect((await postJson('{"name": "a\\\\u0000b"}').expect(400)).body.message).toMatch(/NUL/);
    expect((await http().post('/auth').auth('a\\u0000@example.com', 'password').expect(400)).body.message).toMatch(/NUL/);
  });

  it('refuses a malformed Host header with 400', async () => {
    for (const host of ['x:99999', '[', 'a b']) {
      const response = await http().get('/users').set('Host', host).expect(400);
      expect(response.body.message).toMatch(/Host/);
    }
  });

  it("sends helmet's headers and no CORS headers unless CORS_ORIGINS allows the origin", async () => {
    const response = await http().get('/no-such-route').set('Origin', 'https://evil.example');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });${options.auth ? authTests(options.apiRoot) : ''}
});
`),
    ],
  );
}
