// README.md of the generated project: how to run it, its configuration and its HTTP contract.
import type { TextFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';

const DATABASE_NOTES: Record<ProjectOptions['database'], string> = {
  sqlite:
    'SQLite, in the file named by `DATABASE_PATH` (default `.data/<name>.sqlite`). Tests use a fresh in-memory database.',
  postgres:
    'PostgreSQL at `DATABASE_URL`. Tests run on the server at `DATABASE_URL` when it is set (point it at a test database) and are skipped, saying so, when it is not.',
  mongodb:
    'MongoDB at `MONGODB_URI`. When it is unset in development, an embedded mongod (mongodb-memory-server, downloaded once) keeps its data in `.data/mongodb`. Tests use `MONGODB_URI` or mongodb-memory-server, and report "skipped: no MongoDB server" when neither can run.',
};

/** What hostile input meets, and the headers the answers carry (issue 10.1, 10.3, 10.7, 10.8). */
const INPUT_AND_HEADERS = [
  '### Input limits and headers',
  '',
  '- Bodies: JSON or form-encoded (another type is 415), at most 1 MiB. Before any validation runs, a body may hold at most 1,000 keys per object (a form: 1,000 fields), 1,000 items per list and 100,000 characters per text (else 413), nested at most 20 levels deep (else 400). NUL characters and the keys `__proto__`, `constructor` and `prototype` are 400.',
  '- Fields: numbers are written in decimals (`12`, `-0.5`; not `0x10` or an empty value), booleans as `true` or `false`, dates in ISO 8601; one form value of a list field is a one-item list; lists hold at most 100 items.',
  '- Requests: a malformed `Host` header, or a NUL character (`%00`) in the URL or in Basic credentials, is 400.',
  "- Headers: helmet's defaults; answers to requests that carry credentials have `Cache-Control: no-store`; paging links are relative, or under `PUBLIC_URL` when it is set, never built from the `Host` header.",
  '- `CORS_ORIGINS`: browser origins allowed to call the API, as a comma list; unset (the default), no cross-origin call is allowed.',
  '- `TRUST_PROXY`: `false` (default), `true`, a number of proxies, or addresses such as `loopback, 10.0.0.0/8`; set it when the server runs behind a reverse proxy, so that client addresses and protocols come from `X-Forwarded-*`.',
  '',
];

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
    'List routes take `q` (search text, case-insensitive), `page` (from 1), `limit` (1-100, default 10), `fields` (`name,email` or `-email`) and `sort` (`name,-createdAt`; default `-createdAt`). The body is the array; `X-Total-Count` and `Link` carry the paging.',
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
    ...INPUT_AND_HEADERS,
    ...authSection(options, run),
  ];
  return { kind: 'text', path: 'README.md', text: text.join('\n'), format: true };
}
