// Issue 30.1: a public `q` has a bounded cost whatever the stored rows. One user's rows are built so
// that the text index cannot skip them (200 entries of "aab " + 100,000 × "a"; 60,000 on MySQL); then 4
// anonymous searches for "a" × 60-98 and one other letter run side by side, again and again, while
// /health is asked every 10 ms. Before: each search cost PostgreSQL 3.4-4.3 s, and on SQLite the whole
// server stopped while one ran. Now: each search answers within its bound (SEARCH_TIMEOUT_MS, 100 ms by
// default) or is refused with 503 and Retry-After, and /health keeps answering.
// PostgreSQL: the server's own statements, replayed from its trace log, are planned on the trigram
// indexes (EXPLAIN), and the table is never scanned whole by a search (pg_stat_user_tables).
// Issue 30.3: a filter on a field without an index is a scan, bounded as a search is.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mysqlDatabase, postgresDatabase, run, startScript, type Server } from './project.js';
import { linkDependencies, newProjectWithoutInstall, rest } from '../api/project.js';

const ROWS = 200;
/** The rows: 100,000 characters; MySQL's TEXT holds 65,535 bytes. */
const ROW_LENGTH = { sqlite: 100_000, postgres: 100_000, mysql: 60_000 };
/**
 * The i-th search: "a" × 60-98 and one other letter, each one as costly as the "a" × 99 + "b"
 * and never the same twice in a row of 900, as an attacker would vary it (a kept page answers a
 * repeated one from memory).
 */
const attackText = (i: number) =>
  `${'a'.repeat(60 + (i % 39))}${String.fromCharCode(98 + (Math.floor(i / 39) % 24))}`;

const postgres = postgresDatabase('restsmith_search_bound');
const mysql = mysqlDatabase('restsmith_search_bound');
/** The SQL statements in a server's trace log (JSON lines, the SQL as `msg`, without its values). */
function loggedStatements(output: string): string[] {
  return output.split('\n').flatMap((line) => {
    try {
      const entry = JSON.parse(line) as { context?: string; msg?: string };
      return entry.context === 'SQL' && entry.msg ? [entry.msg] : [];
    } catch {
      return [];
    }
  });
}

/**
 * A bounded statement as a PostgreSQL server logs it (search-query.ts): its SET LOCAL settings and
 * the statement, sent together as one simple query (its values written in; logged apart).
 */
function boundedParts(logged: string): { settings: string; statement: string } | undefined {
  const parts = /^(SET LOCAL statement_timeout = \d+; SET LOCAL enable_seqscan = off;) (.*)$/s.exec(
    logged,
  );
  return parts ? { settings: parts[1]!, statement: parts[2]! } : undefined;
}

