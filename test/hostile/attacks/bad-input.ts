// Issue 10.3: input that used to crash a route (deep JSON, NUL bytes, bad Host headers) is a 400 with a reason.
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

const deepJson = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

export function badInputAttacks(target: () => Target): void {
  it('answers 2,000 levels of nested JSON with 400, not 500', async () => {
    const { http, masterKey } = target();
    const refused = await http('POST', '/users', { raw: deepJson(2_000), token: masterKey });
    expect(refused.status).toBe(400);
    expect(refused.body?.message).toMatch(/levels/i);
  });

  it('answers a NUL byte in q with 400 naming it', async () => {
    const refused = await target().http('GET', '/articles?q=%00');
    expect(refused.status).toBe(400);
    expect(refused.body?.message).toMatch(/NUL/);
  });

  it('answers a NUL byte in the Basic e-mail with 400 naming it', async () => {
    const { masterKey, http } = target();
    const refused = await http('POST', '/auth', {
      basic: ['a\u0000@example.com', 'secret-password'],
      json: { access_token: masterKey },
    });
    expect(refused.status).toBe(400);
    expect(refused.body?.message).toMatch(/NUL/);
  });

  it('answers a NUL byte in a sign-up name or an article title with 400 naming it', async () => {
    const { masterKey, http } = target();
    const signUp = await http('POST', '/users', {
      json: { email: 'nul@example.com', password: 'secret-password', name: 'a\u0000b' },
      token: masterKey,
    });
    expect(signUp.status).toBe(400);
    expect(signUp.body?.message).toMatch(/NUL/);
    const author = await target().user();
    const article = await http('POST', '/articles', {
      form: { title: 'a\u0000b', content: 'c', tags: 't' },
      token: author.token,
    });
    expect(article.status).toBe(400);
    expect(article.body?.message).toMatch(/NUL/);
  });

  for (const host of ['x:99999', '[', 'a b'])
    it(`answers a list route asked with Host: ${host} with 400 naming the header`, async () => {
      const refused = await target().http('GET', '/articles', { headers: { host } });
      expect(refused.status).toBe(400);
      expect(refused.body?.message).toMatch(/Host/);
    });

  it('never copies the Host header into paging links', async () => {
    const answer = await target().http('GET', '/articles?limit=1', {
      headers: { host: 'evil.example' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.link).toBeDefined();
    expect(String(answer.headers.link)).not.toMatch(/evil\.example/);
  });
}
