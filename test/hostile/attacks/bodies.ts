// Issue 10.1: hostile bodies are refused, cheaply, before any transformation or authentication work.
import { expect, it } from 'vitest';
import type { Answer, Call, Target } from '../target.js';

const UUID = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';

/** One JSON object of `count` keys: about 1 MB at 90,000. */
const manyKeys = (count: number): string =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1])));

/** `{"a":{"a":...}}` nested `levels` deep. */
const nested = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** A hostile request and an ordinary one sent at once: the hostile one refused, the other answered. */
async function refusedWhileOthersAreAnswered(
  target: Target,
  method: string,
  path: string,
  call: Call,
): Promise<Answer> {
  const someone = await target.user();
  const [refused, answered] = await Promise.all([
    target.http(method, path, call),
    target.http('GET', `/users/${someone.id}`),
  ]);
  expect(answered.status).toBe(200);
  expect([400, 413]).toContain(refused.status);
  return refused;
}

export function bodyAttacks(target: () => Target): void {
  it('refuses a body of 90,000 keys with 413 or 400 naming the limit, and keeps answering others meanwhile', async () => {
    const { http } = target();
    const someone = await target().user();
    const hostile = http('PUT', `/users/${UUID}/password`, { raw: manyKeys(90_000) });
    const ordinary = http('GET', `/users/${someone.id}`);
    const [refused, answered] = await Promise.all([hostile, ordinary]);
    expect([400, 413]).toContain(refused.status);
    expect(refused.body?.message).toMatch(/key/i);
    expect(answered.status).toBe(200);
  });

  it('refuses 90,000 keys on every route that takes a body, naming the limit of 1,000 keys', async () => {
    const owner = await target().user();
    const routes: [string, string, string?][] = [
      ['POST', '/auth'],
      ['POST', '/users'],
      ['PUT', '/users/me', owner.token],
      ['PUT', `/users/${owner.id}`, owner.token],
      ['POST', '/articles', owner.token],
      ['PUT', `/articles/${UUID}`, owner.token],
    ];
    for (const [method, path, token] of routes) {
      const refused = await refusedWhileOthersAreAnswered(target(), method, path, {
        raw: manyKeys(90_000),
        token,
      });
      expect(refused.body?.message, `${method} ${path}`).toMatch(/1,?000 keys/i);
    }
  });

  it('refuses an object of 1,001 keys and names the limit', async () => {
    const { http, masterKey } = target();
    const refused = await http('POST', '/users', { raw: manyKeys(1_001), token: masterKey });
    expect(refused.status).toBe(413);
    expect(refused.body?.message).toMatch(/1,?000 keys/i);
  });

  it('refuses a body nested deeper than 20 levels, naming the limit', async () => {
    const { http, masterKey } = target();
    const refused = await http('POST', '/users', { raw: nested(21), token: masterKey });
    expect(refused.status).toBe(400);
    expect(refused.body?.message).toMatch(/20 levels/i);
  });

  it('refuses 1 MB of nested arrays cheaply, and keeps answering others meanwhile', async () => {
    const deep = '['.repeat(500_000) + ']'.repeat(500_000);
    const refused = await refusedWhileOthersAreAnswered(target(), 'POST', '/users', {
      raw: deep,
      token: target().masterKey,
    });
    expect(refused.body?.message).toMatch(/20 levels/i);
  });

  it('refuses an array of more than 1,000 items at the parser, naming the limit', async () => {
    const items = JSON.stringify({ tags: Array.from({ length: 50_000 }, () => 'a') });
    const author = await target().user();
    const refused = await refusedWhileOthersAreAnswered(target(), 'POST', '/articles', {
      raw: items,
      token: author.token,
    });
    expect(refused.status).toBe(413);
    expect(refused.body?.message).toMatch(/1,?000 items/i);
  });

  it('refuses a string longer than 100,000 characters at the parser, naming the limit', async () => {
    const long = JSON.stringify({ email: 'a'.repeat(100_001), password: 'x' });
    const refused = await target().http('POST', '/users', { raw: long, token: target().masterKey });
    expect(refused.status).toBe(413);
    expect(refused.body?.message).toMatch(/100,?000 characters/i);
  });

  it('refuses a form body of 90,000 fields, naming the limit, and keeps answering others meanwhile', async () => {
    const form = Array.from({ length: 90_000 }, (_, i) => `k${i}=1`).join('&');
    const refused = await refusedWhileOthersAreAnswered(target(), 'POST', '/users', {
      raw: form,
      type: 'application/x-www-form-urlencoded',
      token: target().masterKey,
    });
    expect(refused.status).toBe(413);
    expect(refused.body?.message).toMatch(/1,?000 (keys|fields)/i);
  });
}
