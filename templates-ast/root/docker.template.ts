// Dockerfile, .dockerignore and compose.yaml: the app in a container, beside its database and Redis.
import type { TextFile } from '../../src/engine/generated-file.js';
import type { PackageManager, ProjectOptions } from '../../src/model/project.js';

const NODE_IMAGE = 'node:22-bookworm-slim';

/** How each package manager installs from its lock file, with and without dev dependencies. */
const INSTALL: Record<PackageManager, { lock: string; all: string; production: string }> = {
  npm: { lock: 'package-lock.json', all: 'npm ci', production: 'npm ci --omit=dev' },
  pnpm: {
    lock: 'pnpm-lock.yaml',
    all: 'corepack enable && pnpm install --frozen-lockfile',
    production: 'corepack enable && pnpm install --prod --frozen-lockfile',
  },
  yarn: {
    lock: 'yarn.lock',
    all: 'yarn install --frozen-lockfile',
    production: 'yarn install --production --frozen-lockfile',
  },
};

/** Node's own fetch, so the runtime image needs no curl. */
const HEALTHCHECK =
  "node -e \"fetch('http://127.0.0.1:' + (process.env.PORT || 9000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))\"";

export function dockerfileTemplate(options: ProjectOptions): TextFile {
  const install = INSTALL[options.packageManager];
  const lines = [
    '# syntax=docker/dockerfile:1',
    '',
    '# Build: every dependency, then the TypeScript build into dist/.',
    `FROM ${NODE_IMAGE} AS build`,
    'WORKDIR /app',
    `COPY package.json ${install.lock} ./`,
    `RUN ${install.all}`,
    'COPY tsconfig.json tsconfig.build.json ./',
    'COPY src ./src',
    `RUN ${options.packageManager} run build`,
    '',
    '# Runtime: production dependencies and dist/ only, run by the unprivileged node user.',
    `FROM ${NODE_IMAGE}`,
    'ENV NODE_ENV=production',
    'WORKDIR /app',
    `COPY package.json ${install.lock} ./`,
    `RUN ${install.production}`,
    'COPY --from=build /app/dist ./dist',
    ...(options.graphql
      ? [
          '# POST /graphql reads its schema from the source folder (src/graphql/graphql.service.ts).',
          'COPY --from=build /app/src/graphql/schema.graphql ./src/graphql/schema.graphql',
        ]
      : []),
    ...(options.database === 'sqlite'
      ? [
          '# The SQLite file lives here; compose.yaml mounts a volume on it.',
          'RUN mkdir -p .data && chown node:node .data',
        ]
      : []),
    'USER node',
    'EXPOSE 9000',
    `HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ${HEALTHCHECK}`,
    'CMD ["node", "dist/main.js"]',
    '',
  ];
  return { kind: 'text', path: 'Dockerfile', text: lines.join('\n') };
}

export const dockerignoreTemplate = (): TextFile => ({
  kind: 'text',
  path: '.dockerignore',
  text: [
    '# Only sources and lock files go into the build; never secrets, local data or build output.',
    '.git',
    '.env',
    '.data',
    'node_modules',
    'dist',
    'coverage',
    'docs',
    '*.tsbuildinfo',
    '',
  ].join('\n'),
});

const databaseName = (options: ProjectOptions) =>
  (options.name.split('/').pop() ?? options.name).replace(/\W/g, '_');

interface Service {
  name: string;
  lines: string[];
  volume?: string;
}

