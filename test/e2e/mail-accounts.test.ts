// `rest new --password-reset --refresh-tokens --email-confirmation` end to end: one sqlite project with a
// `rest api note --confirmed POST` resource, its own checks, then the reset and the confirmation walked over
// HTTP with mail through a real SMTP server, the confirmed-only route, sessions, roles and create-admin.
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generate,
  install,
  masterKeyOf,
  repository,
  run,
  startScript,
  type Run,
} from './project.js';

const LONG = 1_200_000;

const passed = (what: string, result: Run) =>
  expect(result.status, `${what}:\n${result.output}`).toBe(0);

/** A real SMTP server (smtp-server) on a free port, keeping every message it accepts. */
async function startMailServer() {
  const received: string[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push(raw);
        waiting.splice(0).forEach((wake) => wake());
        done();
      });
    },
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.server.address() as { port: number };
  /** The first message (decoded) that `matches`, once it arrives. */
  const messageWhere = async (matches: (text: string) => boolean): Promise<string> => {
    for (;;) {
      const found = received.map(decodeQuotedPrintable).find(matches);
      if (found !== undefined) return found;
      await new Promise<void>((wake) => waiting.push(wake));
    }
  };
  /** The message to `to` with this subject, once it arrives. */
  const messageTo = (to: string, subject: string): Promise<string> =>
    messageWhere(
      (text) =>
        new RegExp(`^To: ${to}\\r?$`, 'm').test(text) && text.includes(`Subject: ${subject}`),
    );
  /** How many messages went to `to` so far. */
  const countTo = (to: string): number =>
    received.filter((raw) => new RegExp(`^To: ${to}\\r?$`, 'm').test(raw)).length;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    messageWhere,
    messageTo,
    countTo,
    stop: () => new Promise<void>((closed) => server.close(closed)),
  };
}

