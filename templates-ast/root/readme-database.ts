// The README's database parts: where the data lives, how `q` searches on each database, and migrations.
import type { ProjectOptions } from '../../src/model/project.js';

/** Where the data lives, per database, and what the tests run on. */
export const DATABASE_NOTES: Record<ProjectOptions['database'], string> = {
  sqlite:
    'SQLite, in the file named by `DATABASE_PATH` (default `.data/<name>.sqlite`), in write-ahead-log mode: beside it SQLite keeps `<name>.sqlite-wal` and `<name>.sqlite-shm`, which belong to the data (copy or delete the three together, or back up with `sqlite3 <file> .backup`), and the folder must be on a local disk. Tests use a fresh in-memory database. The driver is better-sqlite3 13, which needs Node 22 or later (it crashes on Node 20); `overrides` in package.json lets it stand in for the better-sqlite3 12 that TypeORM 1.1 asks for, which aborts Node 24 when it frees a statement.',
  postgres:
    'PostgreSQL at `DATABASE_URL`. Tests run on `DATABASE_URL` when it is set in the environment, else on the database `.env` names with `_test` after its name (`my_api_test`), so they never touch the development data; it is created when missing. A server that does not answer fails the tests with one line naming `DATABASE_URL`: they never skip.',
  mysql:
    'MySQL 8 (`mysql://` URL) or MariaDB 10.6+ (`mariadb://`) at `DATABASE_URL`. Tests run on `DATABASE_URL` when it is set in the environment, else on the database `.env` names with `_test` after its name (`my_api_test`), so they never touch the development data; it is created when missing. A server that does not answer fails the tests with one line naming `DATABASE_URL`: they never skip.',
  mongodb:
    'MongoDB at `MONGODB_URI`. When it is unset in development, an embedded mongod (mongodb-memory-server, downloaded once) keeps its data in `.data/mongodb`. Tests use `MONGODB_URI` or mongodb-memory-server, and report "skipped: no MongoDB server" when neither can run.',
};

/** How `q` searches, per database: what a client may expect of it. */
const SEARCH_NOTES: Record<ProjectOptions['database'], string> = {
  sqlite:
    'Each searched table has an FTS5 table beside it (`<table>_search`, trigram tokenizer), kept up to date by triggers; a search reads its index.',
  postgres:
    "Each searched column has a pg_trgm GIN index (`IDX_<table>_<column>_search`) that answers `ILIKE`; case folding follows the database's locale (`C.UTF-8` or `en_US.UTF-8` fold accented letters; plain `C` does not).",
  mysql:
    'Each searched table has one FULLTEXT index over its searched columns (`IDX_<table>_search`, no stop words), which finds the rows holding the words of `q`; of those, the ones where a column holds `q` as typed are kept. So, as on MongoDB, `q` matches whole words (`q=lovelace` finds `Ada Lovelace`, `q=love` does not; words are split at spaces and punctuation, so `q=example` finds `ada@example.com`). Words under 3 characters are not indexed (`innodb_ft_min_token_size`). Tables use `utf8mb4_unicode_ci`, which folds case and accents.',
  mongodb: [
    'On MongoDB, `q` is a `$text` search answered by each collection\'s text index (`users_search` over names and e-mails, `articles_search` and so on). Unlike the substring search of the SQL databases, it matches words, not parts of words: `q=lovelace` finds `Ada Lovelace`, `q=love` does not. A `q` of several words finds the entries where they appear together, in that order, and a `"` in `q` splits it into phrases that must all appear. Words are split at spaces and punctuation (`q=example` finds `ada@example.com`) and matched as typed: the indexes have no language, so no stemming (`q=articles` does not find `article`) and no stop words.',
    '',
    "The indexes are built when the app starts (Mongoose's `autoIndex`, on in production too), and the server listens only once they exist; an index that cannot be built stops the start-up with the reason. A collection has one text index: to change which fields it covers, drop the old one (`db.articles.dropIndex('articles_search')`) and restart.",
  ].join('\n'),
};

/** What one search may cost (src/common/search-timeout.ts, src/database/search-query.ts). */
const SEARCH_BOUND: Record<ProjectOptions['database'], string> = {
  sqlite:
    'A search costs at most `SEARCH_TIMEOUT_MS` (default 100 ms), whatever is stored: rows written to defeat the index (one long run of a letter, searched for with another letter at its end) would otherwise cost hundreds of milliseconds each. Searches run in a worker thread with a read-only connection of its own, so the server keeps answering other requests meanwhile; the bound counts from when the worker starts a search (not its wait behind others); past the bound the answer is `503` with `Retry-After: 1`, the worker is ended and a new one takes the next search (while an ended one still finishes, searches are refused at once). A database in memory (`DATABASE_PATH=:memory:`, the tests) searches on the main thread.',
  postgres:
    "A search costs at most `SEARCH_TIMEOUT_MS` (default 100 ms) of PostgreSQL's time, whatever is stored: it runs in a transaction of its own with `statement_timeout` set to the bound (past it: `503` with `Retry-After: 1`) and sequential scans off, so that it is planned on the trigram indexes even where the planner would guess a scan cheaper (test/search.e2e-spec.ts checks the plan). A counted search that the planner expects to match more than `MAX_COUNT` entries (from the statistics `ANALYZE` keeps) is not counted: its page is read as with `count=false`, and `X-Total-Count` says 10,000 with `X-Total-Count-Exact: false`, so a common word costs what a rare one does.",
  mysql:
    "A search costs at most `SEARCH_TIMEOUT_MS` (default 100 ms) of the server's time, whatever is stored: MariaDB runs it under `SET STATEMENT max_statement_time`, MySQL under the `MAX_EXECUTION_TIME` hint; past the bound the answer is `503` with `Retry-After: 1`. MariaDB has no n-gram parser: its FULLTEXT index holds words, and a search for a word that many rows hold reads all of them in the index before MariaDB looks at the bound (about 2 µs per row holding it: 200-600 ms at 100,000 rows), then answers `503`. The server setting `innodb_ft_result_cache_limit` makes that refusal cheap: at 1 MB (as `compose.yaml` sets it) a word that 5,000 rows hold is refused in a few milliseconds and one that 1,000 hold answers; set it on a server of your own the same way.",
  mongodb:
    "A search costs at most `SEARCH_TIMEOUT_MS` (default 100 ms) of MongoDB's time, whatever is stored (`maxTimeMS`); past the bound the answer is `503` with `Retry-After: 1`.",
};

