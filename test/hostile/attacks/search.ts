// Issue 10.2: `q` is bounded, folds non-ASCII case, and is answered by the database's own text index.
import { expect, it } from 'vitest';
import { run } from '../../api/project.js';
import type { Target } from '../target.js';

/** A 100,000-character article, the longest `text` a client may send. */
const LONG_ARTICLE = 'a'.repeat(100_000);

export function searchAttacks(target: () => Target): void {
  it('refuses a q of 4,001 characters with 400 naming the limit, and keeps answering others meanwhile', async () => {
    const { http } = target();
    const author = await target().user();
    const posted = await http('POST', '/articles', {
      token: author.token,
      json: { title: 'long', content: LONG_ARTICLE, tags: [] },
    });
    expect(posted.status).toBe(201);
    const hostile = http('GET', `/articles?q=${'a'.repeat(4_000)}b`);
    const ordinary = http('GET', `/users/${author.id}`);
    const [refused, answered] = await Promise.all([hostile, ordinary]);
    expect(refused.status).toBe(400);
    expect(refused.body?.message).toMatch(/\bq\b.*\b100\b/);
    expect(answered.status).toBe(200);
    // Past the URL limit (4,096 characters) the request is refused before any route reads it.
    const tooLong = await http('GET', `/articles?q=${'a'.repeat(15_000)}b`);
    expect(tooLong.status).toBe(414);
  });

  it('finds Élan when asked for élan (Unicode case folding)', async () => {
    const { http } = target();
    const author = await target().user();
    const title = `Élan vital ${Date.now()}`;
    const posted = await http('POST', '/articles', {
      token: author.token,
      json: { title, content: 'Bergson', tags: [] },
    });
    expect(posted.status).toBe(201);
    const found = await http('GET', `/articles?q=${encodeURIComponent('élan vital')}&limit=100`);
    expect(found.status).toBe(200);
    expect(found.body.map((article: { title: string }) => article.title)).toContain(title);
  });

  it('keeps the search, the default sort and the owner in indexes of the database', async (context) => {
    const { dir, env } = target();
    if (env.MONGODB_URI) {
      return context.skip(
        'MongoDB: the schemas declare the indexes, unit-tested in the generated project',
      );
    }
    const schema = databaseSchema(dir, env);
    expect(schema.indexes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/createdAt/),
        expect.stringMatching(/authorId/),
      ]),
    );
    if (schema.database === 'postgres') {
      // pg_trgm GIN indexes answer ILIKE '%...%' on each searched column.
      for (const column of ['title', 'content'])
        expect(schema.indexes).toContainEqual(
          expect.stringMatching(new RegExp(`USING gin \\("?${column}"? gin_trgm_ops\\)`)),
        );
      expect(schema.plan).toMatch(/Bitmap Index Scan on \S+/);
    } else {
      expect(schema.indexes).toContainEqual(expect.stringMatching(/fts5\(.*trigram/s));
      expect(schema.plan).toMatch(/VIRTUAL TABLE INDEX/);
    }
  });
}

interface Schema {
  database: 'sqlite' | 'postgres';
  /** Every index (and, on SQLite, full-text table) of the articles table, as SQL. */
  indexes: string[];
  /** The plan of a search on the articles, as the server runs it. */
  plan: string;
}

/** Reads the running project's database through its own driver (its node_modules). */
function databaseSchema(dir: string, env: NodeJS.ProcessEnv): Schema {
  const script = env.DATABASE_URL ? POSTGRES_SCHEMA : SQLITE_SCHEMA;
  const read = run('node', ['-e', script], dir, { DATABASE_URL: env.DATABASE_URL });
  if (read.status !== 0) throw new Error(read.output);
  return JSON.parse(read.output.trim().split('\n').pop()!) as Schema;
}

const SQLITE_SCHEMA = `
const Database = require('better-sqlite3');
const path = require('node:fs').readFileSync('.env', 'utf8').match(/^DATABASE_PATH=(.*)$/m)[1];
const db = new Database(path, { readonly: true });
const indexes = db
  .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND (tbl_name = 'articles' OR name LIKE 'articles%')")
  .all()
  .map((row) => row.sql);
const plan = db
  .prepare("EXPLAIN QUERY PLAN SELECT id FROM articles WHERE rowid IN (SELECT rowid FROM articles_search WHERE articles_search MATCH ?)")
  .all('"vital"')
  .map((row) => row.detail)
  .join('\\n');
console.log(JSON.stringify({ database: 'sqlite', indexes, plan }));
`;

const POSTGRES_SCHEMA = `
const { Client } = require('pg');
(async () => {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query("SELECT indexdef FROM pg_indexes WHERE tablename = 'articles'");
  await client.query('SET enable_seqscan = off');
  const explained = await client.query(
    "EXPLAIN SELECT id FROM articles WHERE title ILIKE $1 OR content ILIKE $1",
    ['%vital%'],
  );
  await client.end();
  console.log(JSON.stringify({
    database: 'postgres',
    indexes: rows.map((row) => row.indexdef),
    plan: explained.rows.map((row) => row['QUERY PLAN']).join('\\n'),
  }));
})();
`;
