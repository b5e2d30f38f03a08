// The project-wide files of generated projects, written out: app.module (which rest api edits), .env.example, package.json.
import dedent from 'dedent';
import { describe, expect, it } from 'vitest';
import { renderProject } from './render.js';

const sqlite = () => renderProject({ database: 'sqlite' });

describe('project-wide templates', () => {
  it('app.module: config, database and features in one imports array (which rest api edits)', async () => {
    expect((await sqlite()).text('src/app.module.ts')).toBe(dedent`
      import { Module } from '@nestjs/common';
      import { ConfigModule } from '@nestjs/config';
      import { APP_GUARD } from '@nestjs/core';
      import { validateEnvironment } from './config/environment';
      import { DatabaseModule } from './database/database.module';
      import { RateLimitModule } from './common/rate-limit.module';
      import { AccessGuard } from './common/access.guard';
      import { HealthModule } from './health/health.module';
      import { UsersModule } from './users/users.module';
      import { AuthModule } from './auth/auth.module';

      @Module({
        imports: [
          ConfigModule.forRoot({
            isGlobal: true,
            validate: validateEnvironment,
            // Tests set their own variables (test/setup-env.ts) and never read a developer's .env.
            ignoreEnvFile: process.env.NODE_ENV === 'test',
          }),
          DatabaseModule,
          RateLimitModule,
          HealthModule,
          UsersModule,
          AuthModule,
        ],
        // Every route must say who may call it (@Access): one without the mark is refused.
        providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
      })
      export class AppModule {}\n`);
  });

  it('.env.example: every key, no secret', async () => {
    expect((await sqlite()).text('.env.example')).toBe(dedent`
      PORT=9000
      # Back ends only (access_token): signs users up with any role, admin included; at least 32 characters
      MASTER_KEY=
      # Apps (web, mobile): sign-up, sign-in, password resets and confirmation mails, never a role
      CLIENT_KEY=
      # Signs user tokens; at least 32 characters
      JWT_SECRET=
      # How long a token is valid: seconds, or a duration such as 12h or 7d
      JWT_EXPIRES_IN=7d
      # SQLite database file
      DATABASE_PATH=.data/my-api.sqlite
      # Run pending migrations at start-up; with false, run them with npm run migration:run
      MIGRATIONS_RUN=true
      # List pages kept per resource until the database changes (any write, by any instance); 0 keeps none
      LIST_CACHE_PAGES=100
      # Milliseconds one search (a list's q), or a filter on a field without an index, may cost the database; past it the answer is 503 with Retry-After
      SEARCH_TIMEOUT_MS=100
      # Browser origins allowed to call the API (comma list); none when unset
      # CORS_ORIGINS=https://app.example.com
      # Proxies in front of the server: false, true, a number of hops, or addresses such as loopback
      TRUST_PROXY=false
      # The address clients use, for paging links; links are relative when unset
      # PUBLIC_URL=https://api.example.com
      # Seconds a request may take to arrive in full (headers and body) before a 408
      REQUEST_TIMEOUT=30
      # Rate limit of every route: requests per client address in a window of THROTTLE_TTL seconds
      THROTTLE_TTL=60
      THROTTLE_LIMIT=300
      # Sign-in, sign-up and password changes: attempts per client address and per account (e-mail)
      THROTTLE_AUTH_TTL=900
      THROTTLE_AUTH_LIMIT=30
      THROTTLE_AUTH_ACCOUNT_LIMIT=10
      # Set to share the rate-limit counters between instances (GET /health checks it too), e.g. redis://127.0.0.1:6379
      # REDIS_URL=
      # Request log level: fatal, error, warn, info, debug, trace or silent
      LOG_LEVEL=info
      # The OpenAPI page at /docs is served in development, and elsewhere only with DOCS=true
      # DOCS=true\n`);
  });

  it('package.json: jest runs the TypeScript tests as ES modules, since Nest 12 is ESM-only', async () => {
    const manifest = JSON.parse((await sqlite()).text('package.json'));
    expect(manifest.scripts.test).toBe(
      'node --experimental-vm-modules ./node_modules/jest/bin/jest.js',
    );
    expect(manifest.jest.extensionsToTreatAsEsm).toEqual(['.ts']);
    expect(manifest.jest.testTimeout).toBe(30000);
    expect(manifest.dependencies).toMatchObject({
      '@nestjs/core': expect.stringMatching(/^\^12\./),
      'better-sqlite3': expect.stringMatching(/^\^13\./),
      typeorm: expect.stringMatching(/^\^1\./),
    });
    // typeorm 1 peers on better-sqlite3 ^12: without the override npm refuses the install.
    expect(manifest.overrides).toEqual({
      typeorm: { 'better-sqlite3': '$better-sqlite3' },
      // openapi-typescript 7 peers on TypeScript 5: npm run client runs it on the project's 6.
      'openapi-typescript': { typescript: '$typescript' },
    });
    expect(manifest.engines).toEqual({ node: '>=22' });
  });

  it('package.json: with pnpm, its own scripts and its own way to allow better-sqlite3 13', async () => {
    const manifest = JSON.parse(
      (await renderProject({ database: 'sqlite', packageManager: 'pnpm' })).text('package.json'),
    );
    expect(manifest.scripts.prod).toBe(
      'pnpm run build && cross-env NODE_ENV=production node dist/main.js',
    );
    expect(manifest.pnpm).toEqual({
      peerDependencyRules: {
        allowedVersions: { 'typeorm>better-sqlite3': '13', 'openapi-typescript>typescript': '6' },
      },
    });
    expect(manifest.overrides).toBeUndefined();
    expect(manifest.scripts.client).toMatch(/^pnpm run docs && openapi-typescript /);
  });
});
