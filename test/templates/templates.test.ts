// Unit tests of single templates: the text they render to, written out.
import dedent from 'dedent';
import { describe, expect, it } from 'vitest';
import { renderProject } from './render.js';

const sqlite = () => renderProject({ database: 'sqlite' });
const mongodb = () => renderProject({ database: 'mongodb' });
const noAuth = () => renderProject({ database: 'sqlite', auth: false });

describe('templates', () => {
  it('admin.guard: a signed-in user who is not an admin gets 403', async () => {
    expect((await sqlite()).text('src/common/admin.guard.ts')).toBe(dedent`
      import {
        ForbiddenException,
        Injectable,
        type CanActivate,
        type ExecutionContext,
      } from '@nestjs/common';
      import type { AuthUser } from './current-user.decorator';

      @Injectable()
      export class AdminGuard implements CanActivate {
        canActivate(context: ExecutionContext): boolean {
          const { user } = context.switchToHttp().getRequest<{ user?: AuthUser }>();
          if (user?.role !== 'admin') {
            throw new ForbiddenException('Only an admin may do this');
          }
          return true;
        }
      }\n`);
  });

  it('parse-id.pipe: ObjectIds for MongoDB', async () => {
    expect((await mongodb()).text('src/common/parse-id.pipe.ts')).toBe(dedent`
      import {
        BadRequestException,
        Injectable,
        type PipeTransform,
      } from '@nestjs/common';
      import { isMongoId } from 'class-validator';

      @Injectable()
      export class ParseIdPipe implements PipeTransform<string, string> {
        transform(value: string): string {
          if (!isMongoId(value)) {
            throw new BadRequestException(
              'id must be a 24-character hexadecimal ObjectId',
            );
          }
          return value;
        }
      }\n`);
  });

  it('parse-id.pipe: UUIDs for SQL', async () => {
    const text = (await sqlite()).text('src/common/parse-id.pipe.ts');
    expect(text).toContain("import { isUUID } from 'class-validator';");
    expect(text).toContain("throw new BadRequestException('id must be a UUID');");
  });

  it('access.decorator: only public and master without user accounts', async () => {
    expect((await noAuth()).text('src/common/access.decorator.ts')).toBe(dedent`
      import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
      import { ApiSecurity, ApiUnauthorizedResponse } from '@nestjs/swagger';
      import { MasterKeyGuard } from './master-key.guard';

      export type AccessLevel = 'public' | 'master';
      /** The metadata key of \`@Access\`; AccessGuard refuses a route without it. */
      export const ACCESS_LEVELS = 'access-levels';

      /**
       * Who may call a route: anyone (\`public\`), a holder of the master key (\`master\`).
       * The token or key is read from \`access_token\` in the query or body, or a Bearer header.
       * Every route carries it, public ones too: AccessGuard refuses a route without it.
       */
      export function Access(...levels: [AccessLevel, ...AccessLevel[]]) {
        return applyDecorators(
          SetMetadata(ACCESS_LEVELS, levels),
          ...levels.map(guardsOf),
        );
      }

      function guardsOf(level: AccessLevel) {
        switch (level) {
          case 'public':
            return applyDecorators();
          case 'master':
            return applyDecorators(
              UseGuards(MasterKeyGuard),
              ApiSecurity('master-key'),
              ApiUnauthorizedResponse(),
            );
        }
      }\n`);
  });

  it('users.module: the Mongoose schema registered for the users feature', async () => {
    expect((await mongodb()).text('src/users/users.module.ts')).toBe(dedent`
      import { Module } from '@nestjs/common';
      import { MongooseModule } from '@nestjs/mongoose';
      import { User, UserSchema } from './schemas/user.schema';
      import { UsersController } from './users.controller';
      import { UsersService } from './users.service';

      @Module({
        imports: [
          MongooseModule.forFeature([{ name: User.name, schema: UserSchema }]),
        ],
        controllers: [UsersController],
        providers: [UsersService],
        exports: [UsersService],
      })
      export class UsersModule {}\n`);
  });

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
      # Grants sign-up and sign-in (access_token); at least 32 characters
      MASTER_KEY=
      # Signs user tokens; at least 32 characters
      JWT_SECRET=
      # How long a token is valid: seconds, or a duration such as 12h or 7d
      JWT_EXPIRES_IN=7d
      # SQLite database file
      DATABASE_PATH=.data/my-api.sqlite
      # Browser origins allowed to call the API (comma list); none when unset
      # CORS_ORIGINS=https://app.example.com
      # Proxies in front of the server: false, true, a number of hops, or addresses such as loopback
      TRUST_PROXY=false
      # The address clients use, for paging links; links are relative when unset
      # PUBLIC_URL=https://api.example.com
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
      # DOCS=true
      # Run pending migrations at start-up; with false, run them with npm run migration:run
      MIGRATIONS_RUN=true\n`);
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
      'better-sqlite3': expect.stringMatching(/^\^12\./),
      typeorm: expect.stringMatching(/^\^1\./),
    });
  });

  it('package.json: with pnpm, its own scripts and its own gate for the native build', async () => {
    const manifest = JSON.parse(
      (await renderProject({ database: 'sqlite', packageManager: 'pnpm' })).text('package.json'),
    );
    expect(manifest.scripts.prod).toBe(
      'pnpm run build && cross-env NODE_ENV=production node dist/main.js',
    );
    expect(manifest.pnpm).toEqual({ onlyBuiltDependencies: ['better-sqlite3'] });
    expect(manifest.allowScripts).toBeUndefined();
  });
});