/** nodemailer folds long lines of a text part (quoted-printable): unfolded, the link is whole again. */
const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('rest new --database sqlite --password-reset --refresh-tokens --email-confirmation', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await generate('e2e-mail', 'sqlite', {
      passwordReset: true,
      refreshTokens: true,
      emailConfirmation: true,
    });
    // The built CLI, as a user runs it: the flag, restsmith.json and the generated guard.
    passed(
      'rest api note --confirmed POST',
      run(
        'node',
        [
          `${repository}/bin/run.js`,
          'api',
          'note',
          '--fields',
          'title',
          '--confirmed',
          'POST',
          '--yes',
        ],
        dir,
      ),
    );
    passed('npm install', install(dir, `${import.meta.dirname}/../../.tmp/e2e-new/e2e-sqlite`));
  }, LONG);

  it(
    'passes its own lint, type-check and tests, the password reset and confirmation ones among them',
    () => {
      passed('npm run lint', run('npm', ['run', 'lint'], dir));
      passed('tsc --noEmit', run('npx', ['tsc', '--noEmit'], dir));
      const tests = run('npm', ['test'], dir);
      passed('npm test', tests);
      expect(tests.output).toContain('Password resets (e2e');
      expect(tests.output).toContain('E-mail confirmation (e2e');
      expect(tests.output).toContain('answers 403 to a user who has not confirmed their e-mail');
      expect(tests.output).toContain('test/refresh-tokens.e2e-spec.ts');
      expect(tests.output).not.toMatch(/skipped/);
    },
    LONG,
  );

  describe('over HTTP on npm run dev, mail through a real SMTP server', () => {
    let mail: Awaited<ReturnType<typeof startMailServer>>;
    let server: Awaited<ReturnType<typeof startScript>>;
    let masterKey: string;

    beforeAll(async () => {
      mail = await startMailServer();
      masterKey = masterKeyOf(dir);
      server = await startScript(dir, 'dev', {
        SMTP_URL: mail.url,
        THROTTLE_AUTH_ACCOUNT_LIMIT: '3',
        // Every test here signs in from one address; the per-account limit above is the one under test.
        THROTTLE_AUTH_LIMIT: '1000',
      });
    }, LONG);

    afterAll(async () => {
      await server?.stop();
      await mail?.stop();
    });

    const call = (method: string, path: string, body?: object, token?: string) =>
      fetch(`${server.url}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body && JSON.stringify(body),
      });
    const signIn = (email: string, password: string) =>
      fetch(`${server.url}/auth`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
        },
        body: JSON.stringify({ access_token: masterKey }),
      });

    it(
      'mails the link to a known user only, and following it sets the password and ends the old token',
      async () => {
        const email = 'ada@example.com';
        const link = `${server.url}/password-resets/`;
        const created = await call('POST', '/users', {
          access_token: masterKey,
          email,
          password: 'first secret',
        });
        expect(created.status).toBe(201);
        const oldToken = ((await (await signIn(email, 'first secret')).json()) as { token: string })
          .token;

        const unknown = await call('POST', '/password-resets', {
          access_token: masterKey,
          email: 'nobody@example.com',
          link,
        });
        expect(unknown.status).toBe(202);
        const known = await call('POST', '/password-resets', {
          access_token: masterKey,
          email,
          link,
        });
        expect(known.status).toBe(202);

        const message = await mail.messageTo(email, 'Reset your password');
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
        await mail.messageTo(email, 'Confirm your e-mail address');
        expect(mail.countTo('nobody@example.com')).toBe(0);
        expect(mail.countTo(email)).toBe(2);
      },
      LONG,
    );

    it(
      'mails a confirmation link at sign-up; following it confirms the e-mail and opens the confirmed-only route',
      async () => {
        const email = 'erin@example.com';
        const link = 'http://localhost:3000/confirm-email/';
        const created = await call('POST', '/users', {
          access_token: masterKey,
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

        const message = await mail.messageTo(email, 'Confirm your e-mail address');
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
          access_token: masterKey,
          email,
          link,
        });
        expect(resent.status).toBe(202);
        expect(mail.countTo(email)).toBe(1);
      },
      LONG,
    );

    it(
      'resends a confirmation to an unconfirmed user, limited per e-mail (429 with Retry-After)',
      async () => {
        const email = 'frank@example.com';
        const signedUp = await call('POST', '/users', {
          access_token: masterKey,
          email,
          password: 'frank secret',
        });
        expect(signedUp.status).toBe(201);
        // Without `link` the mail holds the token alone.
        const first = await mail.messageTo(email, 'Confirm your e-mail address');
        expect(first).toMatch(/enter this code/);
        const resend = () =>
          call('POST', '/users/confirm/resend', { access_token: masterKey, email });
        const statuses = [];
        for (let attempt = 0; attempt < 4; attempt++) statuses.push((await resend()).status);
        expect(statuses).toEqual([202, 202, 202, 429]);
        expect(Number((await resend()).headers.get('retry-after'))).toBeGreaterThan(0);
        await mail.messageWhere(() => mail.countTo(email) === 4);
        expect(mail.countTo(email)).toBe(4);
        const unknown = await call('POST', '/users/confirm/resend', {
          access_token: masterKey,
          email: 'nobody@example.com',
        });
        expect(unknown.status).toBe(202);
        expect(mail.countTo('nobody@example.com')).toBe(0);
      },
      LONG,
    );

    it(
      'limits reset requests per e-mail like sign-in (429 with Retry-After)',
      async () => {
        const ask = () =>
          call('POST', '/password-resets', {
            access_token: masterKey,
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
              access_token: masterKey,
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
          dir,
          {},
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
            access_token: masterKey,
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
        expect(
          (await call('DELETE', `/users/${admin.user.id}`, undefined, admin.token)).status,
        ).toBe(409);
        // With a second admin, the first may step down.
        const promoted = await call(
          'PUT',
          `/users/${dave.id}/role`,
          { role: 'admin' },
          admin.token,
        );
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
  });
});
