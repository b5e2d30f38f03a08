// Issue 10.6: a password change ends the sessions its user had; a new sign-in works.
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

export function tokenAttacks(target: () => Target): void {
  it('refuses a token issued before its user changed the password, and takes one issued after', async () => {
    const { http, masterKey } = target();
    const someone = await target().user();
    expect((await http('GET', '/users/me', { token: someone.token })).status).toBe(200);

    const changed = await http('PUT', `/users/${someone.id}/password`, {
      basic: [someone.email, someone.password],
      json: { password: 'changed-secret-2' },
    });
    expect(changed.status).toBe(200);

    const old = await http('GET', '/users/me', { token: someone.token });
    expect(old.status).toBe(401);
    const signedIn = await http('POST', '/auth', {
      basic: [someone.email, 'changed-secret-2'],
      json: { access_token: masterKey },
    });
    expect(signedIn.status).toBe(201);
    expect((await http('GET', '/users/me', { token: signedIn.body.token })).status).toBe(200);
  });

  it('refuses the earlier token on every user route, the write routes of a resource included', async () => {
    const { http } = target();
    const someone = await target().user();
    await http('PUT', `/users/${someone.id}/password`, {
      basic: [someone.email, someone.password],
      json: { password: 'changed-secret-3' },
    });
    const write = await http('POST', '/articles', {
      token: someone.token,
      json: { title: 'after the change', content: 'x', tags: [] },
    });
    expect(write.status).toBe(401);
    const rename = await http('PUT', '/users/me', { token: someone.token, json: { name: 'x' } });
    expect(rename.status).toBe(401);
  });
}
