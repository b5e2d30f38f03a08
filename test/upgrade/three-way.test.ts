// The merges of rest upgrade, file by file: text through git merge-file, package.json key by key.
import { describe, expect, it } from 'vitest';
import { mergeManifest, mergeText } from '../../src/upgrade/three-way.js';

const labels = { own: 'yours', base: 'restsmith 1', generated: 'restsmith 2' };
const lines = (...texts: string[]) => `${texts.join('\n')}\n`;

describe('mergeText', () => {
  it('takes both changes where they do not overlap', async () => {
    const base = lines('a', 'b', 'c', 'd', 'e', 'f');
    const own = lines('a', 'b (mine)', 'c', 'd', 'e', 'f');
    const generated = lines('a', 'b', 'c', 'd', 'e', 'f (new)');
    expect(await mergeText(own, base, generated, labels)).toEqual({
      text: lines('a', 'b (mine)', 'c', 'd', 'e', 'f (new)'),
      conflicts: 0,
    });
  });

  it('marks an overlap with git markers and counts it', async () => {
    const merged = await mergeText(lines('a', 'mine'), lines('a', 'b'), lines('a', 'new'), labels);
    expect(merged.conflicts).toBe(1);
    expect(merged.text).toBe(
      lines('a', '<<<<<<< yours', 'mine', '=======', 'new', '>>>>>>> restsmith 2'),
    );
  });

  it('applies the same change made on both sides once', async () => {
    const merged = await mergeText(lines('a', 'new'), lines('a', 'b'), lines('a', 'new'), labels);
    expect(merged).toEqual({ text: lines('a', 'new'), conflicts: 0 });
  });
});

describe('mergeManifest', () => {
  const json = (data: unknown) => `${JSON.stringify(data, null, 2)}\n`;

  it('brings new and changed dependencies, keeps the user’s own and the user’s pins', () => {
    const base = json({
      name: 'p',
      dependencies: { a: '^1.0.0', b: '^1.0.0' },
      scripts: { test: 'jest' },
    });
    const own = json({
      name: 'p',
      dependencies: { a: '1.0.5', b: '^1.0.0', mine: '^3.0.0' },
      scripts: { test: 'jest', mine: 'node x' },
    });
    const generated = json({
      name: 'p',
      dependencies: { a: '^1.2.0', b: '^2.0.0', c: '^1.0.0' },
      scripts: { test: 'jest --ci' },
    });
    const merged = mergeManifest(own, base, generated);
    expect(JSON.parse(merged.text)).toEqual({
      name: 'p',
      dependencies: { a: '1.0.5', b: '^2.0.0', c: '^1.0.0', mine: '^3.0.0' },
      scripts: { test: 'jest --ci', mine: 'node x' },
    });
    expect(merged.kept).toEqual(['dependencies.a']);
  });

  it('drops a dependency restsmith no longer writes unless the user changed it', () => {
    const merged = mergeManifest(
      json({ dependencies: { old: '^1.0.0', pinned: '1.0.0' } }),
      json({ dependencies: { old: '^1.0.0', pinned: '^1.0.0' } }),
      json({ dependencies: {} }),
    );
    expect(JSON.parse(merged.text)).toEqual({ dependencies: { pinned: '1.0.0' } });
    expect(merged.kept).toEqual(['dependencies.pinned']);
  });
});
