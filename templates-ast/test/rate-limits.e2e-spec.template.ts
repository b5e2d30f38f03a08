// test/rate-limits.e2e-spec.ts: the rate limits over HTTP, on apps built with small limits of their own.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';

/** Password sign-in only: POST /auth per account and per address. */
const SIGN_IN = `    it('answers 429 with Retry-After to the fourth sign-in for one account, and signs others in', async () => {
      const signIn = (address: string, password: string) =>
        http().post('/auth').auth(address, password).send({ access_token: MASTER_KEY });
      for (let i = 0; i < 3; i++) await signIn(email('victim'), 'wrong password').expect(401);
      expectLimited(await signIn(email('victim'), 'wrong password'), /at most 3 per 60 s/);
      await http()
        .post('/users')
        .send({ access_token: MASTER_KEY, email: email('other'), password: PASSWORD })
        .expect(201);
      await signIn(email('other'), PASSWORD).expect(201);
      await signIn(email('other'), PASSWORD).expect(201);
      expectLimited(await signIn(email('other'), PASSWORD), /attempts from this address/);
    });
`;

/** Sign-ups per address, with or without a password in the body. */
const signUps = (password: boolean): string => {
  const pw = password ? ', password: PASSWORD' : '';
  return `    it('limits sign-ups per client address, whatever the e-mail', async () => {
      ${password ? '// The test above signed one user up: five more reach the limit of six.' : '// Six sign-ups reach the limit of six.'}
      for (let i = 0; i < ${password ? 5 : 6}; i++) {
        await http()
          .post('/users')
          .send({ access_token: MASTER_KEY, email: email(\`signup\${i}\`)${pw} })
          .expect(201);
      }
      const response = await http()
        .post('/users')
        .send({ access_token: MASTER_KEY, email: email('signup${password ? 5 : 6}')${pw} });
      expectLimited(response, /attempts from this address: at most 6 per 60 s/);
    });
`;
};

/** Password sign-in only: PUT /users/:id/password per account. */
const PASSWORD_CHANGES = `    it('limits password changes per account', async () => {
      const change = () =>
        http().put(\`/users/\${UNKNOWN_ID}/password\`).auth(email('locked'), 'wrong password').send({ password: 'new secret' });
      for (let i = 0; i < 3; i++) await change().expect(401);
      expectLimited(await change(), /attempts for this account/);
    });
`;

export function rateLimitsE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const password = hasPassword(options);
  return tsFile(
    'test/rate-limits.e2e-spec.ts',
    [
      pkg('@nestjs/testing', 'Test'),
      appTypeImport(options),
      ...testHttp(options).imports,
      { from: 'src/app.module.ts', named: ['AppModule'] },
      use('appSetup', 'configureApp', ...(options.http === 'fastify' ? ['createAdapter'] : [])),
      use('rateLimit', 'RateLimiters', 'RateLimitSettings'),
      use('testApp', 'describeWithDatabase'),
      { from: 'test/app.ts', named: ['MASTER_KEY', ...(password ? ['PASSWORD'] : []), 'newRun'] },
    ],
    [
      block(`
const UNKNOWN_ID = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';

/** The whole app, as createTestApp() builds it, with these limits instead of those of the environment. */
async function appWithLimits(settings: RateLimitSettings): Promise<${platform.app}> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
    .overrideProvider(RateLimiters)
    .useValue(new RateLimiters(settings))
    .compile();
  const app = configureApp(
    ${platform.testApplication},
  );
  await app.init();${platform.ready}
  return app;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: { message?: unknown };
}

function expectLimited(response: Answer, reason: RegExp): void {
  expect(response.status).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  expect(String(response.body.message)).toMatch(reason);
}

describeWithDatabase('Rate limits (e2e)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;

  describe('${password ? 'on sign-in, sign-up and password changes' : 'on sign-up'}', () => {
    let app: ${platform.app};
    const http = () => ${testHttp(options).client};

    beforeAll(async () => {
      app = await appWithLimits({
        requests: { points: 1000, seconds: 60 },
        attempts: { points: 6, seconds: 60 },
        attemptsPerAccount: { points: 3, seconds: 60 },
      });
    });

    afterAll(async () => {
      await app.close();
    });

${password ? SIGN_IN : ''}
${signUps(password)}
${password ? PASSWORD_CHANGES : ''}  });

  describe('on every other route', () => {
    let app: ${platform.app};

    beforeAll(async () => {
      app = await appWithLimits({
        requests: { points: 5, seconds: 60 },
        attempts: { points: 1000, seconds: 60 },
        attemptsPerAccount: { points: 1000, seconds: 60 },
      });
    });

    afterAll(async () => {
      await app.close();
    });

    it('answers 429 past THROTTLE_LIMIT requests from one address', async () => {
      const http = () => ${testHttp(options).client};
      for (let i = 0; i < 5; i++) await http().get(\`/users/\${UNKNOWN_ID}\`).expect(404);
      expectLimited(await http().get(\`/users/\${UNKNOWN_ID}\`), /requests from this address: at most 5 per 60 s/);
    });
  });
});
`),
    ],
  );
}
