// Issue 28.5: any user who commented on someone's article kept its owner from deleting it, and an admin
// from deleting that owner (409): an entry of another owner pinned one's own. A required reference to an
// owned entry is now a cascade: the comments go with the article, and the articles with their owner.
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

export function pinningAttacks(target: () => Target): void {
  it('lets an owner delete an article someone else commented on, and an admin delete that owner', async () => {
    const { http, user } = target();
    const [owner, stranger, admin] = [await user(), await user(), await user('admin')];
    const article = async () => {
      const made = await http('POST', '/articles', {
        token: owner.token,
        json: { title: 'mine', content: 'text', tags: [] },
      });
      expect(made.status, made.text).toBe(201);
      return made.body.id as string;
    };
    const comment = async (articleId: string) => {
      const made = await http('POST', '/comments', {
        token: stranger.token,
        json: { body: 'pinned', article: articleId },
      });
      expect(made.status, made.text).toBe(201);
      return made.body.id as string;
    };
    const first = await article();
    const firstComment = await comment(first);
    const deleted = await http('DELETE', `/articles/${first}`, { token: owner.token });
    expect(deleted.status, deleted.text).toBe(204);
    expect((await http('GET', `/comments/${firstComment}`)).status).toBe(404);

    const second = await article();
    const secondComment = await comment(second);
    const gone = await http('DELETE', `/users/${owner.id}`, { token: admin.token });
    expect(gone.status, gone.text).toBe(204);
    expect((await http('GET', `/articles/${second}`)).status).toBe(404);
    expect((await http('GET', `/comments/${secondComment}`)).status).toBe(404);
    // The stranger's account and other comments are theirs still.
    expect((await http('GET', '/users/me', { token: stranger.token })).status).toBe(200);
  });
}
