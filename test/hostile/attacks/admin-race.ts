// Issue 28.5: the last two admins demoting (or deleting) each other at the same instant both succeeded,
// leaving no admin. One of the two must get 409. Raced on an instance of its own, on a fresh database,
// so that the two are the only admins there.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { postgresDatabase, type Server } from '../../api/project.js';
import { PASSWORD, send, type Target } from '../target.js';

const ROUNDS = 10;

/** A fresh database for the instance, named in the environment as the project reads it. */
function freshDatabase(target: Target): NodeJS.ProcessEnv {
  if (target.env.DATABASE_URL?.startsWith('postgres')) {
    const { url, reason } = postgresDatabase('restsmith_hostile_admins');
    if (!url) throw new Error(reason);
    return { DATABASE_URL: url };
  }
  const path = join(target.dir, '.data', 'admin-race.sqlite');
  rmSync(path, { force: true });
  return { DATABASE_PATH: path };
}

export function adminRaceAttacks(target: () => Target): void {
  it('lets only one of the last two admins demote or delete the other when both try at once (409)', async () => {
    const { masterKey } = target();
    let server: Server | undefined;
    try {
      server = await target().start(freshDatabase(target()));
      const http = (method: string, path: string, json?: object, token?: string) =>
        send(server!.url, method, path, { json, token });
      const admin = async (name: string) => {
        const email = `${name}@example.com`;
        const made = await http('POST', '/users', {
          email,
          password: PASSWORD,
          role: 'admin',
          access_token: masterKey,
        });
        expect(made.status, made.text).toBe(201);
        const signedIn = await send(server!.url, 'POST', '/auth', {
          basic: [email, PASSWORD],
          json: { access_token: masterKey },
        });
        expect(signedIn.status, signedIn.text).toBe(201);
        return { id: made.body.id as string, token: signedIn.body.token as string };
      };
      let [a, b] = [await admin('first-admin'), await admin('second-admin')];
      const outcomes: number[][] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const demote = round % 2 === 0;
        const [ab, ba] = await Promise.all(
          demote
            ? [
                http('PUT', `/users/${b.id}/role`, { role: 'user' }, a.token),
                http('PUT', `/users/${a.id}/role`, { role: 'user' }, b.token),
              ]
            : [
                http('DELETE', `/users/${b.id}`, undefined, a.token),
                http('DELETE', `/users/${a.id}`, undefined, b.token),
              ],
        );
        outcomes.push([ab.status, ba.status]);
        const done = demote ? 200 : 204;
        // One passes; the other finds itself the last admin (409), or, when the first was through before
        // the second began, no admin any more (403, or 401 once deleted). Both passing leaves nobody to manage users.
        const statuses = [ab.status, ba.status];
        expect(statuses, `round ${round}: ${ab.text} / ${ba.text}`).toContain(done);
        expect(
          statuses.filter((status) => status === done),
          `round ${round}`,
        ).toHaveLength(1);
        const refused = ab.status === done ? ba : ab;
        expect([401, 403, 409], refused.text).toContain(refused.status);
        if (refused.status === 409) expect(refused.body.message).toMatch(/last admin/);
        // The admin left makes a second one for the next round.
        const left = ab.status === done ? a : b;
        const other = demote ? (left === a ? b : a) : await admin(`admin-${round}`);
        if (demote) {
          const promoted = await http(
            'PUT',
            `/users/${other.id}/role`,
            { role: 'admin' },
            left.token,
          );
          expect(promoted.status, promoted.text).toBe(200);
        }
        [a, b] = [left, other];
      }
      expect(outcomes).toHaveLength(ROUNDS);
      console.log(`admin race outcomes: ${outcomes.map((pair) => pair.join('/')).join(' ')}`);
    } finally {
      await server?.stop();
    }
  }, 120_000);
}
