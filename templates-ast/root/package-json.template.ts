// package.json of the generated project: scripts, dependencies for its database, jest configuration.
import type { JsonFile } from '../../src/engine/generated-file.js';
import type { Database, HttpPlatform, ProjectOptions } from '../../src/model/project.js';
import { sendsMail } from '../mail/mail.template.js';

/** Current majors that run on Node 22 and Nest 12 (checked with `npm view <pkg> engines peerDependencies`). */
const NEST = {
  '@nestjs/common': '^12.5.1',
  '@nestjs/config': '^12.0.1',
  '@nestjs/core': '^12.5.1',
  '@nestjs/swagger': '^12.0.2',
  '@nestjs/terminus': '^12.1.0',
  'class-transformer': '^0.5.1',
  'class-validator': '^0.15.1',
  helmet: '^8.3.0',
  // Rate limits (src/common/rate-limit.ts). Not @nestjs/throttler 6: it is CommonJS that require()s
  // @nestjs/common, which is ESM-only in Nest 12, and jest cannot load that on Node 20.
  // ioredis 5: typeorm 1 peers on it.
  ioredis: '^5.11.1',
  'rate-limiter-flexible': '^11.4.0',
  'reflect-metadata': '^0.2.2',
  rxjs: '^7.8.2',
};

/**
 * `--graphql`: graphql-js 16 (it runs on every Node the projects support; 17 needs Node 22) and
 * DataLoader, which batches the references of a request into one query per type (docs/graphql.md).
 */
const GRAPHQL = { dataloader: '^2.2.3', graphql: '^16.15.0', 'graphql-jit': '^0.8.9' };

/**
 * The HTTP platform (`--http`). Fastify's types are imported by the generated code; @fastify/static
 * serves Swagger UI's files at /docs. Versions as @nestjs/platform-fastify 12.5 peers on and pins.
 */
const HTTP: Record<
  HttpPlatform,
  { dependencies: Record<string, string>; dev: Record<string, string> }
> = {
  express: {
    dependencies: { '@nestjs/platform-express': '^12.5.1' },
    dev: { '@types/express': '^5.0.3' },
  },
  fastify: {
    dependencies: {
      '@fastify/static': '^10.1.10',
      '@nestjs/platform-fastify': '^12.5.0',
      fastify: '^5.12.8',
    },
    dev: {},
  },
};

/** Health and request logging (the Redis check uses the rate limits' ioredis). */
const OPERATIONS = {
  pino: '^10.4.0',
};

const AUTH = {
  '@nestjs/jwt': '^12.0.2',
  '@nestjs/passport': '^12.0.0',
  passport: '^0.7.0',
  'passport-jwt': '^4.0.1',
};

/** Mail (src/mail/), for password reset and e-mail confirmation links. */
const MAIL = { nodemailer: '^10.6.0' };

const DATABASE: Record<Database, Record<string, string>> = {
  mongodb: { '@nestjs/mongoose': '^12.0.0', mongoose: '^9.12.1' },
  mysql: { '@nestjs/typeorm': '^12.0.2', mysql2: '^3.24.6', typeorm: '^1.1.1' },
  postgres: { '@nestjs/typeorm': '^12.0.2', pg: '^8.23.1', typeorm: '^1.1.1' },
  // better-sqlite3 13, over typeorm 1's peer range of ^12 (sqlitePeer): 12 aborts Node 24 when it
  // frees a statement, and 13 needs Node 22 (docs/node-versions.md in restsmith).
  sqlite: { '@nestjs/typeorm': '^12.0.2', 'better-sqlite3': '^13.2.0', typeorm: '^1.1.1' },
};

const DEV = {
  '@eslint/js': '^10.0.1',
  '@nestjs/testing': '^12.1.1',
  '@types/jest': '^30.0.0',
  '@types/node': '^20.19.0',
  '@types/supertest': '^7.0.0',
  // NODE_ENV in the scripts, on Windows too.
  'cross-env': '^10.1.0',
  eslint: '^10.0.0',
  globals: '^17.0.0',
  jest: '^30.0.0',
  prettier: '^3.6.2',
  'source-map-support': '^0.5.21',
  supertest: '^7.1.4',
  'swagger-ui-dist': '^5.30.0',
  'pino-pretty': '^13.1.0',
  'ts-jest': '^29.4.0',
  // npm run client: the typed fetch client (client/).
  'openapi-fetch': '^0.17.0',
  'openapi-typescript': '^7.13.0',
  'tsc-watch': '^7.2.0',
  // typescript-eslint 8 supports TypeScript below 6.1.
  typescript: '~6.0.2',
  'typescript-eslint': '^8.50.0',
};

const sorted = (entries: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(entries).sort(([a], [b]) => a.localeCompare(b)));

/** Without NODE_ENV the app runs as production, so the watcher says development. */
const WATCH =
  'tsc-watch -p tsconfig.build.json --onSuccess "cross-env NODE_ENV=development node dist/main.js"';

const JEST = 'node --experimental-vm-modules ./node_modules/jest/bin/jest.js';

