// Issue 10.8: helmet's headers, CORS only for configured origins, no caching of authenticated answers.
import { afterAll, expect, it } from 'vitest';
import type { Server } from '../../api/project.js';
import { send, type Target } from '../target.js';

export function headerAttacks(target: () => Target): void {
  it("sends helmet's headers", async () => {
    const someone = await target().user();
    const answer = await target().http('GET', `/users/${someone.id}`);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBeDefined();
    expect(answer.headers['strict-transport-security']).toBeDefined();
    expect(answer.headers['x-powered-by']).toBeUndefined();
  });

  const preflight = (url: string, origin: string) =>
    send(url, 'OPTIONS', '/users/me', {
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('allows no cross-origin caller when CORS_ORIGINS is not set', async () => {
    const answer = await preflight(target().url, 'https://evil.example');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const read = await target().http('GET', '/articles', {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  let corsServer: Server | undefined;
  afterAll(() => corsServer?.stop());
  it('allows exactly the origins CORS_ORIGINS lists', async () => {
    corsServer = await target().start({
      CORS_ORIGINS: 'https://app.example, https://admin.example',
    });
    const allowed = await preflight(corsServer.url, 'https://admin.example');
    expect(allowed.headers['access-control-allow-origin']).toBe('https://admin.example');
    const refused = await preflight(corsServer.url, 'https://evil.example');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('marks authenticated answers Cache-Control: no-store', async () => {
    const someone = await target().user();
    const me = await target().http('GET', '/users/me', { token: someone.token });
    expect(me.status).toBe(200);
    expect(me.headers['cache-control']).toMatch(/no-store/);
    const signIn = await target().http('POST', '/auth', {
      basic: [someone.email, someone.password],
      json: { access_token: target().masterKey },
    });
    expect(signIn.headers['cache-control']).toMatch(/no-store/);
  });
}