/** psql's unaligned answer to `sql` on the database at `url`, stopping at the first error. */
function psqlOn(url: string, dir: string, sql: string) {
  return run('psql', [url, '-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql], dir);
}

const skipReason = (reason: string | undefined, required: string | undefined) =>
  reason && !required ? reason : undefined;

interface Variant {
  database: 'sqlite' | 'postgres' | 'mysql';
  env: NodeJS.ProcessEnv;
  skip?: string;
  /** Runs `sql` straight on the project's database. */
  execute: (dir: string, sql: string) => void;
  /** A table of one column, `seq`, from 1 to `count`. */
  series: (count: number) => string;
  /** `count` times the letter a. */
  letters: (count: number) => string;
  uuid: string;
  /**
   * The i-th search of the burst: one that costs the database a few ms at 100,000 rows. MariaDB's
   * FULLTEXT index (words, no trigrams) reads every row holding a word, so `scan`, in all of them,
   * costs it 200-600 ms whatever the bound; a number is a word few rows hold.
   */
  burstText: (i: number) => string;
}

const variants: Variant[] = [
  {
    database: 'sqlite',
    env: {},
    execute: (dir, sql) => {
      const script = join(dir, 'execute.cjs');
      writeFileSync(
        script,
        [
          "const Database = require('better-sqlite3');",
          "const path = require('node:fs').readFileSync('.env', 'utf8').match(/^DATABASE_PATH=(.*)$/m)[1];",
          'const database = new Database(path);',
          'database.pragma("busy_timeout = 10000");',
          `database.exec(${JSON.stringify(sql)});`,
        ].join('\n'),
      );
      const done = run('node', [script], dir);
      expect(done.status, done.output).toBe(0);
    },
    series: (count) =>
      `(WITH RECURSIVE s(seq) AS (SELECT 1 UNION ALL SELECT seq + 1 FROM s WHERE seq < ${count}) SELECT seq FROM s)`,
    letters: (count) => `replace(hex(zeroblob(${count})), '00', 'a')`,
    uuid: "lower(printf('%s-%s-4%s-a%s-%s', hex(randomblob(4)), hex(randomblob(2)), substr(hex(randomblob(2)), 2), substr(hex(randomblob(2)), 2), hex(randomblob(6))))",
    burstText: (i) => `scan ${1 + (i % 9)}`,
  },
  {
    database: 'postgres',
    env: { DATABASE_URL: postgres.url },
    skip: skipReason(postgres.reason, process.env.RESTSMITH_REQUIRE_POSTGRES),
    execute: (dir, sql) => {
      const done = psqlOn(postgres.url ?? '', dir, `${sql}; ANALYZE articles`);
      expect(done.status, done.output).toBe(0);
    },
    series: (count) => `generate_series(1, ${count}) AS s(seq)`,
    letters: (count) => `repeat('a', ${count})`,
    uuid: 'gen_random_uuid()',
    burstText: (i) => `scan ${1 + (i % 9)}`,
  },
  {
    database: 'mysql',
    env: { DATABASE_URL: mysql.url },
    skip: skipReason(mysql.reason, process.env.RESTSMITH_REQUIRE_MYSQL),
    execute: (dir, sql) => {
      const name = new URL(mysql.url ?? 'mysql://x/none').pathname.slice(1);
      const done = run('mysql', ['-uroot', '-h127.0.0.1', name, '-e', sql], dir);
      expect(done.status, done.output).toBe(0);
    },
    series: (count) => `seq_1_to_${count}`,
    letters: (count) => `repeat('a', ${count})`,
    uuid: 'uuid()',
    burstText: (i) => `${77770 + (i % 10)}`,
  },
];

/** Stores the adversarial rows straight in the database. */
const store = (variant: Variant, dir: string) =>
  variant.execute(
    dir,
    `INSERT INTO articles (id, title, content) SELECT ${variant.uuid}, concat('t', seq), concat('aab ', ${variant.letters(ROW_LENGTH[variant.database])}) FROM ${variant.series(ROWS)}`,
  );

/** Stores `count` small articles titled `scan <i>` straight in the database. */
const storeMany = (variant: Variant, dir: string, count: number) =>
  variant.execute(
    dir,
    `INSERT INTO articles (id, title, content) SELECT ${variant.uuid}, concat('scan ', seq), 'c' FROM ${variant.series(count)}`,
  );

interface Measured {
  statuses: number[];
  retryAfter: (string | null)[];
  search: number[];
  health: number[];
}

/** 4 searches side by side, each asked again as soon as it answers, for `ms`; /health every 10 ms. */
async function attack(url: string, ms: number): Promise<Measured> {
  const measured: Measured = { statuses: [], retryAfter: [], search: [], health: [] };
  const end = performance.now() + ms;
  let sent = 0;
  const pinger = (async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const answer = await fetch(`${url}/health`);
      await answer.arrayBuffer();
      measured.health.push(performance.now() - started);
      await new Promise((wait) => setTimeout(wait, 10));
    }
  })();
  await Promise.all(
    [0, 1, 2, 3].map(async () => {
      while (performance.now() < end) {
        const started = performance.now();
        const answer = await fetch(`${url}/articles?q=${attackText(sent++)}&limit=10`);
        await answer.arrayBuffer();
        measured.search.push(performance.now() - started);
        measured.statuses.push(answer.status);
        measured.retryAfter.push(answer.headers.get('retry-after'));
      }
    }),
  );
  await pinger;
  return measured;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
};

