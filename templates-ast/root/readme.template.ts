// README.md of the generated project: how to run it, its configuration and its HTTP contract.
import type { TextFile } from '../../src/engine/generated-file.js';
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/project/options.js';
import { apiChoicesSection, apiUrl, listBody } from './readme-choices.js';
import { emailConfirmationSection } from '../email-confirmations/readme-section.js';
import { socialSection } from './readme-social.js';
import { alignTables } from '../_shared/markdown.js';

const DATABASE_NOTES: Record<ProjectOptions['database'], string> = {
  sqlite:
    'SQLite, in the file named by `DATABASE_PATH` (default `.data/<name>.sqlite`). Tests use a fresh in-memory database.',
  postgres:
    'PostgreSQL at `DATABASE_URL`. Tests run on the server at `DATABASE_URL` when it is set (point it at a test database) and are skipped, saying so, when it is not.',
  mysql:
    'MySQL 8 (`mysql://` URL) or MariaDB 10.6+ (`mariadb://`) at `DATABASE_URL`. Tests run on the server at `DATABASE_URL` when it is set (point it at a test database) and are skipped, saying so, when it is not.',
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

function searchSection(options: ProjectOptions): string[] {
  return [
    '## Search',
    '',
    `\`q\` finds the entries whose searched fields (text fields that are not lists; names and e-mails for users) contain it${options.database === 'mongodb' || options.database === 'mysql' ? ' as whole words (see below)' : ''}, ignoring case, accented letters included (\`q=élan\` finds \`Élan\`). It takes 3 to 100 characters; anything shorter or longer is a 400, so that every search is answered from an index and stays cheap.`,
    '',
    SEARCH_NOTES[options.database],
    '',
  ];
}

function migrationsSection(options: ProjectOptions, run: string): string[] {
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

/** `POST /users`: with a password, or (social only) an account a provider sign-in will use. */
const createUserRow = (options: ProjectOptions): string =>
  hasPassword(options)
    ? `| \`POST /users\` | master key | 201 ${options.signInOnCreate ? '`{ token, user }`' : '`{ id, name, picture, email, createdAt }`'}; 409 if the e-mail is taken |`
    : `| \`POST /users\` \`{ email, name?, picture?, role? }\` | master key | 201 ${options.signInOnCreate ? '`{ token, user }`' : '`{ id, name, picture, email, createdAt }`'}, a user without a password who signs in with a provider whose verified e-mail is this one (an admin made ahead, for example); 409 if the e-mail is taken |`;

const signInRow = (options: ProjectOptions): string[] =>
  !hasPassword(options)
    ? []
    : options.refreshTokens
      ? [
          '| `POST /auth` | HTTP Basic e-mail and password, plus the master key | 201 `{ token, refreshToken, user }`: starts a session (JWT, `sub` = user id, `sid` = session, expires after `JWT_EXPIRES_IN`) |',
        ]
      : [
          '| `POST /auth` | HTTP Basic e-mail and password, plus the master key | 201 `{ token, user }` (JWT, `sub` = user id, expires after `JWT_EXPIRES_IN`) |',
        ];

/** The first curl lines: sign up and sign in with a password, or (social only) with a provider token. */
const signInCurl = (options: ProjectOptions): string[] =>
  hasPassword(options)
    ? [
        `curl -X POST ${apiUrl(options)}/users -d "access_token=$MASTER_KEY&email=ada@example.com&password=secret"`,
        `curl -X POST ${apiUrl(options)}/auth -u ada@example.com:secret -d "access_token=$MASTER_KEY"`,
      ]
    : [
        `curl -X POST ${apiUrl(options)}/users -d "access_token=$MASTER_KEY&email=ada@example.com&role=admin"`,
        `curl -X POST ${apiUrl(options)}/auth/${socialProviders(options)[0]} -d "access_token=$${socialProviders(options)[0]!.toUpperCase()}_TOKEN"`,
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
    createUserRow(options),
    ...signInRow(options),
    ...(options.refreshTokens
      ? [
          '| `POST /auth/refresh` | `{ refreshToken }` | 201 a new `{ token, refreshToken, user }`; the old refresh token stops working, and using it again ends the session (401) |',
          '| `POST /auth/sign-out` | user token | 204: ends this session |',
          '| `DELETE /users/me/sessions` | user token | 204: ends every session of the user |',
        ]
      : []),
    '| `GET /users/me` | user token | the user |',
    '| `GET /users/:id` | anyone | `{ id, name, picture }` |',
    '| `GET /users` | admin token | list (see below) |',
    '| `PUT /users/me`, `PUT /users/:id` | that user or an admin | updates `name` and `picture` |',
    ...(hasPassword(options)
      ? [
          "| `PUT /users/:id/password` | HTTP Basic of that user | sets `password` and ends the user's earlier tokens |",
        ]
      : []),
    '| `DELETE /users/:id` | admin token | 204; what the user created (their entries of `--owner` resources) goes with them |',
    '',
    '**The master key can create admins**: `POST /users` with the master key accepts `"role": "admin"`. Keep `MASTER_KEY` on servers you control, never in a browser or a mobile app.',
    '',
    'Errors are `{ statusCode, message, error }`: 400 for invalid input (naming the field), 401 for missing or wrong credentials, 403 for a signed-in user without the right, 404 for an id that does not exist.',
    '',
    `List routes take \`q\` (search text, see below), \`page\` (from 1), \`limit\` (1-100, default 10), \`fields\` (\`name,email\` or \`-email\`; \`id\` is always kept) and \`sort\` (\`name,-createdAt\`; default \`-createdAt\`). ${listBody(options.envelope)}`,
    '',
    "The lists of the resources `rest api` adds also filter: `?views=3` by a field's value (not `text` fields or lists), `?category=<id>` by a reference (a list of references: the entries holding that id), and `?views.gte=10`, `?views.lte=99`, `?views.in=1,2` on numbers and dates (`createdAt` too). A value that does not fit the field's type is a 400 naming the parameter.",
    '',
    'References (`rest api article --fields "title category:ref:category tags:ref:tag[]"`) are sent and answered as ids; an id with no entry is a 400 naming the field. `?expand=category,tags` (on `GET /articles/:id` and the list) answers the referenced entries instead of their ids, in one query per reference. A resource added with `--nested` also lists its entries under each entry it refers to: `GET /categories/:id/articles`, `GET /tags/:id/articles` (the list route restricted to that entry; 404 when it does not exist). `LOG_LEVEL=trace` logs each SQL statement, without its parameters.',
    '',
    '```sh',
    'curl -X POST http://localhost:9000/articles -H "Content-Type: application/json" -d "{\\"title\\": \\"Hello\\", \\"category\\": \\"$CATEGORY_ID\\", \\"tags\\": [\\"$TAG_ID\\"]}"',
    'curl "http://localhost:9000/articles?category=$CATEGORY_ID&views.gte=10&expand=category,tags"',
    '```',
    '',
    '```sh',
    `${run} dev`,
    "MASTER_KEY=$(grep '^MASTER_KEY=' .env | cut -d= -f2)",
    ...signInCurl(options),
    '```',
    '',
    ...sessionsSection(options),
    ...socialSection(options),
  ];
}

function sessionsSection(options: ProjectOptions): string[] {
  if (!options.refreshTokens) return [];
  return [
    '### Sessions',
    '',
    `Each sign-in starts a session. Access tokens last \`JWT_EXPIRES_IN\` (15 minutes); the refresh token lasts \`REFRESH_TOKEN_DAYS\` days from its last use and is good for one refresh: keep the new one of each answer. A refresh token used a second time means someone kept a copy, so the whole session ends and the user signs in again. Sign-out, sign-out everywhere${hasPassword(options) ? ' and a password change' : ''} end sessions at once: their access tokens are refused from the next request on.`,
    '',
    '```sh',
    hasPassword(options)
      ? `SIGNED_IN=$(curl -s -X POST ${apiUrl(options)}/auth -u ada@example.com:secret -d "access_token=$MASTER_KEY")`
      : `SIGNED_IN=$(curl -s -X POST ${apiUrl(options)}/auth/${socialProviders(options)[0]} -d "access_token=$${socialProviders(options)[0]!.toUpperCase()}_TOKEN")`,
    'REFRESH=$(echo "$SIGNED_IN" | node -pe \'JSON.parse(require("fs").readFileSync(0)).refreshToken\')',
    'TOKEN=$(echo "$SIGNED_IN" | node -pe \'JSON.parse(require("fs").readFileSync(0)).token\')',
    `curl -X POST ${apiUrl(options)}/auth/refresh -H "Content-Type: application/json" -d "{\\"refreshToken\\": \\"$REFRESH\\"}"`,
    `curl -X POST ${apiUrl(options)}/auth/sign-out -H "Authorization: Bearer $TOKEN"`,
    `curl -X DELETE ${apiUrl(options)}/users/me/sessions -H "Authorization: Bearer $TOKEN"`,
    '```',
    '',
  ];
}

function passwordResetSection(options: ProjectOptions): string[] {
  if (!options.passwordReset) return [];
  return [
    '## Password reset by e-mail',
    '',
    '| Route | Who | Answer |',
    '|---|---|---|',
    '| `POST /password-resets` `{ email, link }` | master key | 202 whether or not the e-mail is registered; a registered user is mailed `link` followed by a single-use token |',
    '| `GET /password-resets/:token` | anyone holding the token | 200 `{ user: { id, name, picture } }`; 404 if it is unknown, used or expired |',
    "| `PUT /password-resets/:token` `{ password }` | anyone holding the token | 200 with the user; the token, the user's other reset tokens and their JWTs stop working |",
    '',
    '`link` is the page of your app that reads the token from its end (an http or https URL, at most 500 characters). A token is 32 random bytes, stored only as a SHA-256 hash, valid for `PASSWORD_RESET_TTL` seconds (default 3600); the expired tokens of a user are deleted when they ask for a new one (on MongoDB, by a TTL index). These routes count against the sign-in limits (`THROTTLE_AUTH_*`), the request per e-mail too, and request logs show the token as `[Redacted]`.',
    '',
    'Mail goes to the SMTP server of `SMTP_URL` (`smtps://user:password@smtp.example.com:465`), from `MAIL_FROM`. In development without `SMTP_URL` the message is written to the log, so that you can follow the link; in production without it nothing is sent and the log says so, without the link.',
    '',
    '```sh',
    `curl -X POST ${apiUrl(options)}/password-resets -d "access_token=$MASTER_KEY&email=ada@example.com&link=http://localhost:3000/reset/"`,
    '# the token is the end of the link in the mail (or in the log, in development without SMTP_URL)',
    `curl ${apiUrl(options)}/password-resets/$TOKEN`,
    `curl -X PUT ${apiUrl(options)}/password-resets/$TOKEN -d "password=a new secret"`,
    '```',
    '',
  ];
}

const LIMITS_TABLE = (options: ProjectOptions): string[] => [
  '| What | Limit (.env) | Default |',
  '|---|---|---|',
  '| Every route, per client address | `THROTTLE_LIMIT` requests per `THROTTLE_TTL` seconds | 300 per 60 s |',
  ...(!options.auth
    ? []
    : hasPassword(options)
      ? [
          '| `POST /auth`, `POST /auth/refresh` (with --refresh-tokens), `POST /auth/<provider>` (social sign-in), `POST /users`, `PUT /users/:id/password`: per client address, each route | `THROTTLE_AUTH_LIMIT` per `THROTTLE_AUTH_TTL` seconds | 30 per 900 s |',
          '| The same routes: per account (the e-mail of the Basic header or the body) | `THROTTLE_AUTH_ACCOUNT_LIMIT` per `THROTTLE_AUTH_TTL` seconds | 10 per 900 s |',
        ]
      : [
          '| `POST /auth/<provider>`, `POST /auth/refresh` (with --refresh-tokens), `POST /users`: per client address, each route | `THROTTLE_AUTH_LIMIT` per `THROTTLE_AUTH_TTL` seconds | 30 per 900 s |',
          '| The same routes: per account (the e-mail of the body) | `THROTTLE_AUTH_ACCOUNT_LIMIT` per `THROTTLE_AUTH_TTL` seconds | 10 per 900 s |',
        ]),
];

function securitySection(options: ProjectOptions): string[] {
  const password = options.auth && hasPassword(options);
  const levels = password
    ? "`public`, `master`, `user`, `admin` or `password` (HTTP Basic of the account; several levels are all required, as `@Access('master', 'password')` on `POST /auth`)"
    : options.auth
      ? '`public`, `master`, `user` or `admin`'
      : '`public` or `master`';
  return [
    '## Security',
    '',
    `- **Every route says who may call it** with \`@Access(...)\`: ${levels}. A global guard (\`src/common/access.guard.ts\`) answers 403 to a route without the mark, so a route added without one is closed, not public.`,
    options.auth && !password
      ? '- **The master key** signs users up (admins included). Whoever holds it can create an admin: keep it secret, and change it if it leaks. Changing `JWT_SECRET` ends every token.'
      : options.auth
        ? '- **The master key** signs users up (admins included) and is needed to sign in. Whoever holds it can create an admin: keep it secret, and change it if it leaks. Changing `JWT_SECRET` ends every token.'
        : '- **The master key** opens every `master` route: keep it secret, and change it if it leaks.',
    ...(password
      ? [
          '- **Passwords** are scrypt hashes. An unknown e-mail, a wrong password and the right password of another account get the same 401 after the same hash work, so answers tell nothing about which e-mails have accounts. Credentials are checked before the body is read.',
          '- **Tokens** are HS256 JWTs valid for `JWT_EXPIRES_IN`. Changing a password ends the earlier tokens of that user (`tokenVersion`); deleting a user ends theirs.',
        ]
      : options.auth
        ? [
            '- **No passwords**: users sign in with a provider (`--auth-methods` without `password`), so there is no `POST /auth`, no password column and nothing to guess.',
            '- **Tokens** are HS256 JWTs valid for `JWT_EXPIRES_IN`. Deleting a user ends their tokens.',
          ]
        : []),
    '- **Rate limits** answer 429 with `Retry-After` (seconds) and a message naming the limit:',
    '',
    ...LIMITS_TABLE(options),
    '',
    "The client address is `request.ip`: behind a reverse proxy, set `TRUST_PROXY` so that the address is the client's and not the proxy's. The counters live in the process; with several instances, set `REDIS_URL` (for example `redis://127.0.0.1:6379`) and they share them. A `REDIS_URL` where no Redis answers stops the start; if Redis goes away later, each instance counts alone until it is back." +
      (password
        ? ' A per-account limit lets anyone hold up the sign-ins of an e-mail for `THROTTLE_AUTH_TTL` seconds by sending wrong passwords for it: the price of stopping password guessing. Raise or lower it in `.env`.'
        : ''),
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
  mysql: 'MariaDB (set `MARIADB_ROOT_PASSWORD` in the shell or `.env`; default `mariadb`)',
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
    ...INPUT_AND_HEADERS,
    'Without `NODE_ENV` the app runs as **production**: `npm run dev` sets `development`. The OpenAPI page at `/docs` is served in development only, or anywhere with `DOCS=true`.',
    '',
    ...apiChoicesSection(options),
    ...migrationsSection(options, run),
    ...operationsSection(options),
    ...authSection(options, run),
    ...passwordResetSection(options),
    ...emailConfirmationSection(options),
    ...searchSection(options),
    ...securitySection(options),
  ];
  return { kind: 'text', path: 'README.md', text: alignTables(text).join('\n') };
}
