// Issue 31.4: the shell examples of the README and docs/ run as written, in order, on a generated project,
// and leave a project that type-checks. `rest new` examples get --skip-install and --skip-git (the install
// is the newcomer test's, test/e2e/newcomer.test.ts); the `rest api` and `rest schema print` lines after
// them run in the project they made (as after the `cd` a reader types), or in a fresh `rest new my-api`
// when the page starts with them.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { linkDependencies, repository, rest, run } from '../api/project.js';

interface Example {
  page: string;
  line: number;
  words: string[];
}

const pages = [
  'README.md',
  ...readdirSync(join(repository, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The commands of a page's sh, bash and shell blocks: comments dropped, `\` lines joined, shell words. */
export function examplesOf(page: string, markdown: string): Example[] {
  const examples: Example[] = [];
  let inBlock = false;
  let pending: { line: number; text: string } | undefined;
  markdown.split('\n').forEach((text, index) => {
    const fence = /^\s*```(\w*)/.exec(text);
    if (fence) {
      inBlock = !inBlock && ['sh', 'bash', 'shell'].includes(fence[1]!);
      return;
    }
    if (!inBlock) return;
    const code = text.replace(/(^|\s)#\s.*$/, '').trimEnd();
    const joined = pending ? `${pending.text} ${code.trim()}` : code.trim();
    const line = pending?.line ?? index + 1;
    if (joined.endsWith('\\')) {
      pending = { line, text: joined.slice(0, -1).trimEnd() };
      return;
    }
    pending = undefined;
    if (!joined) return;
    // `a && b` is two examples, run one after the other.
    let words: string[] = [];
    for (const word of [...shellWords(joined), '&&']) {
      if (word !== '&&') words.push(word);
      else if (words.length) {
        examples.push({ page, line, words });
        words = [];
      }
    }
  });
  return examples;
}

/**
 * Splits a command line into words as bash would (single and double quotes, backslashes), without a
 * shell: nothing in the docs is ever run but through `rest`. `&&`, `|`, `;` and `>` stay words.
 */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && /["\\$`]/.test(line[index + 1] ?? '')) {
        word += line[++index]!;
      } else word += char;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word ??= '';
      if (char === '"' || char === "'") quote = char;
      else if (char === '\\') word += line[++index] ?? '';
      else word += char;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}

const scratch = mkdtempSync(join(tmpdir(), 'rest-docs-examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const withFlags = (args: string[], ...flags: string[]) => [
  ...args,
  ...flags.filter((flag) => !args.includes(flag)),
];

describe('the shell examples of the README and docs/', () => {
  it('finds examples in a page, as bash reads them', () => {
    expect(
      examplesOf(
        'x.md',
        '```sh\nrest api a --fields "t b?:text" \\\n  --yes   # a comment\n# only a comment\nrest x && rest \'y z\' "a\\"b"\n```\n```ts\nrest no\n```',
      ),
    ).toEqual([
      { page: 'x.md', line: 2, words: ['rest', 'api', 'a', '--fields', 't b?:text', '--yes'] },
      { page: 'x.md', line: 5, words: ['rest', 'x'] },
      { page: 'x.md', line: 5, words: ['rest', 'y z', 'a"b'] },
    ]);
  });

  const withExamples = pages.filter(
    (page) => examplesOf(page, readFileSync(join(repository, page), 'utf8')).length > 0,
  );
  it.each(withExamples)(
    '%s: every example runs, in order, and the project it leaves type-checks',
    (page) => {
      const examples = examplesOf(page, readFileSync(join(repository, page), 'utf8'));
      const folder = join(scratch, page.replace(/\W/g, '_'));
      mkdirSync(folder);
      let project: string | undefined;
      let edited = false;
      const failures: string[] = [];
      const runRest = (cwd: string, args: string[], example: Example) => {
        const result = rest(cwd, ...args);
        if (result.status !== 0) {
          failures.push(
            `${example.page}:${example.line}: rest ${args.join(' ')}\n${result.output}`,
          );
        }
        return result.status === 0;
      };
      const currentProject = (example: Example) => {
        if (project) return project;
        runRest(folder, ['new', 'my-api', '--yes', '--skip-install', '--skip-git'], example);
        return (project = join(folder, 'my-api'));
      };
      for (const example of examples) {
        const [command, sub, ...rest] = example.words;
        if (command === 'npm' || command === './bin/run.js') {
          // The README's set-up: run by test/e2e/newcomer.test.ts (a real install).
          continue;
        }
        if (command === 'cd') {
          const target = resolve(folder, rest.length ? rest[0]! : sub!);
          if (!project) currentProject(example);
          if (!existsSync(target))
            failures.push(`${example.page}:${example.line}: no folder ${sub}`);
          else project = target;
          continue;
        }
        if (command !== 'rest') {
          failures.push(
            `${example.page}:${example.line}: not a rest command: ${example.words.join(' ')}`,
          );
          continue;
        }
        if (sub === 'route') continue; // A server that runs until stopped: test/route/cli.test.ts runs the README's.
        if (sub === 'new') {
          const own = join(folder, `new-${example.line}`);
          mkdirSync(own);
          const args = withFlags(['new', ...rest], '--skip-install', '--skip-git', '--yes');
          if (runRest(own, args, example) && !args.includes('--dry-run')) {
            const name = rest.find((word) => !word.startsWith('-'));
            project = join(own, (name ?? 'my-api').split('/').pop()!);
            edited = false;
          }
          continue;
        }
        const dir = currentProject(example);
        if (runRest(dir, [sub!, ...rest], example) && sub === 'api') edited = true;
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
      if (project && edited) {
        linkDependencies(project);
        const checked = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], project);
        expect(checked.status, checked.output).toBe(0);
      }
    },
    600_000,
  );
});
