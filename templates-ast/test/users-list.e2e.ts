// test/users.e2e-spec.ts's tests of GET /users: the admin's list with q, page, limit, fields and sort.
import type { ProjectOptions } from '../../src/model/project.js';
import { listAnswer } from '../_shared/test-http.js';

/** The `describe('GET /users')` block, as it stands inside the spec's outer describe. */
export function listUsersTests(options: ProjectOptions): string {
  const { rows, count, shape } = listAnswer(options.envelope);
  // --email-confirmation: the user view also says whether the e-mail is confirmed.
  const confirmed = options.emailConfirmation ? ", 'emailConfirmed'" : '';
  return `  describe('GET /users', () => {
    const list = (query: Record<string, string | number>) =>
      http().get('/users').query({ q: run, ...query }).set('Authorization', \`Bearer \${admin.token}\`);

    it('lists users to an admin, newest first, with ${shape}', async () => {
      const response = await list({ limit: 2 }).expect(200);
      const total = ${count('response')};
      expect(total).toBeGreaterThanOrEqual(3);
      expect(${rows('response')}).toHaveLength(2);
      const times = ${rows('response')}.map((user: { createdAt: string }) => Date.parse(user.createdAt));
      expect(times[0]).toBeGreaterThanOrEqual(times[1]);
      expect(response.headers.link).toContain('rel="next"');
      expect(response.headers.link).toContain(\`page=\${Math.ceil(total / 2)}>; rel="last"\`);
      expect(response.headers.link).not.toContain('access_token');
      for (const user of ${rows('response')}) expect(user).not.toHaveProperty('password');
    });

    it('searches names and e-mails with q, ignoring case', async () => {
      const response = await list({ q: \`BOB-\${run}\` }).expect(200);
      expect(${rows('response')}.map((user: { id: string }) => user.id)).toEqual([bob.id]);
      expect(${count('response')}).toBe(1);
    });

    it('takes q as plain text, never as a pattern', async () => {
      const response = await list({ q: \`%\${run}\` }).expect(200);
      expect(${rows('response')}).toEqual([]);
      const dots = await list({ q: '(.*)' }).expect(200);
      expect(${rows('dots')}).toEqual([]);
    });

    it('pages with page and limit', async () => {
      const first = await list({ limit: 1, page: 1, sort: 'email' }).expect(200);
      const second = await list({ limit: 1, page: 2, sort: 'email' }).expect(200);
      expect(${rows('first')}[0].email).toBe(ada.email);
      expect(${rows('second')}[0].email).toBe(admin.email);
      expect(second.headers.link).toContain('rel="prev"');
    });

    it('selects fields and sorts by several keys', async () => {
      const picked = await list({ fields: 'name,email', sort: '-email' }).expect(200);
      expect(Object.keys(${rows('picked')}[0]).sort()).toEqual(['email', 'id', 'name']);
      const emails = ${rows('picked')}.map((user: { email: string }) => user.email);
      expect(emails).toEqual([...emails].sort().reverse());
      // Names have no index: sorting by them would order the whole table.
      const refused = await list({ sort: 'name' }).expect(400);
      expect(refused.body.message).toMatch(/sort has 'name', which has no index to sort by/);
      const without = await list({ fields: '-email,-picture' }).expect(200);
      expect(Object.keys(${rows('without')}[0]).sort()).toEqual(['createdAt'${confirmed}, 'id', 'name']);
    });

    it('answers 400 for values out of range and fields it does not know', async () => {
      const refused: Record<string, string | number>[] = [
        { limit: 0 },
        { limit: 101 },
        { page: 0 },
        { page: 'two' },
        { sort: 'password' },
        { fields: 'role' },
      ];
      for (const query of refused) {
        const response = await list(query).expect(400);
        expect(response.body.error).toBe('Bad Request');
      }
      const response = await list({ sort: 'password' });
      expect(response.body.message).toMatch(/sort has an unknown field 'password'/);
    });

    it('answers 403 to a user who is not an admin and 401 without a token', async () => {
      await http().get('/users').set('Authorization', \`Bearer \${ada.token}\`).expect(403);
      await http().get('/users').expect(401);
    });
  });`;
}
