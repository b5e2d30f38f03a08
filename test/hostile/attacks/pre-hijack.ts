// Issue 28.2: account pre-hijack. An attacker signs up the victim's e-mail with a password of their own
// (never confirmed); the victim later signs in with a provider that verified the e-mail and the account is
// linked. The attacker's password and tokens must stop working then; a password whose e-mail was confirmed
// here stays (--email-confirmation). Walked on the running project of test/e2e/accounts.test.ts.
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { callerOf, passwordSignIn, signUpFresh } from '../../e2e/accounts-walk.js';
import type { Account, StandInProvider } from '../../e2e/stand-in-provider.js';
import type { MailServer } from '../../e2e/mail-server.js';

export interface PreHijackWalk {
  url: () => string;
  masterKey: () => string;
  provider: () => StandInProvider;
  accounts: Map<string, Account>;
  mail: () => MailServer;
}

export function preHijackAttacks(walk: PreHijackWalk): void {
  const call = callerOf(walk);
  const signIn = (email: string, password: string) => passwordSignIn(walk, email, password);
  const github = async (token: string) => {
    const answer = await call('POST', '/auth/github', { access_token: token });
    return { status: answer.status, body: (await answer.json()) as { user: { id: string } } };
  };
  const victim = (email: string): string => {
    const token = `gh-${randomBytes(4).toString('hex')}`;
    walk.accounts.set(token, {
      id: String(700000 + Math.floor(Math.random() * 99999)),
      name: 'Victim',
      email,
      verified: true,
    });
    return token;
  };

  it("ends the attacker's password and tokens when the e-mail's owner signs in with GitHub", async () => {
    // The attacker signs the address up first, with a password of their own; nobody confirms it.
    const { email, id } = await signUpFresh(walk, 'victim', 'attacker-chosen-1');
    const attacker = await signIn(email, 'attacker-chosen-1');
    expect(attacker.status).toBe(201);
    const { token } = (await attacker.json()) as { token: string };

    // The owner signs in with GitHub, which verified the address: the account is theirs now.
    const owner = await github(victim(email));
    expect(owner.status).toBe(201);
    expect(owner.body.user.id).toBe(id);

    expect((await signIn(email, 'attacker-chosen-1')).status).toBe(401);
    expect((await call('GET', '/users/me', undefined, token)).status).toBe(401);
  });

  it('keeps the password of an account whose e-mail was confirmed here when it links GitHub', async () => {
    const { email } = await signUpFresh(walk, 'owner', 'owner-chosen-1', {
      link: 'http://localhost:3000/confirm-email/',
    });
    const message = await walk.mail().messageTo(email, 'Confirm your e-mail address');
    const confirmToken = /http:\/\/localhost:3000\/confirm-email\/([\w-]{43})/.exec(message)?.[1];
    expect(confirmToken, message).toBeDefined();
    const confirmed = await call('POST', '/users/confirm', { token: confirmToken });
    expect(confirmed.status, await confirmed.clone().text()).toBeLessThan(300);

    expect((await github(victim(email))).status).toBe(201);
    expect((await signIn(email, 'owner-chosen-1')).status).toBe(201);
  });
}
