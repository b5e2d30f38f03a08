// test/<resource>.e2e-spec.ts's list tests: GET /<resources> with its queries, pages, filters and access.
import type { ProjectOptions } from '../../src/model/project.js';
import type { ResourceOptions } from '../../src/model/resource.js';
import { caller, refusalTests, tokenOf } from './e2e-access.js';
import { searchableFields } from './fields.js';
import { listAnswer } from '../_shared/test-http.js';

export function listTests(project: ProjectOptions, resource: ResourceOptions): string {
  if (!resource.methods.list) return '';
  const path = `/${resource.endpoint}`;
  const lister = tokenOf(caller(resource, 'list'));
  const searchable = searchableFields(resource).length > 0;
  const seeded = resource.methods.create !== undefined;
  const q = searchable ? 'q: tag, ' : '';
  const { rows, count, shape } = listAnswer(resource.envelope);
  const lines: string[] = [
    `
  describe('GET ${path}', () => {${searchable ? '\n    const tag = newRun();' : ''}
    const list = (query: Record<string, string | number> = {}) =>
      http().get('${path}').query({ ${q}...query }).set(as(${lister}));`,
  ];
  if (seeded) {
    lines.push(`
    beforeAll(async () => {
      for (let index = 0; index < 3; index += 1) await create(sample(${searchable ? 'tag' : ''}));
    });

    it('answers a page of entries with ${shape}', async () => {
      const response = await list({ limit: 2 }).expect(200);
      expect(${rows('response')}).toHaveLength(2);
      ${searchable ? `expect(${count('response')}).toBe(3);` : `expect(${count('response')}).toBeGreaterThanOrEqual(3);`}
      expect(response.headers.link).toContain('rel="next"');
    });

    it('selects fields and sorts', async () => {
      const picked = await list({ fields: 'id,createdAt', sort: 'createdAt' }).expect(200);
      expect(Object.keys(${rows('picked')}[0]).sort()).toEqual(['createdAt', 'id']);
      const times = ${rows('picked')}.map((entry: { createdAt: string }) => entry.createdAt);
      expect(times).toEqual([...times].sort());
      const without = await list({ fields: '-createdAt,-updatedAt' }).expect(200);
      expect(${rows('without')}[0]).not.toHaveProperty('createdAt');
      expect(${rows('without')}[0]).toHaveProperty('id');
    });

    it('pages with a cursor: after= then the next link of the Link header, as the pages do, for any sort', async () => {
      for (const sort of ['-createdAt', 'id', 'createdAt,-id']) {
        const pages = await list({ limit: 100, sort }).expect(200);
        const seen: string[] = [];
        let after = '';
        for (let step = 0; step < 100; step += 1) {
          const response = await list({ limit: 2, sort, after }).expect(200);
          seen.push(...${rows('response')}.map((entry: { id: string }) => entry.id));
          expect(${count('response')}).toBe(${count('pages')});
          const next = /<([^>]*)>; rel="next"/.exec(String(response.headers.link));
          if (next === null) break;
          after = new URL(next[1], 'http://localhost').searchParams.get('after') ?? '';
        }
        expect(seen).toEqual(${rows('pages')}.map((entry: { id: string }) => entry.id));
      }
    });

    it('counts only when asked, and refuses a cursor it did not make', async () => {
      const uncounted = await list({ limit: 1, count: 'false' }).expect(200);
      ${resource.envelope ? "expect(uncounted.body).not.toHaveProperty('count');" : "expect(uncounted.headers).not.toHaveProperty('x-total-count');"}
      expect(uncounted.headers.link).not.toContain('rel="last"');
      const refused = await list({ after: 'bm90IGEgY3Vyc29y' }).expect(400);
      expect(refused.body.message).toMatch(/after is not a cursor of this list/);
      await list({ after: '', page: 2 }).expect(400);
    });`);
    if (resource.owner) {
      const owner = resource.owner.camel;
      lines.push(`

    it('shows the ${owner} as { id, name, picture } and sorts by them', async () => {
      const response = await list({ fields: '${owner}', sort: '${owner},-createdAt' }).expect(200);
      expect(Object.keys(${rows('response')}[0]).sort()).toEqual(['${owner}', 'id'].sort());
      expect(Object.keys(${rows('response')}[0].${owner}).sort()).toEqual(['id', 'name', 'picture']);
    });`);
    }
    if (searchable) {
      lines.push(`

    it('searches with q, ignoring case', async () => {
      const response = await list({ q: tag.toUpperCase() }).expect(200);
      expect(${count('response')}).toBe(3);
      const none = await list({ q: \`nothing-\${tag}\` }).expect(200);
      expect(${rows('none')}).toEqual([]);
    });`);
    }
  }
  lines.push(`

    it('answers 400 for values out of range and fields it does not know', async () => {
      const queries: Record<string, string | number>[] = [
        { limit: 0 },
        { limit: 101 },
        { page: 0 },
        { sort: 'unknownField' },
        { fields: 'unknownField' },
      ];
      for (const query of queries) await list(query).expect(400);
      const response = await list({ sort: 'unknownField' });
      expect(response.body.message).toMatch(/sort has an unknown field 'unknownField'/);
    });${refusalTests(resource, 'list', project.auth, `await http().get('${path}').set(__AS__).expect(__STATUS__)`)}
  });
`);
  return lines.join('');
}
