// Issue 10.7: values are taken as what they say (decimal numbers, true/false), lists and types are bounded.
import { expect, it } from 'vitest';
import type { Call, Target } from '../target.js';

export function looseInputAttacks(target: () => Target): void {
  const post = async (call: Call) => {
    const author = await target().user();
    return target().http('POST', '/articles', { token: author.token, ...call });
  };
  const form = { title: 'Loose', content: 'input', tags: ['a', 'b'] };

  for (const views of ['0x10', '', '1e3', ' 7'])
    it(`refuses views=${JSON.stringify(views)} in a form with 400`, async () => {
      const refused = await post({ form: { ...form, views } });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body?.message)).toMatch(/views/);
    });

  it('takes a decimal number from a form, and refuses true or "0x10" in JSON', async () => {
    const stored = await post({ form: { ...form, views: '-12.5' } });
    expect(stored.status).toBe(201);
    expect(stored.body.views).toBe(-12.5);
    for (const views of [true, '0x10'])
      expect((await post({ json: { ...form, views } })).status).toBe(400);
  });

  it('takes a single form value as a one-item list', async () => {
    const stored = await post({ form: { ...form, tags: 'only' } });
    expect(stored.status).toBe(201);
    expect(stored.body.tags).toEqual(['only']);
  });

  it('refuses a list of more than 100 items, naming the limit', async () => {
    const tags = Array.from({ length: 101 }, (_, i) => `t${i}`);
    const refused = await post({ json: { ...form, tags } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body?.message)).toMatch(/100/);
  });

  it('answers a text/plain body with 415 naming the types it takes', async () => {
    const refused = await post({ raw: 'title=x', type: 'text/plain' });
    expect(refused.status).toBe(415);
    expect(refused.body?.message).toMatch(/application\/json/);
  });

  for (const key of ['__proto__', 'constructor'])
    it(`refuses a body key ${key} with 400`, async () => {
      const refused = await post({
        raw: `{"title":"x","content":"y","tags":[],"${key}":{"role":"admin"}}`,
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body?.message)).toContain(key);
    });

  it('caps the e-mail at 254 and the name at 255 characters', async () => {
    const { masterKey, http } = target();
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.com`;
    const long = await http('POST', '/users', {
      json: { email, password: 'secret-password' },
      token: masterKey,
    });
    expect(long.status).toBe(400);
    const named = await http('POST', '/users', {
      json: {
        email: `n${Date.now()}@example.com`,
        password: 'secret-password',
        name: 'n'.repeat(255),
      },
      token: masterKey,
    });
    expect(named.status).toBe(201);
  });
}
