// `rest new --auth-methods password,github,google,facebook` end to end: one sqlite project, its own checks, then
// social sign-in walked over HTTP on `npm run dev`, its *_API_URL pointed at a stand-in provider this test serves.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, install, masterKeyOf, run, startScript, type Run } from './project.js';

const LONG = 1_200_000;

const passed = (what: string, result: Run) =>
  expect(result.status, `${what}:\n${result.output}`).toBe(0);

interface Account {
  id: string;
  name: string;
  email: string;
  verified: boolean;
}

/**
 * The user APIs of GitHub (`/user`, `/user/emails`), Google (`/oauth2/v3/userinfo`) and Facebook
 * (`/me`), answering for the accounts of the tokens it was given; `down` is a token of a provider in
 * trouble (503). It counts the calls, so that a test can see the server asked it.
 */
async function startStandInProvider(accounts: Map<string, Account>) {
  const calls: string[] = [];
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    calls.push(url.pathname);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const token = url.pathname === '/me' ? url.searchParams.get('access_token') : bearer;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (token === 'down') return send(503, { message: 'Service Unavailable' });
    const account = token ? accounts.get(token) : undefined;
    if (!account) return send(url.pathname === '/me' ? 400 : 401, { message: 'Bad credentials' });
    const picture = `https://pictures.example.com/${account.id}.png`;
    switch (url.pathname) {
      case '/user':
        return send(200, {
          id: Number(account.id),
          login: 'octo',
          name: account.name,
          avatar_url: picture,
        });
      case '/user/emails':
        return send(200, [
          { email: 'old@example.com', primary: false, verified: true },
          { email: account.email, primary: true, verified: account.verified },
        ]);
      case '/oauth2/v3/userinfo':
        return send(200, {
          sub: account.id,
          name: account.name,
          picture,
          email: account.email,
          email_verified: account.verified,
        });
      case '/me':
        return send(200, {
          id: account.id,
          name: account.name,
          picture: { data: { url: picture } },
          ...(account.verified ? { email: account.email } : {}),
        });
      default:
        return send(404, { message: 'Not Found' });
    }
  };
  const server = createServer(answer);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () =>
      new Promise<void>((closed) => {
        server.closeAllConnections();
        server.close(() => closed());
      }),
  };
}

