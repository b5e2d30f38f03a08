// src/common/list-cache.ts of a sqlite or postgres project: pages of list queries kept until the database changes.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { Database } from '../../src/model/project.js';
import { pkgTypes } from '../_shared/pieces.js';
import { block, code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export const LIST_CACHE = 'src/common/list-cache.ts';

/**
 * The databases that tell cheaply, in one statement, whether anything changed: the version is
 * a string that changes with every change of any table, from this process or any other.
 */
const VERSIONS = {
  sqlite: {
    docs: [
      'Changes to the whole database since start-up: the rows this connection changed',
      '(total_changes()) and the commits of other connections (PRAGMA data_version). Either moves',
      'with every write; neither reads a table.',
    ],
    sql: `"SELECT total_changes() || '.' || data_version AS version FROM pragma_data_version()"`,
  },
  postgres: {
    docs: [
      "The server's snapshot of transactions (pg_current_snapshot()): it moves when a transaction",
      'that wrote commits or rolls back, in any database of the server, from any instance of the',
      'app. Two equal snapshots see the same rows, so a page read at one is the page at the other.',
    ],
    sql: "'SELECT pg_current_snapshot()::text AS version'",
  },
} as const;

/** Whether a project's lists keep pages (MySQL and MongoDB have no such one-statement version). */
export const cachesLists = (database: Database): database is keyof typeof VERSIONS =>
  database in VERSIONS;

export function listCacheTemplate(database: keyof typeof VERSIONS): TypeScriptFile {
  return tsFile(
    LIST_CACHE,
    [pkgTypes('typeorm', 'ObjectLiteral', 'Repository')],
    [
      constant('VERSION', VERSIONS[database].sql, {
        isExported: false,
        docs: [...VERSIONS[database].docs],
      }),
      interfaceOf({
        name: 'Pages',
        isExported: false,
        docs: ["A repository's pages, valid while the database is at `version`."],
        properties: [
          { name: 'version', type: 'string' },
          { name: 'entries', type: 'Map<string, Promise<unknown>>' },
        ],
      }),
      constant('caches', 'new WeakMap<Repository<ObjectLiteral>, Pages>()', { isExported: false }),
      constant('settings', '{ pages: 100 }', {
        isExported: false,
        docs: ['Pages kept per repository: LIST_CACHE_PAGES in .env.'],
      }),
      functionOf({
        name: 'setListCachePages',
        docs: ['Pages kept per repository (LIST_CACHE_PAGES); 0 runs every list query.'],
        parameters: [{ name: 'pages', type: 'number' }],
        returnType: 'void',
        statements: code('settings.pages = pages;'),
      }),
      functionOf({
        name: 'cachedPage',
        docs: [
          'A page as `fetch` read it while the database has not changed since, else read anew. The',
          'version is read before the statements, so a change in between makes the next request',
          'miss: no answer is older than its request, on one instance or several. Any change of',
          "any table empties a repository's pages at its next list; at most `settings.pages` are",
          'kept, the least recently used dropped first.',
        ],
        isAsync: true,
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }, { name: 'P' }],
        parameters: [
          { name: 'repository', type: 'Repository<T>' },
          { name: 'key', type: 'string' },
          { name: 'fetch', type: '() => Promise<P>' },
        ],
        returnType: 'Promise<P>',
        statements: code(
          'if (settings.pages === 0) return fetch();',
          'const [{ version }]: { version: string }[] = await repository.query(VERSION);',
          'let found = caches.get(repository);',
          'if (found === undefined || found.version !== version) {',
          '  found = { version, entries: new Map<string, Promise<unknown>>() };',
          '  caches.set(repository, found);',
          '}',
          'const pages = found;',
          'const kept = pages.entries.get(key);',
          'if (kept !== undefined) {',
          '  pages.entries.delete(key);',
          '  pages.entries.set(key, kept);',
          '  return kept as Promise<P>;',
          '}',
          '// Kept while it is read: requests for a page that arrive together share one read of it.',
          'const fetched = fetch();',
          'if (pages.entries.size >= settings.pages) pages.entries.delete(pages.entries.keys().next().value!);',
          'pages.entries.set(key, fetched);',
          'fetched.catch(() => {',
          '  if (pages.entries.get(key) === fetched) pages.entries.delete(key);',
          '});',
          'return fetched;',
        ),
      }),
    ],
  );
}

/** src/common/list-cache.spec.ts: kept pages, checked with a stand-in repository. */
export function listCacheSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/list-cache.spec.ts',
    [
      pkgTypes('typeorm', 'ObjectLiteral', 'Repository'),
      { from: LIST_CACHE, named: ['cachedPage'] },
    ],
    [
      block(`
/** A repository whose database stays at one version, and a read of a page that answers when told. */
function standIn() {
  const repository = { query: () => Promise.resolve([{ version: '1' }]) } as unknown as Repository<ObjectLiteral>;
  let reads = 0;
  let answer: (page: string[]) => void = () => undefined;
  const read = () =>
    new Promise<string[]>((resolve) => {
      reads += 1;
      answer = resolve;
    });
  return { repository, read, reads: () => reads, answer: (page: string[]) => answer(page) };
}

describe('cachedPage', () => {
  it('reads a page once for requests of it that arrive together, and keeps it', async () => {
    const { repository, read, reads, answer } = standIn();
    const together = [cachedPage(repository, 'page', read), cachedPage(repository, 'page', read)];
    // Both have asked for the version and found no kept page before the read answers.
    await new Promise((settle) => setImmediate(settle));
    answer(['Ada']);
    expect(await Promise.all(together)).toEqual([['Ada'], ['Ada']]);
    expect(await cachedPage(repository, 'page', read)).toEqual(['Ada']);
    expect(reads()).toBe(1);
  });

  it('reads again after a read that failed', async () => {
    const { repository } = standIn();
    await expect(cachedPage(repository, 'page', () => Promise.reject(new Error('lost')))).rejects.toThrow('lost');
    expect(await cachedPage(repository, 'page', () => Promise.resolve(['Ada']))).toEqual(['Ada']);
  });
});
`),
    ],
  );
}