function databaseService(options: ProjectOptions): Service | undefined {
  const db = databaseName(options);
  if (options.database === 'postgres') {
    return {
      name: 'postgres',
      volume: 'postgres-data',
      lines: [
        '    image: postgres:17-alpine',
        '    environment:',
        `      POSTGRES_DB: ${db}`,
        '      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-postgres}',
        '    volumes:',
        '      - postgres-data:/var/lib/postgresql/data',
        '    healthcheck:',
        `      test: ['CMD', 'pg_isready', '-U', 'postgres', '-d', '${db}']`,
        '      interval: 5s',
        '      retries: 10',
      ],
    };
  }
  if (options.database === 'mysql') {
    return {
      name: 'mariadb',
      volume: 'mariadb-data',
      lines: [
        '    image: mariadb:11',
        '    # A search for a word that many rows hold is refused in a few ms (503) instead of costing',
        '    # about 2 µs per such row in the FULLTEXT index first: at 1 MB, a word of 1,000 rows answers.',
        "    command: ['--innodb-ft-result-cache-limit=1000000']",
        '    environment:',
        `      MARIADB_DATABASE: ${db}`,
        '      MARIADB_ROOT_PASSWORD: ${MARIADB_ROOT_PASSWORD:-mariadb}',
        '    volumes:',
        '      - mariadb-data:/var/lib/mysql',
        '    healthcheck:',
        "      test: ['CMD', 'healthcheck.sh', '--connect', '--innodb_initialized']",
        '      interval: 5s',
        '      retries: 10',
      ],
    };
  }
  if (options.database === 'mongodb') {
    return {
      name: 'mongo',
      volume: 'mongo-data',
      lines: [
        '    image: mongo:8',
        '    volumes:',
        '      - mongo-data:/data/db',
        '    healthcheck:',
        `      test: ['CMD', 'mongosh', '--quiet', '--eval', "db.adminCommand('ping')"]`,
        '      interval: 5s',
        '      retries: 10',
      ],
    };
  }
  return undefined;
}

const REDIS: Service = {
  name: 'redis',
  lines: [
    '    image: redis:7-alpine',
    '    healthcheck:',
    "      test: ['CMD', 'redis-cli', 'ping']",
    '      interval: 5s',
    '      retries: 10',
  ],
};

function databaseVariable(options: ProjectOptions): string {
  const db = databaseName(options);
  switch (options.database) {
    case 'sqlite':
      return `      DATABASE_PATH: /app/.data/${options.name.split('/').pop()}.sqlite`;
    case 'postgres':
      return `      DATABASE_URL: postgres://postgres:\${POSTGRES_PASSWORD:-postgres}@postgres:5432/${db}`;
    case 'mysql':
      return `      DATABASE_URL: mariadb://root:\${MARIADB_ROOT_PASSWORD:-mariadb}@mariadb:3306/${db}`;
    case 'mongodb':
      return `      MONGODB_URI: mongodb://mongo:27017/${db}`;
  }
}

function appService(options: ProjectOptions, database: Service | undefined): string[] {
  return [
    '  app:',
    '    build: .',
    `    # MASTER_KEY${options.auth ? ', CLIENT_KEY, JWT_SECRET' : ''} and the other keys; the lines below take precedence.`,
    '    env_file: .env',
    '    environment:',
    '      NODE_ENV: production',
    '      PORT: 9000',
    databaseVariable(options),
    '      REDIS_URL: redis://redis:6379',
    '    ports:',
    "      - '9000:9000'",
    ...(options.database === 'sqlite' ? ['    volumes:', '      - app-data:/app/.data'] : []),
    '    depends_on:',
    ...[database, REDIS]
      .filter((service): service is Service => service !== undefined)
      .flatMap((service) => [`      ${service.name}:`, '        condition: service_healthy']),
    '    restart: unless-stopped',
  ];
}

export function composeTemplate(options: ProjectOptions): TextFile {
  const database = databaseService(options);
  const volumes = [options.database === 'sqlite' ? 'app-data' : database?.volume];
  const lines = [
    '# docker compose up: the app at http://localhost:9000, with its database and Redis.',
    'services:',
    ...appService(options, database),
    ...[database, REDIS]
      .filter((service): service is Service => service !== undefined)
      .flatMap((service) => [
        '',
        `  ${service.name}:`,
        ...service.lines,
        '    restart: unless-stopped',
      ]),
    '',
    'volumes:',
    ...volumes.filter(Boolean).map((volume) => `  ${volume}:`),
    '',
  ];
  return { kind: 'text', path: 'compose.yaml', text: lines.join('\n') };
}
