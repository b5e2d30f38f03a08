// The mail flows of --password-reset and --email-confirmation, walked over HTTP against a running generated
// project whose mail goes to a real SMTP server (mail-server.ts).
import { expect, it } from 'vitest';
import { callerOf, passwordSignIn, type AccountsWalk } from './accounts-walk.js';

const LONG = 1_200_000;

/** The password-reset and e-mail confirmation tests, registered in the caller's describe. */
export function mailFlows(walk: AccountsWalk): void {
  const call = callerOf(walk);
  const signIn = (email: string, password: string) => passwordSignIn(walk, email, password);

  it(
    'mails the link to a known user only, and following it sets the password and ends the old token',
    async () => {
      const email = 'ada@example.com';
      // The app's page (in APP_ORIGINS); the page would call the API with the token, as below.
      const link = 'http://localhost:3000/reset-password/';
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
      const resetLink = `${walk.url()}/password-resets/${followed![1]}`;

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
}
