// Issue 31.4: every relative link of the README and docs/ leads to a file that exists, and every anchor to
// a heading of that file (as GitHub writes heading anchors), so that the docs read without dead ends.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes; repeats get -1, -2. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/<[^>]+>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The relative links of a page (not in code): `[text](path#anchor)`, without http(s) and mail links. */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^\s*(```|~~~)[\s\S]*?^\s*\1.*$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('the link check itself', () => {
  it('reads links outside code, and anchors as GitHub writes them', () => {
    expect(
      linksOf('[a](docs/x.md#y) `[b](z.md)` [c](https://e.example) [d](#top)\n```\n[e](f.md)\n```'),
    ).toEqual(['docs/x.md#y', '#top']);
    const anchors = anchorsOf(
      '# Set-up, on a fresh machine\n## `rest new` flags\n## Speed\n## Speed\n```\n# not a heading\n```',
    );
    expect([...anchors]).toEqual([
      'set-up-on-a-fresh-machine',
      'rest-new-flags',
      'speed',
      'speed-1',
    ]);
  });
});

describe('the README and docs/', () => {
  it.each(pages)('%s: every relative link and anchor resolves', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const broken: string[] = [];
    for (const link of linksOf(text)) {
      const [path = '', anchor] = link.split('#');
      const target =
        path === '' ? join(root, page) : resolve(dirname(join(root, page)), decodeURI(path));
      if (!existsSync(target)) {
        broken.push(`${link}: no file ${relative(root, target)}`);
        continue;
      }
      if (
        anchor &&
        target.endsWith('.md') &&
        !anchorsOf(readFileSync(target, 'utf8')).has(anchor)
      ) {
        broken.push(`${link}: no heading #${anchor} in ${relative(root, target)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('the README stays at most 300 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(
      300,
    );
  });
});
