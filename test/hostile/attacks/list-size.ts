// Issue 28.5: a 60-byte public request could bring back 10 MB once rows of 100,000 characters exist. A
// list answer now holds at most about 1 MiB (MAX_LIST_ANSWER): a longer page is cut, and its Link header
// pages on by the smaller limit, so a client that follows it still sees every entry once.
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

const MAX_LIST_ANSWER = 1_048_576;
const ARTICLES = 14;

const nextLink = (link: unknown): string | undefined =>
  /<([^>]+)>; rel="next"/.exec(String(link ?? ''))?.[1];

export function listSizeAttacks(target: () => Target): void {
  it('answers at most about 1 MiB per list page, and pages on without a gap or a repeat', async () => {
    const { http } = target();
    const author = await target().user();
    const title = `long-${randomBytes(4).toString('hex')}`;
    const made: string[] = [];
    for (let i = 0; i < ARTICLES; i += 1) {
      const posted = await http('POST', '/articles', {
        token: author.token,
        json: { title, content: `${i} ${'a'.repeat(99_990)}`, tags: [] },
      });
      expect(posted.status, posted.text).toBe(201);
      made.push(posted.body.id);
    }
    // The attacker's request: 60-odd bytes for the whole of them.
    const first = await http('GET', `/articles?title=${title}&limit=100`);
    expect(first.status).toBe(200);
    expect(first.text.length).toBeLessThanOrEqual(MAX_LIST_ANSWER);
    expect(first.headers['x-total-count']).toBe(String(ARTICLES));
    expect(first.body.length).toBeGreaterThan(0);
    expect(first.body.length).toBeLessThan(ARTICLES);
    expect(nextLink(first.headers.link)).toContain(`limit=${first.body.length}`);
    // Following the links gives every article once.
    const seen: string[] = first.body.map((article: { id: string }) => article.id);
    let next = nextLink(first.headers.link);
    for (let pages = 1; next && pages < ARTICLES; pages += 1) {
      const page = await http('GET', next);
      expect(page.status, next).toBe(200);
      expect(page.text.length).toBeLessThanOrEqual(MAX_LIST_ANSWER);
      seen.push(...page.body.map((article: { id: string }) => article.id));
      next = nextLink(page.headers.link);
    }
    expect([...seen].sort()).toEqual([...made].sort());
  });
}