export function packageJsonTemplate(options: ProjectOptions): JsonFile {
  const run = `${options.packageManager} run`;
  return {
    kind: 'json',
    path: 'package.json',
    data: {
      name: options.name,
      version: '0.1.0',
      private: true,
      license: 'UNLICENSED',
      // better-sqlite3 13 needs 22; restsmith's tests run every generated project on 24.
      engines: { node: '>=22' },
      scripts: {
        build: 'tsc -p tsconfig.build.json',
        start: `${run} build && node dist/main.js`,
        'start:dev': WATCH,
        'start:prod': 'node dist/main.js',
        dev: WATCH,
        prod: `${run} build && cross-env NODE_ENV=production node dist/main.js`,
        test: JEST,
        coverage: 'node scripts/coverage.mjs',
        lint: 'eslint .',
        format: 'prettier --write .',
        docs: `${run} build && node dist/docs.js`,
        // Types from the document (a default makes a field optional to send), then client/ type-checked.
        client: `${run} docs && openapi-typescript docs/openapi.json --output client/schema.d.ts --default-non-nullable=false && tsc -p client/tsconfig.json`,
        ...(options.auth ? { 'create-admin': `${run} build && node dist/create-admin.js` } : {}),
        ...(options.database === 'mongodb' ? {} : migrationScripts(run)),
      },
      dependencies: sorted({
        ...NEST,
        ...HTTP[options.http].dependencies,
        ...OPERATIONS,
        ...(options.auth ? AUTH : {}),
        ...(sendsMail(options) ? MAIL : {}),
        ...(options.graphql ? GRAPHQL : {}),
        ...DATABASE[options.database],
      }),
      devDependencies: sorted({
        ...DEV,
        ...HTTP[options.http].dev,
        ...(options.auth ? { '@types/passport-jwt': '^4.0.1' } : {}),
        ...(sendsMail(options) ? { '@types/nodemailer': '^8.0.2' } : {}),
        ...(options.database === 'mongodb' ? { 'mongodb-memory-server': '^11.3.0' } : {}),
        // src/database/search-worker.ts opens its own connection.
        ...(options.database === 'sqlite' ? { '@types/better-sqlite3': '^7.6.13' } : {}),
      }),
      ...peerRules(options),
      jest: jestConfig(options),
    },
  };
}

/** The TypeORM CLI over the compiled data source: `migration:generate -- src/database/migrations/AddX`. */
function migrationScripts(run: string): Record<string, string> {
  const typeorm = (command: string) =>
    `${run} build && typeorm ${command} -d dist/database/data-source.js`;
  return {
    'migration:run': typeorm('migration:run'),
    'migration:revert': typeorm('migration:revert'),
    'migration:generate': typeorm('migration:generate'),
  };
}

/**
 * Peer ranges the project's packages are newer than. typeorm 1.1 peers on better-sqlite3 ^12, and
 * openapi-typescript 7 on TypeScript ^5 (it builds its output with the compiler API, which 6 keeps):
 * npm refuses both unless an override lets them; pnpm only warns, unless told the versions are
 * allowed; yarn 1 only warns. better-sqlite3 13 ships its compiled binding (Node-API), so no install
 * script has to be allowed any more.
 */
function peerRules(options: ProjectOptions) {
  const sqlite = options.database === 'sqlite';
  if (options.packageManager === 'pnpm') {
    return {
      pnpm: {
        peerDependencyRules: {
          allowedVersions: {
            ...(sqlite ? { 'typeorm>better-sqlite3': '13' } : {}),
            'openapi-typescript>typescript': '6',
          },
        },
      },
    };
  }
  return options.packageManager === 'npm'
    ? {
        overrides: {
          ...(sqlite ? { typeorm: { 'better-sqlite3': '$better-sqlite3' } } : {}),
          'openapi-typescript': { typescript: '$typescript' },
        },
      }
    : {};
}

function jestConfig(options: ProjectOptions) {
  return {
    moduleFileExtensions: ['js', 'json', 'ts'],
    rootDir: '.',
    roots: ['<rootDir>/src', '<rootDir>/test'],
    testRegex: '.*\\.(spec|e2e-spec)\\.ts$',
    // Nest 12 is ESM-only and Node 20 cannot require() it inside jest, so tests run as ES modules.
    extensionsToTreatAsEsm: ['.ts'],
    transform: {
      '^.+\\.ts$': [
        'ts-jest',
        { useESM: true, tsconfig: { module: 'es2022', moduleResolution: 'bundler' } },
      ],
    },
    setupFiles: ['<rootDir>/test/setup-env.ts'],
    ...(options.database === 'sqlite' ? {} : { globalSetup: '<rootDir>/test/global-setup.ts' }),
    ...(options.database === 'mongodb'
      ? { globalTeardown: '<rootDir>/test/global-teardown.ts' }
      : {}),
    collectCoverageFrom: ['src/**/*.ts', '!src/main.ts', '!src/docs.ts'],
    coverageDirectory: 'coverage',
    coverageReporters: ['text-summary', 'html'],
    testEnvironment: 'node',
    // e2e hooks sign users up (a password hash each): jest's 5 s default is too tight on a busy machine.
    testTimeout: 30_000,
    verbose: true,
  };
}
