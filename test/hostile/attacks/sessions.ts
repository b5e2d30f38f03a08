// Issue 28.5, --refresh-tokens: a made-up `<sid>.x` must not end someone's session (the sid is readable in
// any access token), and the answer of POST /auth/refresh, which holds tokens, is never cached.
// Walked on the running project of test/e2e/accounts.test.ts.
import { expect, it } from 'vitest';
import {
  callerOf,
  passwordSignIn,
  signUpFresh,
  type AccountsWalk,
} from '../../e2e/accounts-walk.js';

export function sessionAttacks(walk: AccountsWalk): void {
  const call = callerOf(walk);

  const signedIn = async () => {
    const { email } = await signUpFresh(walk, 'session', 'session-secret-1');
    const answer = await passwordSignIn(walk, email, 'session-secret-1');
    expect(answer.status).toBe(201);
    return (await answer.json()) as { token: string; refreshToken: string };
  };

  it("answers 401 to <sid>.x and leaves the victim's session alone", async () => {
    const victim = await signedIn();
    // What an attacker reads from any of the victim's access tokens.
    const { sid } = JSON.parse(
      Buffer.from(victim.token.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { sid: string };
    expect(victim.refreshToken.startsWith(`${sid}.`)).toBe(true);
    for (const forged of [`${sid}.x`, `${sid}.${'a'.repeat(43)}`]) {
      expect((await call('POST', '/auth/refresh', { refreshToken: forged })).status).toBe(401);
    }
    expect((await call('GET', '/users/me', undefined, victim.token)).status).toBe(200);
    expect(
      (await call('POST', '/auth/refresh', { refreshToken: victim.refreshToken })).status,
    ).toBe(201);
  });

  it('answers POST /auth/refresh with Cache-Control: no-store', async () => {
    const { refreshToken } = await signedIn();
    const answer = await call('POST', '/auth/refresh', { refreshToken });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
}