/** Kept list pages (src/common/list-cache.ts), where the database has a one-statement version. */
const LIST_CACHE_NOTES: Partial<Record<ProjectOptions['database'], string>> = {
  sqlite:
    "A list's page (for one `q`, filters, sort, page and limit) is kept in memory, up to `LIST_CACHE_PAGES` (default 100) per resource, and answered again while the database has not changed. Before each list the app reads the database's version in one statement that reads no table (`total_changes()` and `PRAGMA data_version`), and any write, by the app or by another connection such as a `sqlite3` prompt, moves it: an answer is never older than its request. `LIST_CACHE_PAGES=0` runs every list's statements.",
  postgres:
    "A list's page (for one `q`, filters, sort, page and limit) is kept in memory, up to `LIST_CACHE_PAGES` (default 100) per resource, and answered again while the database has not changed. Before each list the app reads the server's snapshot of transactions (`pg_current_snapshot()`, one statement that reads no table); any transaction that writes, from this instance, another one or a `psql` prompt, moves it when it ends: an answer is never older than its request. Writes to other databases of the same server move it too, which costs a fresh read, never a stale answer. `LIST_CACHE_PAGES=0` runs every list's statements.",
};

export function searchSection(options: ProjectOptions): string[] {
  return [
    '## Search',
    '',
    `\`q\` finds the entries whose searched fields (text fields that are not lists; names and e-mails for users) contain it${options.database === 'mongodb' || options.database === 'mysql' ? ' as whole words (see below)' : ''}, ignoring case, accented letters included (\`q=élan\` finds \`Élan\`). It takes 3 to 100 characters; anything shorter or longer is a 400, so that every search is answered from an index and stays cheap.`,
    '',
    SEARCH_NOTES[options.database],
    '',
    SEARCH_BOUND[options.database],
    '',
    'A list filter on a field without an index of its own (`title=…` unless `rest api <name> --indexes title` gave it one) is answered by reading the rows one by one, so it runs under the same bound and its answer may be the same `503`; filters on references, `createdAt` and indexed fields are not bounded. The API document says which filters scan.',
    '',
    ...(LIST_CACHE_NOTES[options.database] ? [LIST_CACHE_NOTES[options.database]!, ''] : []),
  ];
}

export function migrationsSection(options: ProjectOptions, run: string): string[] {
  if (options.database === 'mongodb') {
    return [
      '## Database migrations',
      '',
      'Collections need no migration to gain a field: stored documents read without it until written. A field renamed or removed with `rest api <name> --rename-field old:new` or `--remove-fields name` comes with a migration (`src/database/migrations/`, listed in `src/database/migrations.ts`) that moves (`$rename`) or clears (`$unset`) the stored values; the `migrations` collection records the ones that ran.',
      '',
      `- \`${run} migration:run\`: builds, then runs the pending migrations on the database of \`MONGODB_URI\``,
      `- \`${run} migration:revert\`: undoes the last one (a cleared value does not come back)`,
      '',
    ];
  }
  return [
    '## Database migrations',
    '',
    "Tables change only through migrations (`src/database/migrations/`, listed oldest first in `src/database/migrations.ts`); TypeORM never synchronises them from the entities. `rest new` writes the users table's, and `rest api` one per resource. The app runs pending migrations when it starts; with `MIGRATIONS_RUN=false` it does not, and you run them yourself (do so when several instances start at once, in one deploy step).",
    '',
    `- \`${run} migration:run\`: builds, then runs the pending migrations on the database of \`.env\``,
    `- \`${run} migration:revert\`: undoes the last one`,
    `- \`${run} migration:generate -- src/database/migrations/AddPublishedAt\`: after you change an entity by hand, writes the SQL that brings the database to it; list the new class in \`src/database/migrations.ts\`. Add \`--check\` to only ask whether the entities and the database agree.`,
    '',
    ...(options.database === 'sqlite'
      ? [
          'SQLite rebuilds a table to change most of its columns, and a generated migration that does so drops the table\'s search triggers: copy them from the table\'s first migration into the new one, then rebuild the index with `INSERT INTO "<table>_search" ("<table>_search") VALUES (\'rebuild\')`.',
          '',
        ]
      : []),
  ];
}
