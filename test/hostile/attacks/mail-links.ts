// Issue 28.3: the app's genuine mail must not carry a valid token to a host the attacker names. `link` of
// POST /password-resets, POST /users and POST /users/confirm/resend leads only to APP_ORIGINS; else 400
// and no mail. Walked on the running project of test/e2e/accounts.test.ts (real SMTP server).
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { callerOf, signUpFresh, type AccountsWalk } from '../../e2e/accounts-walk.js';

const EVIL = [
  'https://evil.example/reset-password/',
  // Look-alikes of the allowed https://app.example.com.
  'https://app.example.com.evil.example/',
  'https://app.example.com@evil.example/',
  'http://app.example.com/',
];

export function mailLinkAttacks(walk: AccountsWalk): void {
  const call = callerOf(walk);

  it('refuses a mail link to another host on every route that mails one (400), and mails nothing', async () => {
    const mailed = new Map<string, number>();
    for (const link of EVIL) {
      // A registered, unconfirmed address for each link: the per-account limits stay out of the way.
      const { email } = await signUpFresh(walk, 'links', 'links-secret-1');
      await walk.mail().messageTo(email, 'Confirm your e-mail address');
      mailed.set(email, walk.mail().countTo(email));
      for (const [path, body] of [
        ['/password-resets', { email, link }],
        ['/users/confirm/resend', { email, link }],
        [
          '/users',
          {
            email: `x-${randomBytes(4).toString('hex')}@example.com`,
            password: 'x-secret-12',
            link,
          },
        ],
      ] as const) {
        const answer = await call('POST', path, { access_token: walk.masterKey(), ...body });
        expect(answer.status, `${path} ${link}: ${await answer.clone().text()}`).toBe(400);
        expect(((await answer.json()) as { message: string }).message).toMatch(/APP_ORIGINS/);
      }
    }
    // Give a mail that would have left after the answer the time to arrive: none did.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const [email, count] of mailed) expect(walk.mail().countTo(email), email).toBe(count);
    // An app origin is still accepted.
    const [email] = [...mailed.keys()];
    const good = await call('POST', '/password-resets', {
      access_token: walk.masterKey(),
      email,
      link: 'https://app.example.com/reset-password/',
    });
    expect(good.status).toBe(202);
  });
}