describe('rest new --database sqlite --auth-methods password,github,google,facebook', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await generate('e2e-social', 'sqlite', {
      authMethods: 'password,github,google,facebook',
    });
    passed('npm install', install(dir, `${import.meta.dirname}/../../.tmp/e2e-new/e2e-sqlite`));
  }, LONG);

  it(
    'records the methods, writes the provider addresses to .env, and passes its own lint, type-check and tests',
    () => {
      const config = JSON.parse(readFileSync(join(dir, 'restsmith.json'), 'utf8')) as {
        authMethods: string[];
      };
      expect(config.authMethods).toEqual(['password', 'facebook', 'github', 'google']);
      const env = readFileSync(join(dir, '.env'), 'utf8');
      expect(env).toContain('FACEBOOK_API_URL=https://graph.facebook.com\n');
      expect(env).toContain('GITHUB_API_URL=https://api.github.com\n');
      expect(env).toContain('GOOGLE_API_URL=https://www.googleapis.com\n');
      passed('npm run lint', run('npm', ['run', 'lint'], dir));
      passed('tsc --noEmit', run('npx', ['tsc', '--noEmit'], dir));
      const tests = run('npm', ['test'], dir);
      passed('npm test', tests);
      expect(tests.output).toContain('test/social-sign-in.e2e-spec.ts');
      expect(tests.output).not.toMatch(/skipped/);
    },
    LONG,
  );

  describe('over HTTP on npm run dev, against a local stand-in provider served by this test', () => {
    const accounts = new Map<string, Account>();
    let provider: Awaited<ReturnType<typeof startStandInProvider>>;
    let server: Awaited<ReturnType<typeof startScript>>;
    let masterKey: string;

    beforeAll(async () => {
      provider = await startStandInProvider(accounts);
      masterKey = masterKeyOf(dir);
      server = await startScript(dir, 'dev', {
        FACEBOOK_API_URL: provider.url,
        GITHUB_API_URL: provider.url,
        GOOGLE_API_URL: provider.url,
      });
    }, LONG);

    afterAll(async () => {
      await server?.stop();
      await provider?.stop();
    });

    /** POST /auth/<name> with the provider token in the body, and never the master key. */
    const signInWith = async (name: string, token?: string) => {
      const response = await fetch(`${server.url}/auth/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(token === undefined ? {} : { access_token: token }),
      });
      type SignedIn = {
        token: string;
        user: { id: string; name: string; email: string; picture: string };
      };
      return {
        status: response.status,
        body: (await response.json()) as SignedIn & { message: string },
      };
    };
    const me = (token: string) =>
      fetch(`${server.url}/users/me`, { headers: { authorization: `Bearer ${token}` } });
    const basicSignIn = (email: string, password: string) =>
      fetch(`${server.url}/auth`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
        },
        body: JSON.stringify({ access_token: masterKey }),
      });

    it(
      'creates a user from a GitHub token without the master key, then finds the same user again',
      async () => {
        accounts.set('gh-ada', {
          id: '583231',
          name: 'Ada Lovelace',
          email: 'Ada@Example.com',
          verified: true,
        });
        const before = provider.calls.length;
        const created = await signInWith('github', 'gh-ada');
        expect(created.status).toBe(201);
        // The server asked the stand-in whose token it is: the user, then the e-mails.
        expect(provider.calls.slice(before)).toEqual(['/user', '/user/emails']);
        expect(created.body.user).toMatchObject({
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          picture: 'https://pictures.example.com/583231.png',
        });
        const mine = await me(created.body.token);
        expect(mine.status).toBe(200);
        expect(((await mine.json()) as { id: string }).id).toBe(created.body.user.id);

        const again = await signInWith('github', 'gh-ada');
        expect(again.status).toBe(201);
        expect(again.body.user.id).toBe(created.body.user.id);
        // Made by social sign-in, ada has no password: Basic sign-in refuses her cleanly.
        expect((await basicSignIn('ada@example.com', 'any password')).status).toBe(401);
        expect((await basicSignIn('ada@example.com', 'null')).status).toBe(401);
      },
      LONG,
    );

    it(
      'links a password user with the same verified e-mail on Google, and creates one from Facebook',
      async () => {
        const created = await fetch(`${server.url}/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            access_token: masterKey,
            email: 'grace@example.com',
            password: 'grace secret',
          }),
        });
        expect(created.status).toBe(201);
        const grace = (await created.json()) as { id: string };
        accounts.set('google-grace', {
          id: '1170000000001',
          name: 'Grace H.',
          email: 'grace@example.com',
          verified: true,
        });
        const linked = await signInWith('google', 'google-grace');
        expect(linked.status).toBe(201);
        expect(linked.body.user.id).toBe(grace.id);
        // Her password still works, and so does Google the next time.
        expect((await basicSignIn('grace@example.com', 'grace secret')).status).toBe(201);
        expect((await signInWith('google', 'google-grace')).body.user.id).toBe(grace.id);

        // An unverified e-mail is never linked to her account.
        accounts.set('google-mallory', {
          id: '1170000000002',
          name: 'Mallory',
          email: 'grace@example.com',
          verified: false,
        });
        const refused = await signInWith('google', 'google-mallory');
        expect(refused.status).toBe(403);
        expect(refused.body.message).toMatch(/no verified e-mail/);

        accounts.set('fb-lin', {
          id: '10158000001',
          name: 'Lin',
          email: 'lin@example.com',
          verified: true,
        });
        const fromFacebook = await signInWith('facebook', 'fb-lin');
        expect(fromFacebook.status).toBe(201);
        expect(fromFacebook.body.user).toMatchObject({ name: 'Lin', email: 'lin@example.com' });
        expect(fromFacebook.body.user.id).not.toBe(grace.id);
      },
      LONG,
    );

    it(
      'answers 401 to an unknown token or none, and 502 with a reason when the provider is down or gone',
      async () => {
        for (const name of ['github', 'google', 'facebook']) {
          const unknown = await signInWith(name, 'not-a-token');
          expect(unknown.status).toBe(401);
          expect(unknown.body.message).toMatch(/unknown, expired or revoked/);
        }
        const none = await signInWith('github');
        expect(none.status).toBe(401);
        expect(none.body.message).toMatch(/access_token/);

        const down = await signInWith('github', 'down');
        expect(down.status).toBe(502);
        expect(down.body.message).toMatch(/github answered 503/);
        await provider.stop();
        const gone = await signInWith('google', 'google-grace');
        expect(gone.status).toBe(502);
        expect(gone.body.message).toMatch(/google could not be reached/);
      },
      LONG,
    );
  });
});
