// README.md of the generated project: how to run it, its configuration and its HTTP contract.
import type { TextFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { apiChoicesSection } from './readme-choices.js';
import { DATABASE_NOTES, migrationsSection, searchSection } from './readme-database.js';
import { authSection } from './readme-http-api.js';
import { INPUT_AND_HEADERS, securitySection } from './readme-security.js';
import { passwordResetSection } from '../password-resets/readme-section.js';
import { emailConfirmationSection } from '../email-confirmations/readme-section.js';
import { graphqlSection } from '../graphql/readme-section.js';
import { alignTables } from '../_shared/markdown.js';

function operationsSection(options: ProjectOptions): string[] {
  return [
    '## Operations',
    '',
    '- `GET /health` (no credentials) answers 200 `{ status: "ok", info }` when the database answers, and Redis too when `REDIS_URL` is set; else 503 with the failing check in `error`.',
    "- Every request is logged as one JSON line (pino) at `LOG_LEVEL` (default `info`), readable lines in development. `Authorization`, cookies, passwords and tokens are redacted. The request id is the caller's `X-Request-Id` (up to 64 letters, digits, `.`, `_`, `:` or `-`) or a new UUID, and is sent back in `X-Request-Id`.",
    "- Nest's own lines go through the same logger (`src/common/app-logger.ts`): outside development every line the server writes is one JSON object, start-up included, with the `context` that wrote it (`NestApplication`, `SQL`, `ExceptionsHandler`, a service's `new Logger(...)`). A line written while serving a request carries its `reqId`; an error (a 500) is one line with its `err.stack`. `LOG_LEVEL=trace` adds each SQL statement. Lines go to stdout in one write per turn of the event loop, each write waited for: a log reader that stops reading holds the server up rather than lines piling up in its memory.",
    '- On SIGTERM the server stops taking connections and finishes the requests in flight (at most 10 s) before the database closes, and every log line is written before the process ends.',
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
    `A NestJS REST API made with restsmith (\`rest new\`). Add resources with \`rest api <name>\`; bring in a later restsmith's fixes with \`rest upgrade\`, which keeps your edits (\`.restsmith/base.json\` records what restsmith wrote, as the base of its merge).`,
    '',
    'Runs on Node 22 or later (`engines` in package.json): Node 20 reached its end of life in April 2026.',
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
    `- \`${run} client\`: writes \`client/schema.d.ts\` from that document (openapi-typescript) and type-checks \`client/\`: a typed fetch client (openapi-fetch) for a TypeScript app, with \`client/example.ts\` to start from; \`rest api\` runs it again once the client exists`,
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
    ...graphqlSection(options),
    ...securitySection(options),
  ];
  return { kind: 'text', path: 'README.md', text: alignTables(text).join('\n') };
}
