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
    'List routes take `q` (search text, case-insensitive), `page` (from 1), `limit` (1-100, default 10), `fields` (`name,email` or `-email`; `id` is always kept) and `sort` (`name,-createdAt`; default `-createdAt`). The body is the array; `X-Total-Count` and `Link` carry the paging.',
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

function operationsSection(options: ProjectOptions): string[] {
  return [
    '## Operations',
    '',
    '- `GET /health` (no credentials) answers 200 `{ status: "ok", info }` when the database answers, and Redis too when `REDIS_URL` is set; else 503 with the failing check in `error`.',
    "- Every request is logged as one JSON line (pino) at `LOG_LEVEL` (default `info`), readable lines in development. `Authorization`, cookies, passwords and tokens are redacted. The request id is the caller's `X-Request-Id` (up to 64 letters, digits, `.`, `_`, `:` or `-`) or a new UUID, and is sent back in `X-Request-Id`.",
    '- On SIGTERM the server stops taking connections and finishes the requests in flight (at most 10 s) before the database closes.',
    '',
    '## Containers',
    '',
    `A multi-stage \`Dockerfile\` (production dependencies only, run as the \`node\` user, with a \`HEALTHCHECK\` on \`/health\`) and \`compose.yaml\`, which runs the app with ${COMPOSE_NOTES[options.database]} and Redis. The app reads \`.env\`; \`compose.yaml\` sets the addresses:`,
    '',
    '```sh',
    'docker compose up --build',
    'curl http://localhost:9000/health',
    '```',
    '',
  ];
}

const COMPOSE_NOTES: Record<ProjectOptions['database'], string> = {
  sqlite: 'its SQLite file on a volume',
  postgres: 'PostgreSQL (set `POSTGRES_PASSWORD` in the shell or `.env`; default `postgres`)',
  mongodb: 'MongoDB',
};

export function readmeTemplate(options: ProjectOptions): TextFile {
  const run = `${options.packageManager} run`;
  const text = [
    `# ${options.name}`,
    '',
    `A NestJS REST API made with restsmith (\`rest new\`). Add resources with \`rest api <name>\`.`,
    '',
    '## Scripts',
    '',
    `- \`${run} dev\` (or \`start:dev\`): watch mode in development, at http://0.0.0.0:9000, with the API documentation at /docs`,
    `- \`${run} prod\`: builds, then runs with \`NODE_ENV=production\` (on any OS, through cross-env)`,
    `- \`${run} start\`: builds, then runs; \`${run} start:prod\`: runs the last build (\`node dist/main.js\`)`,
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
    'Without `NODE_ENV` the app runs as **production**: `npm run dev` sets `development`. The OpenAPI page at `/docs` is served in development only, or anywhere with `DOCS=true`.',
    '',
    ...operationsSection(options),
    ...authSection(options, run),
  ];
  return { kind: 'text', path: 'README.md', text: text.join('\n'), format: true };
}
