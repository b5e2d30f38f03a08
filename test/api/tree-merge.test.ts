// mergeChange carries a template change into a file the user edited: what it inserts keeps the template's order.
import dedent from 'dedent';
import { describe, expect, it } from 'vitest';
import { mergeChange } from '../../src/resource/edit/tree-merge.js';

describe('mergeChange', () => {
  it('inserts two imports beside one neighbour in the order the template has them', () => {
    const before =
      dedent`
      import { Column } from 'typeorm';

      export class Article {}
    ` + '\n';
    const after =
      dedent`
      import { Column } from 'typeorm';
      import { Category } from '../../categories/entities/category.entity';
      import { Tag } from '../../tags/entities/tag.entity';

      export class Article {}
    ` + '\n';
    const user = `${before}\nexport const HAND_WRITTEN = true;\n`;
    expect(mergeChange(user, before, after, 'article.entity.ts')).toBe(
      `${after}\nexport const HAND_WRITTEN = true;\n`,
    );
  });
});
