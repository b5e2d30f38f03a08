// Issue 28.1: every client app holds a key; none of them may make an admin. The client key (CLIENT_KEY)
// signs users up and in and can set no role; the master key (back ends only) keeps the seed's contract.
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { PASSWORD, type Call, type Target } from '../target.js';

const email = () => `k-${randomBytes(6).toString('hex')}@example.com`;

export function keyAttacks(target: () => Target): void {
  it('signs a user up and in with the client key, as an app does', async () => {
    const { http, clientKey } = target();
    const address = email();
    const made = await http('POST', '/users', {
      json: { email: address, password: PASSWORD, access_token: clientKey },
    });
    expect(made.status, made.text).toBe(201);
    const signedIn = await http('POST', '/auth', {
      basic: [address, PASSWORD],
      json: { access_token: clientKey },
    });
    expect(signedIn.status, signedIn.text).toBe(201);
    expect(signedIn.body.user).toMatchObject({ id: made.body.id });
  });

  it('refuses role with the client key (403, in JSON and in a form) and writes no user', async () => {
    const { http, clientKey, masterKey } = target();
    const address = email();
    const attempts: [string, Call][] = [
      [
        '/users',
        { json: { email: address, password: PASSWORD, role: 'admin', access_token: clientKey } },
      ],
      [
        '/users',
        { json: { email: address, password: PASSWORD, role: 'user', access_token: clientKey } },
      ],
      [
        '/users',
        { form: { email: address, password: PASSWORD, role: 'admin', access_token: clientKey } },
      ],
      // The key in the query, the role in the body.
      [
        `/users?access_token=${clientKey}`,
        { json: { email: address, password: PASSWORD, role: 'admin' } },
      ],
    ];
    for (const [path, call] of attempts) {
      const refused = await http('POST', path, call);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body.message).toMatch(/master key/);
    }
    // Nothing was written: the e-mail is still free for the master key.
    const made = await http('POST', '/users', {
      json: { email: address, password: PASSWORD, access_token: masterKey },
    });
    expect(made.status, made.text).toBe(201);
  });

  it('keeps the seed: the master key signs up an admin, who may list the users', async () => {
    const { http, masterKey } = target();
    const address = email();
    const made = await http('POST', '/users', {
      json: { email: address, password: PASSWORD, role: 'admin', access_token: masterKey },
    });
    expect(made.status, made.text).toBe(201);
    const signedIn = await http('POST', '/auth', {
      basic: [address, PASSWORD],
      json: { access_token: masterKey },
    });
    expect(signedIn.status, signedIn.text).toBe(201);
    const list = await http('GET', '/users', { token: signedIn.body.token });
    expect(list.status, list.text).toBe(200);
  });

  it('opens nothing else with the client key: not the admin list, not the user routes', async () => {
    const { http, clientKey } = target();
    const someone = await target().user();
    for (const [method, path] of [
      ['GET', '/users'],
      ['GET', '/users/me'],
      ['DELETE', `/users/${someone.id}`],
    ] as const) {
      const answer = await http(method, `${path}?access_token=${clientKey}`);
      expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(401);
    }
  });

  it('refuses a wrong key and no key on sign-up with 401', async () => {
    const { http, clientKey } = target();
    const wrong = await http('POST', '/users', {
      json: { email: email(), password: PASSWORD, access_token: `${clientKey}x` },
    });
    expect(wrong.status).toBe(401);
    const none = await http('POST', '/users', { json: { email: email(), password: PASSWORD } });
    expect(none.status).toBe(401);
  });
}
