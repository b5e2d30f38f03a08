// Issue 10.5: rate limits per client address and per account on the routes that check a password or create
// an account, a default limit everywhere else, 429 with Retry-After, and counters shared through Redis.
// The shared target runs with generous limits (target.ts), because the other attack groups sign up many
// users from 127.0.0.1; every attack here starts instances of its own with the limits it attacks.
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Server } from '../../api/project.js';
import { PASSWORD, send, type Answer, type Call, type Target } from '../target.js';

/** The limits of the project's own .env: the harness's generous ones left out. */
const DEFAULTS: NodeJS.ProcessEnv = {
  THROTTLE_TTL: undefined,
  THROTTLE_LIMIT: undefined,
  THROTTLE_AUTH_TTL: undefined,
  THROTTLE_AUTH_LIMIT: undefined,
  THROTTLE_AUTH_ACCOUNT_LIMIT: undefined,
};

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const email = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;

/** Whether a Redis server answers at REDIS_URL. */
export function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((answered) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2000);
    socket.on('connect', () => {
      socket.end();
      answered(true);
    });
    socket.on('error', () => answered(false));
    socket.on('timeout', () => {
      socket.destroy();
      answered(false);
    });
  });
}

/** `count` requests one after the other; their answers. */
async function inTurn(count: number, request: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i++) answers.push(await request(i));
  return answers;
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);

function expectLimited(answer: Answer, reason: RegExp): void {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.body?.message).toMatch(/at most \d+ .*per \d+ s/);
  expect(answer.body?.message).toMatch(reason);
}

