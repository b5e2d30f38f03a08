// Issue 31.5: an unknown list parameter (`?publishd=true`, a typo of a filter) answered the whole list as
// if it were filtered, while unknown `fields`, `sort` and `expand` names were 400s. Now it is a 400 too,
// naming the parameters the list knows.
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

export function unknownParameterChecks(target: () => Target): void {
  it('answers 400 naming the known parameters to a list parameter it does not know', async () => {
    const { http, masterKey } = target();
    for (const query of ['titel=x', 'views.gte=1&publishd=true', 'utm_source=mail']) {
      const answer = await http('GET', `/articles?${query}`);
      expect(answer.status, `${query}: ${answer.text}`).toBe(400);
      expect(answer.body.message).toMatch(
        /is not a parameter of this list: use q, page, limit, after, count, fields, sort, or a filter: title, views, createdAt/,
      );
    }
    // Known ones, and the credential, are taken as before.
    const known = await http(
      'GET',
      `/articles?title=x&views.gte=1&page=1&limit=5&access_token=${masterKey}`,
    );
    expect(known.status, known.text).toBe(200);
  });
}
