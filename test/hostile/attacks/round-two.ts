// Issue 28.5, the low findings of the second attack round that a default project shows: start-up settings
// that weaken production, a filter that was a 500, a query string echoed into a huge Link header.
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

export function roundTwoAttacks(target: () => Target): void {
  it('refuses a production start with TRUST_PROXY=true, which lets X-Forwarded-For pick the rate-limit key', async () => {
    await expect(target().start({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY/);
  }, 60_000);

  it('refuses a production start with low-entropy secrets, or with one secret used twice', async () => {
    const { start, masterKey } = target();
    await expect(start({ MASTER_KEY: 'a'.repeat(32) })).rejects.toThrow(/MASTER_KEY/);
    await expect(start({ JWT_SECRET: '0123456789'.repeat(4) })).rejects.toThrow(/JWT_SECRET/);
    await expect(start({ JWT_SECRET: masterKey })).rejects.toThrow(/JWT_SECRET/);
  }, 120_000);

  it('answers a date filter with `in` (public) without a 500', async () => {
    const { http } = target();
    for (const query of ['createdAt.in=2024-01-01', 'createdAt.in=2024-01-01,2024-01-02']) {
      const answer = await http('GET', `/articles?${query}`);
      expect(answer.status, `${query}: ${answer.text}`).toBeLessThan(500);
      if (answer.status === 400) expect(answer.body.message).toMatch(/createdAt/);
    }
  });

  it('bounds the query string: 414 past 4,096 characters, and no Link header larger than the limit', async () => {
    const { http } = target();
    const long = await http('GET', `/articles?views.gte=1&zz=${'a'.repeat(12_000)}`);
    expect(long.status, long.text).toBe(414);
    expect(String(long.headers.link ?? '').length).toBeLessThan(8_192);
    const fits = await http('GET', `/articles?limit=1&q=${'a'.repeat(50)}`);
    expect(fits.status).toBe(200);
  });

  it('refuses weak passwords at sign-up (NIST SP 800-63B): short, common, one character repeated', async () => {
    const { http, masterKey } = target();
    for (const password of [
      '123456',
      '      ',
      'aaaaaa',
      'aaaaaaaa',
      'password',
      '12345678',
      'qwerty123',
    ]) {
      const email = `weak-${Math.random().toString(36).slice(2)}@example.com`;
      const answer = await http('POST', '/users', {
        json: { email, password, access_token: masterKey },
      });
      expect(answer.status, `${JSON.stringify(password)}: ${answer.text}`).toBe(400);
      expect(JSON.stringify(answer.body.message)).toMatch(/password/);
    }
    const strong = await http('POST', '/users', {
      json: {
        email: `strong-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'plain but long',
        access_token: masterKey,
      },
    });
    expect(strong.status, strong.text).toBe(201);
  });
}
