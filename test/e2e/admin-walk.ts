// The first admin walked over HTTP against a running generated project: npm run create-admin, roles, the last admin.
import { expect, it } from 'vitest';
import { passed } from './checks.js';
import { run } from './project.js';
import { callerOf, passwordSignIn, type AccountsWalk } from './accounts-walk.js';

const LONG = 1_200_000;

/** The create-admin and role tests, registered in the caller's describe. */
export function adminFlows(walk: AccountsWalk): void {
  const call = callerOf(walk);
  const signIn = (email: string, password: string) => passwordSignIn(walk, email, password);

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
