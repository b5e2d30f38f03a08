// The flows of --password-reset, --refresh-tokens, --email-confirmation and create-admin, walked over HTTP
// against a running generated project whose mail goes to a real SMTP server (mail-server.ts).
import { expect, it } from 'vitest';
import { passed } from './checks.js';
import type { MailServer } from './mail-server.js';
import { run } from './project.js';

const LONG = 1_200_000;

/** What the walks need of the running project; read when each test runs, after the hooks. */
export interface AccountsWalk {
  dir: string;
  /** The project's database, for its scripts (create-admin). */
  env: NodeJS.ProcessEnv;
  url: () => string;
  masterKey: () => string;
  mail: () => MailServer;
}

/** POST /auth: HTTP Basic with the master key, as the seed asks. */
export const passwordSignIn = (
  walk: { url: () => string; masterKey: () => string },
  email: string,
  password: string,
) =>
  fetch(`${walk.url()}/auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
    },
    body: JSON.stringify({ access_token: walk.masterKey() }),
  });

/** The mail, session and admin tests, registered in the caller's describe. */
export function mailFlows(walk: AccountsWalk): void {
  const call = (method: string, path: string, body?: object, token?: string) =>
    fetch(`${walk.url()}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body && JSON.stringify(body),
    });
  const signIn = (email: string, password: string) => passwordSignIn(walk, email, password);

  it(
    'mails the link to a known user only, and following it sets the password and ends the old token',
    async () => {
      const email = 'ada@example.com';
      const link = `${walk.url()}/password-resets/`;
      const created = await call('POST', '/users', {
        access_token: walk.masterKey(),
        email,
        password: 'first secret',
      });
      expect(created.status).toBe(201);
      const oldToken = ((await (await signIn(email, 'first secret')).json()) as { token: string })
        .token;

      const unknown = await call('POST', '/password-resets', {
        access_token: walk.masterKey(),
        email: 'nobody@example.com',
        link,
      });
      expect(unknown.status).toBe(202);
      const known = await call('POST', '/password-resets', {
        access_token: walk.masterKey(),
        email,
        link,
      });
      expect(known.status).toBe(202);

      const message = await walk.mail().messageTo(email, 'Reset your password');
      expect(message).toMatch(/^To: ada@example\.com/m);
      expect(message).toMatch(/^Subject: Reset your password/m);
      const followed = new RegExp(`${link.replace(/[.]/g, '\\.')}([\\w-]{43})`).exec(message);
      expect(followed, message).not.toBeNull();
      const resetLink = followed![0];

      const shown = await fetch(resetLink);
      expect(shown.status).toBe(200);
      expect(await shown.json()).toEqual({
        user: { id: expect.any(String), name: 'ada', picture: expect.any(String) },
      });
      const reset = await fetch(resetLink, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: 'second secret' }),
      });
      expect(reset.status).toBe(200);
      expect((await fetch(resetLink)).status).toBe(404);
      expect((await call('GET', '/users/me', undefined, oldToken)).status).toBe(401);
      expect((await signIn(email, 'first secret')).status).toBe(401);
      expect((await signIn(email, 'second secret')).status).toBe(201);
      // nobody@example.com got nothing; ada her confirmation and one reset.
      await walk.mail().messageTo(email, 'Confirm your e-mail address');
      expect(walk.mail().countTo('nobody@example.com')).toBe(0);
      expect(walk.mail().countTo(email)).toBe(2);
    },
    LONG,
  );

  it(
    'mails a confirmation link at sign-up; following it confirms the e-mail and opens the confirmed-only route',
    async () => {
      const email = 'erin@example.com';
      const link = 'http://localhost:3000/confirm-email/';
      const created = await call('POST', '/users', {
        access_token: walk.masterKey(),
        email,
        password: 'erin secret',
        link,
      });
      expect(created.status).toBe(201);
      const user = (await created.json()) as { id: string; emailConfirmed: boolean };
      expect(user.emailConfirmed).toBe(false);
      const token = ((await (await signIn(email, 'erin secret')).json()) as { token: string })
        .token;

      // rest api note --confirmed POST: signed in is not enough before the e-mail is confirmed.
      const refused = await call('POST', '/notes', { title: 'first' }, token);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /Confirm your e-mail address first.*POST \/users\/confirm\/resend/,
      );
      expect((await call('POST', '/notes', { title: 'first' })).status).toBe(401);

      const message = await walk.mail().messageTo(email, 'Confirm your e-mail address');
      const followed = /http:\/\/localhost:3000\/confirm-email\/([\w-]{43})/.exec(message);
      expect(followed, message).not.toBeNull();
      const confirmed = await call('POST', '/users/confirm', { token: followed![1] });
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toMatchObject({ id: user.id, email, emailConfirmed: true });
      const me = await call('GET', '/users/me', undefined, token);
      expect(await me.json()).toMatchObject({ emailConfirmed: true });

      // The same access token now passes: the guard reads the flag with the user on every request.
      const note = await call('POST', '/notes', { title: 'first' }, token);
      expect(note.status).toBe(201);
      expect(await note.json()).toMatchObject({ title: 'first' });
      // Single use, and a made-up token is no better.
      const again = await call('POST', '/users/confirm', { token: followed![1] });
      expect(again.status).toBe(404);
      expect(((await again.json()) as { message: string }).message).toMatch(
        /unknown, used or expired/,
      );
      expect((await call('POST', '/users/confirm', {})).status).toBe(400);
      // A confirmed user is not mailed again; the answer does not say so.
      const resent = await call('POST', '/users/confirm/resend', {
        access_token: walk.masterKey(),
        email,
        link,
      });
      expect(resent.status).toBe(202);
      expect(walk.mail().countTo(email)).toBe(1);
    },
    LONG,
  );

  it(
    'resends a confirmation to an unconfirmed user, limited per e-mail (429 with Retry-After)',
    async () => {
      const email = 'frank@example.com';
      const signedUp = await call('POST', '/users', {
        access_token: walk.masterKey(),
        email,
        password: 'frank secret',
      });
      expect(signedUp.status).toBe(201);
      // Without `link` the mail holds the token alone.
      const first = await walk.mail().messageTo(email, 'Confirm your e-mail address');
      expect(first).toMatch(/enter this code/);
      const resend = () =>
        call('POST', '/users/confirm/resend', { access_token: walk.masterKey(), email });
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) statuses.push((await resend()).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(Number((await resend()).headers.get('retry-after'))).toBeGreaterThan(0);
      await walk.mail().messageWhere(() => walk.mail().countTo(email) === 4);
      expect(walk.mail().countTo(email)).toBe(4);
      const unknown = await call('POST', '/users/confirm/resend', {
        access_token: walk.masterKey(),
        email: 'nobody@example.com',
      });
      expect(unknown.status).toBe(202);
      expect(walk.mail().countTo('nobody@example.com')).toBe(0);
    },
    LONG,
  );

  it(
    'limits reset requests per e-mail like sign-in (429 with Retry-After)',
    async () => {
      const ask = () =>
        call('POST', '/password-resets', {
          access_token: walk.masterKey(),
          email: 'bob@example.com',
          link: 'https://app.example.com/reset/',
        });
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) statuses.push((await ask()).status);
      expect(statuses).toEqual([202, 202, 202, 429]);
      expect(Number((await ask()).headers.get('retry-after'))).toBeGreaterThan(0);
    },
    LONG,
  );

  it(
    'rotates refresh tokens, ends the session on reuse, signs out one session or all',
    async () => {
      const email = 'carol@example.com';
      expect(
        (
          await call('POST', '/users', {
            access_token: walk.masterKey(),
            email,
            password: 'carol secret',
          })
        ).status,
      ).toBe(201);
      type Pair = { token: string; refreshToken: string };
      const first = (await (await signIn(email, 'carol secret')).json()) as Pair;
      expect(first.refreshToken).toEqual(expect.any(String));
      const rotated = await call('POST', '/auth/refresh', { refreshToken: first.refreshToken });
      expect(rotated.status).toBe(201);
      const second = (await rotated.json()) as Pair;
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect((await call('GET', '/users/me', undefined, second.token)).status).toBe(200);
      // The first refresh token was traded: using it again ends the whole session.
      const reused = await call('POST', '/auth/refresh', { refreshToken: first.refreshToken });
      expect(reused.status).toBe(401);
      expect(
        (await call('POST', '/auth/refresh', { refreshToken: second.refreshToken })).status,
      ).toBe(401);
      expect((await call('GET', '/users/me', undefined, second.token)).status).toBe(401);

      // Sign-out ends one session; the other goes on until DELETE /users/me/sessions.
      const a = (await (await signIn(email, 'carol secret')).json()) as Pair;
      const b = (await (await signIn(email, 'carol secret')).json()) as Pair;
      expect((await call('POST', '/auth/sign-out', undefined, a.token)).status).toBe(204);
      expect((await call('GET', '/users/me', undefined, a.token)).status).toBe(401);
      expect((await call('GET', '/users/me', undefined, b.token)).status).toBe(200);
      expect((await call('DELETE', '/users/me/sessions', undefined, b.token)).status).toBe(204);
      expect((await call('GET', '/users/me', undefined, b.token)).status).toBe(401);
      expect((await call('POST', '/auth/refresh', { refreshToken: b.refreshToken })).status).toBe(
        401,
      );
    },
    LONG,
  );

  it(
    'makes the first admin with npm run create-admin (password on stdin), who manages roles but cannot demote the last admin',
    async () => {
      const made = run(
        'npm',
        ['run', 'create-admin', '--', '--email', 'root@example.com'],
        walk.dir,
        walk.env,
        'root secret 1\n',
      );
      passed('npm run create-admin', made);
      // run() blocked this event loop for the whole script: let it see the sockets the server
      // closed meanwhile (keep-alive), or fetch may send on one and read "other side closed".
      await new Promise((settled) => setTimeout(settled, 100));
      const admin = (await (await signIn('root@example.com', 'root secret 1')).json()) as {
        token: string;
        user: { id: string };
      };
      // The list of users is for admins only.
      expect((await call('GET', '/users', undefined, admin.token)).status).toBe(200);
      const dave = (await (
        await call('POST', '/users', {
          access_token: walk.masterKey(),
          email: 'dave@example.com',
          password: 'dave secret',
        })
      ).json()) as { id: string };
      const daveToken = (
        (await (await signIn('dave@example.com', 'dave secret')).json()) as {
          token: string;
        }
      ).token;
      // Only an admin changes roles.
      expect(
        (await call('PUT', `/users/${admin.user.id}/role`, { role: 'user' }, daveToken)).status,
      ).toBe(403);
      // The only admin cannot step down or be deleted.
      const demoted = await call(
        'PUT',
        `/users/${admin.user.id}/role`,
        { role: 'user' },
        admin.token,
      );
      expect(demoted.status).toBe(409);
      expect(((await demoted.json()) as { message: string }).message).toMatch(/last admin/);
      expect((await call('DELETE', `/users/${admin.user.id}`, undefined, admin.token)).status).toBe(
        409,
      );
      // With a second admin, the first may step down.
      const promoted = await call('PUT', `/users/${dave.id}/role`, { role: 'admin' }, admin.token);
      expect(promoted.status).toBe(200);
      expect(await promoted.json()).toMatchObject({ id: dave.id });
      expect((await call('GET', '/users', undefined, daveToken)).status).toBe(200);
      expect(
        (await call('PUT', `/users/${admin.user.id}/role`, { role: 'user' }, admin.token)).status,
      ).toBe(200);
      expect(
        (await call('PUT', `/users/${dave.id}/role`, { role: 'boss' }, daveToken)).status,
      ).toBe(400);
    },
    LONG,
  );
}
