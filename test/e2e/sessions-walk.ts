// The sessions of --refresh-tokens walked over HTTP against a running generated project: rotation, reuse, sign-out.
import { expect, it } from 'vitest';
import { callerOf, passwordSignIn, type AccountsWalk } from './accounts-walk.js';

const LONG = 1_200_000;

/** The refresh-token tests, registered in the caller's describe. */
export function sessionFlows(walk: AccountsWalk): void {
  const call = callerOf(walk);
  const signIn = (email: string, password: string) => passwordSignIn(walk, email, password);

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
}