describe.each(variants)('an adversarial search on a $database project', (variant) => {
  let dir: string;
  let server: Server | undefined;
  beforeAll(async () => {
    if (variant.skip) return;
    dir = newProjectWithoutInstall(`search-bound-${variant.database}`, variant.database, {
      checkTypes: false,
    });
    const added = rest(
      dir,
      'api',
      'article',
      '--fields',
      'title content:text',
      '--public',
      'GET',
      '--yes',
    );
    expect(added.status, added.output).toBe(0);
    linkDependencies(dir);
    // At trace, the server logs each statement (without its values): the plan test replays them.
    // The rate limit is lifted: this test measures the database, not the limiter.
    server = await startScript(dir, 'prod', {
      ...variant.env,
      LOG_LEVEL: 'trace',
      THROTTLE_LIMIT: '1000000',
    });
    store(variant, dir);
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
  });

  it.skipIf(Boolean(variant.skip))(
    'answers each search within its bound or refuses it with 503 and Retry-After, and /health keeps answering',
    async () => {
      const measured = await attack(server!.url, 3_000);
      const summary = JSON.stringify({
        statuses: measured.statuses.reduce<Record<number, number>>(
          (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
          {},
        ),
        searchMs: { p50: percentile(measured.search, 0.5), max: percentile(measured.search, 1) },
        healthMs: {
          n: measured.health.length,
          p50: percentile(measured.health, 0.5),
          p90: percentile(measured.health, 0.9),
          p99: percentile(measured.health, 0.99),
        },
      });
      console.log(`${variant.database}: ${summary}`);
      expect(measured.search.length, summary).toBeGreaterThan(4);
      measured.statuses.forEach((status, index) => {
        expect([200, 503], summary).toContain(status);
        if (status === 503) expect(measured.retryAfter[index], summary).toBe('1');
      });
      // The bound is 100 ms of database time; the rest is HTTP and a loaded machine (before: 3.4 s
      // and more on PostgreSQL). Generous on purpose: the figures are bench/'s, this is the bound.
      expect(percentile(measured.search, 1), summary).toBeLessThan(1_500);
      // Before, on SQLite: 350-477 ms while a search held the event loop. Four searches are always
      // in flight, so a search on the event loop would hold most /health requests, not one in ten:
      // p90, as one hiccup of a loaded machine (321 ms in 62 answers, CI of fe546ee) is not that.
      expect(percentile(measured.health, 0.9), summary).toBeLessThan(150);
      // An honest search still answers, from the same rows.
      const honest = await fetch(`${server!.url}/articles?q=t12&fields=id,title`);
      expect([200, 503]).toContain(honest.status);
    },
    120_000,
  );

  it.skipIf(Boolean(variant.skip))(
    "stops a search at SEARCH_TIMEOUT_MS with the database's own limit, a 503 that says so",
    async () => {
      // The same project and rows, served with a bound of 1 ms that any search of them passes.
      const bounded = await startScript(dir, 'start:prod', {
        ...variant.env,
        NODE_ENV: 'production',
        SEARCH_TIMEOUT_MS: '1',
      });
      try {
        // A database may finish one search before it looks at its clock (MariaDB checks
        // max_statement_time now and then): a few searches, each new to the list cache, and the
        // first that is stopped is read. Without a bound, every one answers 200 and the test fails.
        let answer = await fetch(`${bounded.url}/articles?q=aab&limit=10`);
        for (const q of ['aaab', 'aaaab', 'aaaaab', 'aaaaaab']) {
          if (answer.status !== 200) break;
          answer = await fetch(`${bounded.url}/articles?q=${q}&limit=10`);
        }
        const body = (await answer.json()) as { message?: string };
        expect(answer.status, JSON.stringify(body).slice(0, 500)).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('1');
        expect(body.message).toMatch(/costs more than the server allows \(1 ms\)/);
        // The rest of the API does not care: a list without q is not bounded so.
        expect((await fetch(`${bounded.url}/articles?limit=1&fields=id`)).status).toBe(200);
      } finally {
        await bounded.stop();
      }
    },
    180_000,
  );

  // The page statement the server ran for a request, from its trace log (JSON lines, the SQL as
  // `msg`), replayed with its values under EXPLAIN ANALYZE: the rows read from the table.
  const rowsRead = async (path: string, values: (page: string) => string[]) => {
    const psql = (sql: string) => psqlOn(postgres.url!, dir, sql);
    const answer = await fetch(`${server!.url}${path}`);
    expect(answer.status, await answer.clone().text()).toBe(200);
    // Its lines may follow the answer by a moment on a loaded machine (and the output kept is
    // its last 200,000 characters): a request for an unknown path, logged after them, marks them.
    const marker = `/log-mark-${randomUUID()}`;
    expect((await fetch(`${server!.url}${marker}`)).status).toBe(404);
    let logged = '';
    for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
      const output = server!.output();
      const at = output.indexOf(marker);
      if (at !== -1) {
        logged = output.slice(0, at);
        break;
      }
      await new Promise((wait) => setTimeout(wait, 50));
    }
    const page = loggedStatements(logged).findLast(
      (sql) => sql.includes('INNER JOIN') && sql.includes('"articles"'),
    );
    expect(page, `no page statement was logged for ${path}`).toBeDefined();
    const search = boundedParts(page!);
    const explained = psql(
      [
        // As the server runs a search (search-query.ts): without sequential scans (its time
        // bound is left out: EXPLAIN ANALYZE on a loaded machine may pass it).
        search ? 'BEGIN; SET LOCAL enable_seqscan = off;' : 'BEGIN;',
        `PREPARE page AS ${search?.statement ?? page};`,
        `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE page(${values(page!).join(', ')});`,
        'ROLLBACK;',
      ].join('\n'),
    );
    expect(explained.status, explained.output).toBe(0);
    const plan = JSON.parse(
      explained.output.slice(explained.output.indexOf('['), explained.output.lastIndexOf(']') + 1),
    ) as unknown;
    // Rows the nodes that read the articles table handed on or dropped (a filter, a recheck), over
    // all their loops.
    const read = (node: unknown): number => {
      if (node === null || typeof node !== 'object') return 0;
      const fields = node as Record<string, unknown>;
      const own =
        fields['Relation Name'] === 'articles'
          ? (Number(fields['Actual Rows'] ?? 0) +
              Number(fields['Rows Removed by Filter'] ?? 0) +
              Number(fields['Rows Removed by Index Recheck'] ?? 0)) *
            Number(fields['Actual Loops'] ?? 1)
          : 0;
      return own + Object.values(fields).reduce<number>((sum, value) => sum + read(value), 0);
    };
    return { rows: read(plan), answer };
  };

  it.skipIf(variant.database !== 'postgres' || Boolean(variant.skip))(
    'searches for text that SQL would read as code (quotes, backslashes, $1, comments) as text',
    async () => {
      // The server writes a search's values into its statement (search-query.ts): each must stay
      // one quoted literal. Stored with dollar quotes, which take every character as it is.
      const title = "O'Brien \\'; DROP TABLE articles; -- $1 /* %_ */";
      const stored = psqlOn(
        postgres.url!,
        dir,
        `INSERT INTO articles (id, title, content) VALUES (gen_random_uuid(), $t$${title}$t$, 'c')`,
      );
      expect(stored.status, stored.output).toBe(0);
      const titles = async (q: string) => {
        const answer = await fetch(
          `${server!.url}/articles?q=${encodeURIComponent(q)}&fields=title&count=false`,
        );
        expect(answer.status, await answer.clone().text()).toBe(200);
        return ((await answer.json()) as { title: string }[]).map((entry) => entry.title);
      };
      expect(await titles(title)).toEqual([title]);
      expect(await titles("n \\'; DROP")).toEqual([title]);
      expect(await titles('-- $1 /*')).toEqual([title]);
      // % and _ are text too, not LIKE's wildcards. (Each q holds a word the index can use: one
      // with no trigram reads every row, and the 200 huge ones are over the bound: a 503.)
      expect(await titles('$1 /* %_ */')).toEqual([title]);
      expect(await titles('$1 /* %__')).toEqual([]);
      expect(await titles("brien ''")).toEqual([]);
      expect(psqlOn(postgres.url!, dir, 'SELECT count(*) > 0 FROM articles').output.trim()).toBe(
        't',
      );
    },
    60_000,
  );

  it.skipIf(variant.database !== 'postgres' || Boolean(variant.skip))(
    "plans the server's search on the trigram indexes, never a scan of the table (EXPLAIN)",
    async () => {
      const psql = (sql: string) => psqlOn(postgres.url!, dir, sql);
      // The table's whole scans and its search indexes' scans, as pg_stat counts them.
      const counters = () => {
        const [scans, searches] = psql(
          "SELECT seq_scan, (SELECT sum(idx_scan) FROM pg_stat_user_indexes WHERE relname = 'articles' AND indexrelname LIKE '%_search') FROM pg_stat_user_tables WHERE relname = 'articles'",
        )
          .output.trim()
          .split('|')
          .map(Number);
        return { scans: scans ?? 0, searches: searches ?? 0 };
      };
      const before = counters();
      const answer = await fetch(`${server!.url}/articles?q=t12&limit=5`);
      expect(answer.status).toBe(200);
      // The statements the server ran for that search, from its trace log (JSON lines, the SQL as `msg`).
      const statements = loggedStatements(server!.output());
      // The bound's settings and the search, sent as one simple query.
      const search = statements
        .map(boundedParts)
        .findLast((parts) => parts !== undefined && /ILIKE \$1/.test(parts.statement));
      expect(search, statements.slice(-10).join('\n')).toBeDefined();
      const values = [...new Set(search!.statement.match(/\$\d+/g))].map((name) =>
        name === '$1' ? "'%t12%'" : '5',
      );
      const plan = psql(
        [
          `BEGIN; ${search!.settings}`,
          `PREPARE search AS ${search!.statement};`,
          `EXPLAIN EXECUTE search(${values.join(', ')});`,
          'ROLLBACK;',
        ].join('\n'),
      );
      expect(plan.status, plan.output).toBe(0);
      expect(plan.output).toMatch(/Bitmap Index Scan on "IDX_articles_(title|content)_search"/);
      expect(plan.output).not.toMatch(/Seq Scan on articles/);
      // pg_stat counts them once the server's backend reports them (within 10 s of the search).
      let after = before;
      for (let waited = 0; waited < 20_000 && after.searches === before.searches; waited += 500) {
        await new Promise((wait) => setTimeout(wait, 500));
        after = counters();
      }
      expect(after.searches, 'the search indexes were not used').toBeGreaterThan(before.searches);
      expect(after.scans, 'a search scanned the articles table whole').toBe(before.scans);
    },
    60_000,
  );
  it.skipIf(variant.database !== 'postgres' || Boolean(variant.skip))(
    'pages deep by cursor for what the first page costs, where page=N reads every entry before it (EXPLAIN ANALYZE)',
    async () => {
      const psql = (sql: string) => psqlOn(postgres.url!, dir, sql);
      // 100,000 more articles, a millisecond apart, and the planner told of them.
      const stored = psql(
        "INSERT INTO articles (id, title, content, \"createdAt\") SELECT gen_random_uuid(), 'deep ' || i, 'c', now() - i * interval '1 millisecond' FROM generate_series(1, 100000) i; ANALYZE articles;",
      );
      expect(stored.status, stored.output).toBe(0);
      // The cursor of the 90,000th article newest first: its createdAt as PostgreSQL writes it, and its id.
      const [createdAt, id] = psql(
        'SELECT "createdAt"::text, id FROM articles ORDER BY "createdAt" DESC, id OFFSET 89999 LIMIT 1',
      )
        .output.trim()
        .split('|');
      const after = Buffer.from(JSON.stringify(['-createdAt', createdAt, id])).toString(
        'base64url',
      );
      const first = await rowsRead('/articles?limit=10&count=false&after=', () => ['11']);
      const deep = await rowsRead(`/articles?limit=10&count=false&after=${after}`, () => [
        `'${createdAt}'`,
        `'${id}'`,
        '11',
      ]);
      const paged = await rowsRead('/articles?limit=10&count=false&page=9001', () => [
        '10',
        '90000',
      ]);
      const summary = JSON.stringify({ first: first.rows, deep: deep.rows, page9001: paged.rows });
      console.log(`postgres, rows read per page: ${summary}`);
      // The same entries either way, and the cursor's page reads about what the first one does.
      const ids = async (answer: Response) =>
        ((await answer.json()) as { id: string }[]).map((entry) => entry.id);
      expect(await ids(deep.answer)).toEqual(await ids(paged.answer));
      expect(deep.rows, summary).toBeLessThan(100);
      expect(deep.rows, summary).toBeLessThan(first.rows * 3 + 20);
      expect(paged.rows, summary).toBeGreaterThan(50_000);
    },
    120_000,
  );

  it.skipIf(variant.database !== 'postgres' || Boolean(variant.skip))(
    'answers a counted search for a word most rows hold without reading its matches: MAX_COUNT, not exact (EXPLAIN ANALYZE)',
    async () => {
      // The 100,000 `deep <i>` articles of the test above (run alone, this one stores them).
      const psql = (sql: string) => psqlOn(postgres.url!, dir, sql);
      if (psql("SELECT count(*) FROM articles WHERE title LIKE 'deep %'").output.trim() === '0') {
        const stored = psql(
          "INSERT INTO articles (id, title, content, \"createdAt\") SELECT gen_random_uuid(), 'deep ' || i, 'c', now() - i * interval '1 millisecond' FROM generate_series(1, 100000) i; ANALYZE articles;",
        );
        expect(stored.status, stored.output).toBe(0);
      }
      // The page statement of a search: q's pattern is $1, then the limit and the offset.
      const values = (pattern: string) => (page: string) =>
        [`'${pattern}'`, '10', '0'].slice(0, new Set(page.match(/\$\d+/g)).size);
      // Before: one statement counted the matches (up to 10,001) and sorted every one of the
      // 100,000 before the page, past SEARCH_TIMEOUT_MS on a slow machine and at 1,000,000 rows.
      const common = await rowsRead('/articles?q=deep&limit=10&fields=id,title', values('%deep%'));
      const rare = await rowsRead(
        '/articles?q=deep%2012345&limit=10&fields=id,title',
        values('%deep 12345%'),
      );
      const summary = JSON.stringify({ common: common.rows, rare: rare.rows });
      console.log(`postgres, rows read by a counted search: ${summary}`);
      const titles = (await common.answer.json()) as { title: string }[];
      expect(titles).toHaveLength(10);
      for (const { title } of titles) expect(title).toMatch(/deep/);
      expect(common.answer.headers.get('x-total-count')).toBe('10000');
      expect(common.answer.headers.get('x-total-count-exact')).toBe('false');
      expect(common.rows, summary).toBeLessThan(1_000);
      // A word few rows hold is counted exactly, as before.
      expect(await rare.answer.json()).toEqual([{ id: expect.any(String), title: 'deep 12345' }]);
      expect(rare.answer.headers.get('x-total-count')).toBe('1');
      expect(rare.answer.headers.get('x-total-count-exact')).toBeNull();
    },
    120_000,
  );

  it.skipIf(Boolean(variant.skip))(
    'bounds a filter on a field no index holds as it bounds a search; a filter with an index is not bounded',
    async () => {
      // 100,000 more articles: a filter on their title, which has no index, reads them all.
      storeMany(variant, dir, 100_000);
      const bounded = await startScript(dir, 'start:prod', {
        ...variant.env,
        NODE_ENV: 'production',
        SEARCH_TIMEOUT_MS: '1',
      });
      try {
        const scan = await fetch(`${bounded.url}/articles?title=nothing&limit=1&fields=id`);
        const body = (await scan.json()) as { message?: string };
        expect(scan.status, JSON.stringify(body)).toBe(503);
        expect(scan.headers.get('retry-after')).toBe('1');
        expect(body.message).toMatch(/costs more than the server allows \(1 ms\)/);
        expect(body.message).toMatch(/filter by a field with an index/);
        // A word every row holds, stopped inside MariaDB's FULLTEXT index (errno 188, a 500 before).
        // PostgreSQL reads it without counting its matches (the test above): not bounded by its count.
        const common = await fetch(`${bounded.url}/articles?q=scan&limit=1&fields=id`);
        if (variant.database !== 'postgres') {
          expect(common.status, await common.clone().text()).toBe(503);
        }
        if (variant.database === 'mysql') {
          // As compose.yaml sets it: the same word refused at once (errno 128, a 500 before).
          variant.execute(dir, 'SET GLOBAL innodb_ft_result_cache_limit = 1000000');
          try {
            const started = performance.now();
            const refused = await fetch(`${server!.url}/articles?q=scan&limit=1&fields=id`);
            const ms = performance.now() - started;
            expect(refused.status, await refused.clone().text()).toBe(503);
            console.log(`mysql, a word of 100,000 rows under a 1 MB result cache: 503 in ${ms} ms`);
          } finally {
            variant.execute(dir, 'SET GLOBAL innodb_ft_result_cache_limit = 2000000000');
          }
        }
        // createdAt has an index: its filter is not bounded, whatever the bound.
        const indexed = await fetch(
          `${bounded.url}/articles?createdAt.gte=2100-01-01T00:00:00.000Z&limit=1&fields=id`,
        );
        expect(indexed.status, await indexed.clone().text()).toBe(200);
        expect(await indexed.json()).toEqual([]);
      } finally {
        await bounded.stop();
      }
      // Under the default bound (100 ms) the same scan answers, on a machine that is not overloaded.
      const honest = await fetch(`${server!.url}/articles?title=scan%2077&fields=title`);
      expect([200, 503]).toContain(honest.status);
      if (honest.status === 200) {
        expect(await honest.json()).toEqual([{ id: expect.any(String), title: 'scan 77' }]);
      }
    },
    180_000,
  );

  it.skipIf(Boolean(variant.skip))(
    "answers a burst of searches that each pass the bound: a search's wait behind others is not its cost",
    async () => {
      // 100,000 articles titled `scan <i>` (the test above stores them; run alone, this one does).
      // Before, on SQLite, a search's bound counted its wait behind the worker's earlier searches:
      // 100 of these at once (about 18 ms each alone) were 93 503s, all together when one went over.
      const stored = await fetch(`${server!.url}/articles?limit=1&fields=id`);
      if (Number(stored.headers.get('x-total-count')) < 10_000) storeMany(variant, dir, 100_000);
      const bounded = await startScript(dir, 'start:prod', {
        ...variant.env,
        NODE_ENV: 'production',
        // A search pool's wait does not count on the servers either; their searches take longer
        // on a loaded machine than the worker's.
        SEARCH_TIMEOUT_MS: variant.database === 'sqlite' ? '400' : '1000',
        LIST_CACHE_PAGES: '0',
        THROTTLE_LIMIT: '1000000',
      });
      try {
        const search = async (i: number) => {
          const started = performance.now();
          const text = encodeURIComponent(variant.burstText(i));
          const answer = await fetch(`${bounded.url}/articles?q=${text}&limit=10&fields=id`);
          await answer.arrayBuffer();
          return { status: answer.status, ms: performance.now() - started };
        };
        const alone: number[] = [];
        for (let i = 0; i < 5; i++) alone.push((await search(i)).ms);
        const started = performance.now();
        const burst = await Promise.all(Array.from({ length: 100 }, (_, i) => search(i)));
        const statuses = burst.reduce<Record<number, number>>(
          (counts, { status }) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
          {},
        );
        const summary = JSON.stringify({
          aloneMs: percentile(alone, 0.5),
          burstMs: performance.now() - started,
          statuses,
        });
        console.log(`${variant.database}, 100 searches at once: ${summary}`);
        const failures = bounded
          .output()
          .split('\n')
          .filter((line) => line.includes('"level":50'))
          .slice(-3)
          .join('\n');
        expect(statuses, `${summary}\n${failures}`).toEqual({ 200: 100 });
      } finally {
        await bounded.stop();
      }
    },
    180_000,
  );

  it.skipIf(variant.database !== 'postgres' || Boolean(variant.skip))(
    "reads a page through the trigram indexes when a walk of the sort's index runs long (100,000 rows share one createdAt)",
    async () => {
      // The 100,000 `scan <i>` articles of the tests above, stored in one statement: one createdAt.
      // Counted without a search: a search for `scan`, every one of them, may pass the server's
      // 100 ms bound on a loaded machine (CI of 070c2da: a 503 here).
      const stored = await fetch(`${server!.url}/articles?limit=1&fields=id`);
      expect(stored.status).toBe(200);
      if (Number(stored.headers.get('x-total-count')) < 10_000) storeMany(variant, dir, 100_000);
      // The planner walks the createdAt index for a page of `scan 5` (a ninth of them) and must
      // read all the tied rows to sort them by id: before, 270 ms, a 503 at the bound.
      const answer = await fetch(
        `${server!.url}/articles?q=scan%205&limit=10&count=false&fields=title`,
      );
      const body = (await answer.clone().json()) as { title: string }[];
      expect(answer.status, JSON.stringify(body).slice(0, 500)).toBe(200);
      expect(body).toHaveLength(10);
      for (const { title } of body) expect(title).toMatch(/scan 5/);
      // The walk was stopped at a tenth of the bound, and the page read through the indexes: the
      // fallback, which runs only then, its matches MATERIALIZED.
      await expect
        .poll(
          () =>
            loggedStatements(server!.output()).some(
              (sql) => boundedParts(sql)?.statement.includes('AS MATERIALIZED') === true,
            ),
          {
            timeout: 10_000,
          },
        )
        .toBe(true);
    },
    60_000,
  );
});