export function rateLimitAttacks(target: () => Target): void {
  describe('rate limits', () => {
    const servers: Server[] = [];
    const start = async (env: NodeJS.ProcessEnv) => {
      const server = await target().start(env);
      servers.push(server);
      const http = (method: string, path: string, call?: Call) =>
        send(server.url, method, path, call);
      return { ...server, http };
    };
    afterAll(() => Promise.all(servers.map((server) => server.stop())));

    it('stops 30 wrong passwords in a row for one account with the default limits, and answers others meanwhile', async () => {
      const { http } = await start(DEFAULTS);
      const { masterKey } = target();
      const signUp = (address: string) =>
        http('POST', '/users', {
          json: { email: address, password: PASSWORD, access_token: masterKey },
        });
      const victim = email('victim');
      const bystander = email('bystander');
      const victimId = (await signUp(victim)).body.id;
      expect((await signUp(bystander)).status).toBe(201);
      const signIn = (address: string, password: string) =>
        http('POST', '/auth', { basic: [address, password], json: { access_token: masterKey } });

      const first = await inTurn(12, () => signIn(victim, 'wrong-password-1'));
      expect(statuses(first).slice(0, 10)).toEqual(Array(10).fill(401));
      expectLimited(first[10]!, /account/);
      // Another account from the same address, and an ordinary route, are still answered.
      const [bystanderIn, profile] = await Promise.all([
        signIn(bystander, PASSWORD),
        http('GET', `/users/${victimId}`),
      ]);
      expect(bystanderIn.status).toBe(201);
      expect(profile.status).toBe(200);
      // The right password does not get through while the account is limited.
      const rest = await inTurn(18, (i) =>
        signIn(victim, i === 17 ? PASSWORD : 'wrong-password-1'),
      );
      expect(new Set(statuses(rest))).toEqual(new Set([429]));
    });

    describe('with small limits', () => {
      let http: (method: string, path: string, call?: Call) => Promise<Answer>;
      beforeAll(async () => {
        ({ http } = await start({
          THROTTLE_LIMIT: '1000',
          THROTTLE_AUTH_LIMIT: '5',
          THROTTLE_AUTH_ACCOUNT_LIMIT: '3',
        }));
      });

      it('limits sign-in attempts per client address, whatever the e-mail', async () => {
        const answers = await inTurn(7, () =>
          http('POST', '/auth', {
            basic: [email('guess'), 'wrong-password-1'],
            json: { access_token: target().masterKey },
          }),
        );
        expect(statuses(answers).slice(0, 5)).toEqual(Array(5).fill(401));
        expectLimited(answers[5]!, /address/);
      });

      it('limits sign-ups per client address', async () => {
        const answers = await inTurn(7, () =>
          http('POST', '/users', {
            json: { email: email('signup'), password: PASSWORD, access_token: target().masterKey },
          }),
        );
        expect(statuses(answers).slice(0, 5)).toEqual(Array(5).fill(201));
        expectLimited(answers[5]!, /address/);
      });

      it('limits password changes per account', async () => {
        const id = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';
        const victim = email('password');
        const answers = await inTurn(5, () =>
          http('PUT', `/users/${id}/password`, {
            basic: [victim, 'wrong-password-1'],
            json: { password: 'new-secret-1' },
          }),
        );
        expect(statuses(answers).slice(0, 3)).toEqual(Array(3).fill(401));
        expectLimited(answers[3]!, /account/);
      });
    });

    it("counts an account's password guesses across POST /auth and PUT /users/:id/password (issue 28.4)", async () => {
      const { http } = await start({
        THROTTLE_LIMIT: '1000',
        THROTTLE_AUTH_LIMIT: '100',
        THROTTLE_AUTH_ACCOUNT_LIMIT: '3',
      });
      const id = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';
      const victim = email('across');
      const signIn = (password: string) =>
        http('POST', '/auth', {
          basic: [victim, password],
          json: { access_token: target().masterKey },
        });
      const change = (password: string) =>
        http('PUT', `/users/${id}/password`, {
          basic: [victim, password],
          json: { password: 'new-secret-1' },
        });
      const answers = [
        await signIn('wrong-password-1'),
        await signIn('wrong-password-2'),
        await change('wrong-password-3'),
        await change('wrong-password-4'),
      ];
      expect(statuses(answers).slice(0, 3)).toEqual([401, 401, 401]);
      expectLimited(answers[3]!, /account/);
    });

    it("lets a back end that holds the key pass its users' addresses: one user's guesses lock out no other", async () => {
      // The back end is a trusted proxy (TRUST_PROXY names its address) and sends X-Forwarded-For.
      const { http } = await start({
        THROTTLE_LIMIT: '1000',
        THROTTLE_AUTH_LIMIT: '3',
        TRUST_PROXY: 'loopback',
      });
      const from = (address: string, account: string) =>
        http('POST', '/auth', {
          basic: [account, 'wrong-password-1'],
          json: { access_token: target().masterKey },
          headers: { 'x-forwarded-for': address },
        });
      const attacker = await inTurn(4, (i) => from('203.0.113.7', email(`guess-${i}`)));
      expect(statuses(attacker).slice(0, 3)).toEqual([401, 401, 401]);
      expectLimited(attacker[3]!, /address/);
      expect((await from('198.51.100.20', email('someone-else'))).status).toBe(401);
    });

    it('limits every other route with the default limit', async () => {
      const { http } = await start({ THROTTLE_LIMIT: '5' });
      const id = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';
      const answers = await inTurn(7, () => http('GET', `/users/${id}`));
      expect(statuses(answers).slice(0, 5)).toEqual(Array(5).fill(404));
      expectLimited(answers[5]!, /address/);
      expect((await http('GET', '/articles')).status).toBe(429);
    });

    it('counts IPv6 clients by their /64, so a host cannot dodge the limit by changing address', async () => {
      const { http } = await start({ THROTTLE_LIMIT: '5', TRUST_PROXY: 'loopback' });
      const id = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';
      const from = (address: string) =>
        http('GET', `/users/${id}`, { headers: { 'x-forwarded-for': address } });
      const answers = await inTurn(6, (i) => from(`2001:db8:1:2::${i + 1}`));
      expect(statuses(answers).slice(0, 5)).toEqual(Array(5).fill(404));
      expectLimited(answers[5]!, /address/);
      expect((await from('2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
      // The next /64, and an IPv4 client, are other clients.
      expect((await from('2001:db8:1:3::1')).status).toBe(404);
      expect((await from('203.0.113.7')).status).toBe(404);
    });

    it('shares the counters of two instances through Redis (REDIS_URL)', async (context) => {
      if (!(await redisAnswers())) {
        if (process.env.RESTSMITH_REQUIRE_REDIS) throw new Error(`no Redis at ${REDIS_URL}`);
        console.warn(`skipped: rate limits through Redis (no Redis at ${REDIS_URL})`);
        context.skip();
      }
      const env = { REDIS_URL, THROTTLE_AUTH_LIMIT: '1000', THROTTLE_AUTH_ACCOUNT_LIMIT: '3' };
      const [one, two] = await Promise.all([start(env), start(env)]);
      const victim = email('redis');
      const signIn = (instance: typeof one) =>
        instance.http('POST', '/auth', {
          basic: [victim, 'wrong-password-1'],
          json: { access_token: target().masterKey },
        });
      const answers = await inTurn(6, (i) => signIn(i % 2 === 0 ? one : two));
      expect(statuses(answers).slice(0, 3)).toEqual([401, 401, 401]);
      expectLimited(answers[3]!, /account/);
      expectLimited(answers[4]!, /account/);
    });

    it('refuses to start with a REDIS_URL where no Redis answers', async () => {
      const started = target()
        .start({ REDIS_URL: 'redis://127.0.0.1:1' })
        .then((server) => servers.push(server));
      await expect(started).rejects.toThrow(/REDIS_URL/);
    });
  });
}
