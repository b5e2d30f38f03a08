// .env (with this project's secrets) and .env.example (the same keys, no secrets).
import type { TextFile } from '../../src/engine/generated-file.js';
import { socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { apiUrlVariable, DEFAULT_API_URLS } from '../auth/social-providers.js';
import { sendsMail } from '../mail/mail.template.js';
import { SEARCH_TIMEOUT_DEFAULT } from '../database/search-bound.template.js';
import { GRAPHQL_LIMITS } from '../graphql/graphql-limits-defaults.js';

const MIGRATIONS = [
  '# Run pending migrations at start-up; with false, run them with npm run migration:run',
  'MIGRATIONS_RUN=true',
];

const LIST_CACHE = [
  '# List pages kept per resource until the database changes (any write, by any instance); 0 keeps none',
  'LIST_CACHE_PAGES=100',
];

function databaseLines(options: ProjectOptions): string[] {
  const folder = options.name.split('/').pop();
  switch (options.database) {
    case 'sqlite':
      return [
        '# SQLite database file',
        `DATABASE_PATH=.data/${folder}.sqlite`,
        ...MIGRATIONS,
        ...LIST_CACHE,
      ];
    case 'postgres':
      return [
        '# PostgreSQL connection URL',
        `DATABASE_URL=postgres://postgres@127.0.0.1:5432/${folder?.replace(/\W/g, '_')}`,
        ...MIGRATIONS,
        ...LIST_CACHE,
      ];
    case 'mysql':
      return [
        '# MySQL 8 (mysql://) or MariaDB (mariadb://) connection URL',
        `DATABASE_URL=mysql://root@127.0.0.1:3306/${folder?.replace(/\W/g, '_')}`,
        ...MIGRATIONS,
      ];
    case 'mongodb':
      return [
        '# MongoDB connection URL; when unset, development runs an embedded mongod with its data in .data/',
        `# MONGODB_URI=mongodb://127.0.0.1:27017/${folder}`,
      ];
  }
}

/** Rate limits (see the README, Security): requests per window of seconds, per client address. */
function rateLimitLines(options: ProjectOptions): string[] {
  return [
    '# Seconds a request may take to arrive in full (headers and body) before a 408',
    'REQUEST_TIMEOUT=30',
    '# Rate limit of every route: requests per client address in a window of THROTTLE_TTL seconds',
    'THROTTLE_TTL=60',
    'THROTTLE_LIMIT=300',
    ...(options.auth
      ? [
          '# Sign-in, sign-up and password changes: attempts per client address and per account (e-mail)',
          'THROTTLE_AUTH_TTL=900',
          'THROTTLE_AUTH_LIMIT=30',
          'THROTTLE_AUTH_ACCOUNT_LIMIT=10',
        ]
      : []),
    '# Set to share the rate-limit counters between instances (GET /health checks it too), e.g. redis://127.0.0.1:6379',
    '# REDIS_URL=',
  ];
}

/** What one GraphQL query may ask for (POST /graphql); past a limit the answer is 400 naming it. */
function graphqlLines(options: ProjectOptions): string[] {
  if (!options.graphql) return [];
  return [
    '# GraphQL: how deep a query may nest, how many aliases it may use, and how many fields it may resolve',
    '# (a field inside a list counts once per entry of its page)',
    `GRAPHQL_MAX_DEPTH=${GRAPHQL_LIMITS.depth}`,
    `GRAPHQL_MAX_ALIASES=${GRAPHQL_LIMITS.aliases}`,
    `GRAPHQL_MAX_COMPLEXITY=${GRAPHQL_LIMITS.complexity}`,
  ];
}

/** Where mail goes (password reset and e-mail confirmation links). */
function mailLines(options: ProjectOptions): string[] {
  if (!sendsMail(options)) return [];
  return [
    '# SMTP server for mail, e.g. smtps://user:password@smtp.example.com; in development without it, mail goes to the log',
    '# SMTP_URL=',
    `MAIL_FROM=${options.name.split('/').pop()} <no-reply@localhost>`,
    "# Origins of your apps' pages that mail links (the requests' `link`) may lead to, as a comma list; others are 400",
    'APP_ORIGINS=http://localhost:3000',
    ...(options.passwordReset
      ? ['# Seconds a password reset link stays valid', 'PASSWORD_RESET_TTL=3600']
      : []),
    ...(options.emailConfirmation
      ? ['# Seconds an e-mail confirmation link stays valid', 'EMAIL_CONFIRMATION_TTL=86400']
      : []),
  ];
}

/** The user APIs of social sign-in (POST /auth/<provider>); tests point them at a stand-in. */
function socialLines(options: ProjectOptions): string[] {
  const providers = socialProviders(options);
  if (providers.length === 0) return [];
  return [
    "# Social sign-in: where each provider's user API answers (POST /auth/<provider> asks it whose token it is)",
    ...providers.map((provider) => `${apiUrlVariable(provider)}=${DEFAULT_API_URLS[provider]}`),
  ];
}

function envLines(options: ProjectOptions, example: boolean): string[] {
  const secret = (value: string) => (example ? '' : value);
  return [
    'PORT=9000',
    ...(options.auth
      ? [
          '# Back ends only (access_token): signs users up with any role, admin included; at least 32 characters',
          `MASTER_KEY=${secret(options.secrets.masterKey)}`,
          '# Apps (web, mobile): sign-up, sign-in, password resets and confirmation mails, never a role',
          `CLIENT_KEY=${secret(options.secrets.clientKey)}`,
          '# Signs user tokens; at least 32 characters',
          `JWT_SECRET=${secret(options.secrets.jwtSecret)}`,
          '# How long a token is valid: seconds, or a duration such as 12h or 7d',
          `JWT_EXPIRES_IN=${options.refreshTokens ? '15m' : '7d'}`,
          ...(options.refreshTokens
            ? [
                '# How many days a session lasts without a refresh (POST /auth/refresh)',
                'REFRESH_TOKEN_DAYS=30',
              ]
            : []),
        ]
      : [
          '# The routes marked master (access_token); at least 32 characters',
          `MASTER_KEY=${secret(options.secrets.masterKey)}`,
        ]),
    ...databaseLines(options),
    "# Milliseconds one search (a list's q), or a filter on a field without an index, may cost the database; past it the answer is 503 with Retry-After",
    `SEARCH_TIMEOUT_MS=${SEARCH_TIMEOUT_DEFAULT}`,
    '# Browser origins allowed to call the API (comma list); none when unset',
    '# CORS_ORIGINS=https://app.example.com',
    '# Proxies in front of the server: false, true, a number of hops, or addresses such as loopback',
    ...(options.forceHttps
      ? [
          '# Production redirects plain HTTP to https, as X-Forwarded-Proto from these proxies says,',
          '# and refuses to start while it is false: set it to the proxy that ends TLS (1 for one hop)',
        ]
      : []),
    'TRUST_PROXY=false',
    '# The address clients use, for paging links; links are relative when unset',
    '# PUBLIC_URL=https://api.example.com',
    ...rateLimitLines(options),
    ...graphqlLines(options),
    ...mailLines(options),
    ...socialLines(options),
    '# Request log level: fatal, error, warn, info, debug, trace or silent',
    'LOG_LEVEL=info',
    '# The OpenAPI page at /docs is served in development, and elsewhere only with DOCS=true',
    '# DOCS=true',
    '',
  ];
}

export const envTemplate = (options: ProjectOptions): TextFile => ({
  kind: 'text',
  path: '.env',
  text: envLines(options, false).join('\n'),
});

export const envExampleTemplate = (options: ProjectOptions): TextFile => ({
  kind: 'text',
  path: '.env.example',
  text: envLines(options, true).join('\n'),
});
