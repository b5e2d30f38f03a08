// Issue 10.1: hostile bodies are refused, cheaply, before any transformation or authentication work.
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

const UUID = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';

/** One JSON object of `count` keys: about 1 MB at 90,000. */
const manyKeys = (count: number): string =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 1])));

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
}
