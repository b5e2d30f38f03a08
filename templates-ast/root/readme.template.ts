// README.md of the generated project: how to run it, its configuration and its HTTP contract.
import type { TextFile } from '../../src/generator/generated-file.js';
import type { ProjectOptions } from '../../src/generator/options.js';

const DATABASE_NOTES: Record<ProjectOptions['database'], string> = {
  sqlite:
    'SQLite, in the file named by `DATABASE_PATH` (default `.data/<name>.sqlite`). Tests use a fresh in-memory database.',
  postgres:
    'PostgreSQL at `DATABASE_URL`. Tests run on the server at `DATABASE_URL` when it is set (point it at a test database) and are skipped, saying so, when it is not.',
  mongodb:
    'MongoDB at `MONGODB_URI`. When it is unset in development, an embedded mongod (mongodb-memory-server, downloaded once) keeps its data in `.data/mongodb`. Tests use `MONGODB_URI` or mongodb-memory-server, and report "skipped: no MongoDB server" when neither can run.',
};

/** How `q` searches, per database: what a client may expect of it. */
const SEARCH_NOTES: Record<ProjectOptions['database'], string> = {
  sqlite:
    'Each searched table has an FTS5 table beside it (`<table>_search`, trigram tokenizer), kept up to date by triggers; a search reads its index.',
  postgres:
    "Each searched column has a pg_trgm GIN index (`IDX_<table>_<column>_search`) that answers `ILIKE`; case folding follows the database's locale (`C.UTF-8` or `en_US.UTF-8` fold accented letters; plain `C` does not).",
  mongodb:
    'MongoDB matches an escaped, case-insensitive regular expression; it cannot use an index for it, so keep searched collections small or add an Atlas Search index.',
};

function searchSection(options: ProjectOptions): string[] {
  return [
    '## Search',
    '',
    '`q` finds the entries whose searched fields (text fields that are not lists; names and e-mails for users) contain it, ignoring case, accented letters included (`q=élan` finds `Élan`). It takes 3 to 100 characters; anything shorter or longer is a 400, so that every search is answered from an index and stays cheap.',
    '',
    SEARCH_NOTES[options.database],
    '',
  ];
}

function migrationsSection(options: ProjectOptions, run: string): string[] {
  if (options.database === 'mongodb') return [];
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

function authSection(options: ProjectOptions, run: string): string[] {
  if (!options.auth) return [];
  return [
    '## HTTP API',
    '',
    'Every route takes JSON or form-encoded bodies (at most 1 MiB, else 413). `access_token` (the master key or a user token) is read from the query, the body or an `Authorization: Bearer` header.',
    '',
    '| Route | Who | Answer |',
    '|---|---|---|',
    `| \`POST /users\` | master key | 201 ${options.signInOnCreate ? '`{ token, user }`' : '`{ id, name, picture, email, createdAt }`'}; 409 if the e-mail is taken |`,
    '| `POST /auth` | HTTP Basic e-mail and password, plus the master key | 201 `{ token, user }` (JWT, `sub` = user id, expires after `JWT_EXPIRES_IN`) |',
    '| `GET /users/me` | user token | the user |',
    '| `GET /users/:id` | anyone | `{ id, name, picture }` |',
    '| `GET /users` | admin token | list (see below) |',
    '| `PUT /users/me`, `PUT /users/:id` | that user or an admin | updates `name` and `picture` |',
    '| `PUT /users/:id/password` | HTTP Basic of that user | sets `password` |',
    '| `DELETE /users/:id` | admin token | 204 |',
    '',
    'Errors are `{ statusCode, message, error }`: 400 for invalid input (naming the field), 401 for missing or wrong credentials, 403 for a signed-in user without the right, 404 for an id that does not exist.',
    '',
    'List routes take `q` (search text, see below), `page` (from 1), `limit` (1-100, default 10), `fields` (`name,email` or `-email`) and `sort` (`name,-createdAt`; default `-createdAt`). The body is the array; `X-Total-Count` and `Link` carry the paging.',
    '',
    '```sh',
    `${run} dev`,
    "MASTER_KEY=$(grep '^MASTER_KEY=' .env | cut -d= -f2)",
    'curl -X POST http://localhost:9000/users -d "access_token=$MASTER_KEY&email=ada@example.com&password=secret"',
    'curl -X POST http://localhost:9000/auth -u ada@example.com:secret -d "access_token=$MASTER_KEY"',
    '```',
    '',
  ];
}

export function readmeTemplate(options: ProjectOptions): TextFile {
  const run = `${options.packageManager} run`;
  const text = [
    `# ${options.name}`,
    '',
    `A NestJS REST API made with restsmith (\`rest new\`). Add resources with \`rest api <name>\`.`,
    '',
    '## Scripts',
    '',
    `- \`${run} dev\`: watch mode, at http://0.0.0.0:9000, with the API documentation at /docs`,
    `- \`${run} prod\`: builds, then runs in production mode`,
    `- \`${options.packageManager} test\`: unit tests (\`src/**/*.spec.ts\`) and e2e tests (\`test/*.e2e-spec.ts\`)`,
    `- \`${run} coverage\`: the tests with coverage; opens the HTML report when run in a terminal`,
    `- \`${run} lint\`: ESLint (type-aware); \`${run} format\`: prettier`,
    `- \`${run} docs\`: writes \`docs/openapi.json\` and \`docs/index.html\`, a page that works offline`,
    '',
    '## Configuration',
    '',
    '`.env` (git-ignored; `.env.example` lists the keys) is checked at start-up, and a missing or bad variable stops the start with its name.',
    '',
    `Database: ${DATABASE_NOTES[options.database]}`,
    '',
    ...migrationsSection(options, run),
    ...authSection(options, run),
    ...searchSection(options),
  ];
  return { kind: 'text', path: 'README.md', text: text.join('\n'), format: true };
}
