// Issue 11.6: two instances of one project, one database, one Redis: whatever one instance decides, the other honours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../api/project.js';
import { redisAnswers } from './attacks/rate-limits.js';
import { PASSWORD, send, type Call, type Target } from './target.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Instance extends Server {
  http: (method: string, path: string, call?: Call) => ReturnType<typeof send>;
}

export function scaleOutChecks(target: () => Target): void {
  describe('two instances behind one load balancer (one database, one Redis)', () => {
    let one: Instance;
    let two: Instance;
    let noRedis: string | undefined;

    beforeAll(async () => {
      if (!(await redisAnswers())) {
        noRedis = `no Redis answers at ${REDIS_URL}`;
        if (process.env.RESTSMITH_REQUIRE_REDIS) throw new Error(noRedis);
        console.warn(`skipped: two instances (${noRedis})`);
        return;
      }
      const start = async (): Promise<Instance> => {
        const server = await target().start({ REDIS_URL });
        return { ...server, http: (method, path, call) => send(server.url, method, path, call) };
      };
      [one, two] = await Promise.all([start(), start()]);
    }, 120_000);
    afterAll(() => Promise.all([one?.stop(), two?.stop()]));

    it('both report the database and Redis up on GET /health', async (context) => {
      if (noRedis) return context.skip(noRedis);
      for (const instance of [one, two]) {
        const health = await instance.http('GET', '/health');
        expect(health.status).toBe(200);
        expect(Object.keys(health.body.info).sort()).toEqual(['database', 'redis']);
      }
    });

    it('takes a token signed by one instance on the other', async (context) => {
      if (noRedis) return context.skip(noRedis);
      const user = await target().user();
      const signedIn = await one.http('POST', '/auth', {
        basic: [user.email, PASSWORD],
        json: { access_token: target().masterKey },
      });
      expect(signedIn.status).toBe(201);
      const me = await two.http('GET', '/users/me', { token: signedIn.body.token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
    });

    it('refuses on one instance a token that a password change on the other ended', async (context) => {
      if (noRedis) return context.skip(noRedis);
      const user = await target().user();
      expect((await two.http('GET', '/users/me', { token: user.token })).status).toBe(200);
      const changed = await one.http('PUT', `/users/${user.id}/password`, {
        basic: [user.email, PASSWORD],
        json: { password: 'another-secret-2' },
      });
      expect(changed.status).toBe(200);
      expect((await two.http('GET', '/users/me', { token: user.token })).status).toBe(401);
      const again = await two.http('POST', '/auth', {
        basic: [user.email, 'another-secret-2'],
        json: { access_token: target().masterKey },
      });
      expect(again.status).toBe(201);
      expect((await one.http('GET', '/users/me', { token: again.body.token })).status).toBe(200);
    });

    it('lists on one instance, at once, a user that another instance signed up', async (context) => {
      if (noRedis) return context.skip(noRedis);
      const admin = await target().user('admin');
      const run = `listed-${Date.now().toString(36)}`;
      const emails = async (instance: Instance): Promise<string[]> => {
        const listed = await instance.http('GET', `/users?q=${run}`, { token: admin.token });
        expect(listed.status).toBe(200);
        return listed.body.map((user: { email: string }) => user.email);
      };
      // Twice: the second answer is the page instance one keeps (list-cache.ts).
      expect(await emails(one)).toEqual([]);
      expect(await emails(one)).toEqual([]);
      const created = await two.http('POST', '/users', {
        json: { access_token: target().masterKey, email: `${run}@example.com`, password: PASSWORD },
      });
      expect(created.status).toBe(201);
      expect(await emails(one)).toEqual([`${run}@example.com`]);
    });
  });
}
