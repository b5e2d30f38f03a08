// Unit tests of single templates: the text they render to, written out.
import dedent from 'dedent';
import { describe, expect, it } from 'vitest';
import { renderProject } from './render.js';

/** Lines without their indentation: a piece of a file, wherever it is nested. */
const unindented = (text: string | undefined) => (text ?? '').replace(/^ +/gm, '');

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
      import { ApiSecurity } from '@nestjs/swagger';
      import { ApiErrors } from './api-docs';
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
          ...documentAccess(levels),
        );
      }

      function guardsOf(level: AccessLevel) {
        switch (level) {
          case 'public':
            return applyDecorators();
          case 'master':
            return UseGuards(MasterKeyGuard);
        }
      }

      /** The security scheme of each level, as named in openapi.ts. */
      const SCHEMES: Record<AccessLevel, string | undefined> = {
        public: undefined,
        master: 'master-key',
      };

      /** One security requirement holding every scheme the levels need: all are required, not any. */
      function documentAccess(levels: AccessLevel[]) {
        const schemes = levels.flatMap((level) => SCHEMES[level] ?? []);
        if (schemes.length === 0) return [];
        return [
          ApiSecurity(Object.fromEntries(schemes.map((scheme) => [scheme, []]))),
          ApiErrors(401),
        ];
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

  it('user.schema: on MongoDB, the text index that q searches, without a language', async () => {
    expect((await mongodb()).text('src/users/schemas/user.schema.ts')).toContain(dedent`
      UserSchema.index(
        { name: 'text', email: 'text' },
        {
          name: 'users_search',
          default_language: 'none',
          language_override: '_searchLanguage',
        },
      );\n`);
  });

  it('find-page: on MongoDB, q is a $text search of phrases beside the field filters, sorted as asked (issues 10.2, 14.4)', async () => {
    const text = (await mongodb()).text('src/common/find-page.ts');
    expect(text).not.toContain('$regex');
    expect(unindented(text)).toContain(
      unindented(dedent`
        // Each field filter a condition of its own: views.gte and views.lte on one field both hold.
        const conditions = query.filters.map(fieldFilter);
        const filter: Record<string, unknown> = {
          ...(search === undefined ? {} : { $text: { $search: search } }),
          ...(conditions.length === 0 ? {} : { $and: conditions }),
        };
        const sort: Record<string, SortOrder | { $meta: 'textScore' }> = {};
        // The order asked for; best matches first only when none is (\`sort=\` left empty).
        if (search !== undefined && query.sort.length === 0) {
          sort.score = { $meta: 'textScore' };
        }
        for (const key of query.sort) {
          sort[key.field === 'id' ? '_id' : key.field] = key.descending ? -1 : 1;
        }
        sort._id ??= 1;`),
    );
    expect(text).toContain(dedent`
      function textSearch(q: string): string {
        return q
          .split('"')
          .map((phrase) => phrase.trim())
          .filter((phrase) => phrase !== '')
          .map((phrase) => \`"\${phrase}"\`)
          .join(' ');
      }\n`);
  });

  it('database.module: on MongoDB, indexes are built in production too, before the server listens', async () => {
    const text = (await mongodb()).text('src/database/database.module.ts');
    expect(text).toContain('        autoIndex: true,\n');
    expect(text).toContain(dedent`
      export class DatabaseModule implements OnApplicationBootstrap {
        constructor(@InjectConnection() private readonly connection: Connection) {}
    `);
    expect(unindented(text)).toContain(
      unindented(dedent`
        async onApplicationBootstrap(): Promise<void> {
          await Promise.all(
            this.connection
              .modelNames()
              .map((name: string) => this.connection.model(name).init()),
          );
        }`),
    );
  });

  it('q on MongoDB: the README and the OpenAPI description say it matches words, not substrings', async () => {
    const mongo = await mongodb();
    const sql = await sqlite();
    expect(mongo.text('README.md')).toContain(
      'Unlike the substring search of the SQL databases, it matches words, not parts of words: `q=lovelace` finds `Ada Lovelace`, `q=love` does not.',
    );
    expect(sql.text('README.md')).not.toContain('whole words');
    expect(mongo.text('src/common/api-docs.ts')).toContain(
      "'Search text, matched against the words of a MongoDB text index, not as a substring: lovelace finds Ada Lovelace, love does not;",
    );
    expect(sql.text('src/common/api-docs.ts')).toContain(
      "'Search text: entries whose searched fields contain it, ignoring case (Unicode); 3 to 100 characters, else 400',",
    );
  });

  it('MongoDB projects unit-test the search filter and the text index, needing no server', async () => {
    const mongo = await mongodb();
    expect(mongo.text('src/common/find-page.spec.ts')).toContain(
      'expect(asked.filter).toEqual({ $text: { $search: \'"Ada Lovelace"\' } });',
    );
    expect(unindented(mongo.text('src/users/schemas/user.schema.spec.ts'))).toContain(
      unindented(dedent`
        expect(UserSchema.indexes()).toContainEqual([
          { name: 'text', email: 'text' },
          expect.objectContaining({
            name: 'users_search',
            default_language: 'none',
          }),
        ]);`),
    );
    const paths = (await sqlite()).files.map((file) => file.path);
    expect(paths).not.toContain('src/common/find-page.spec.ts');
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
      # Run pending migrations at start-up; with false, run them with npm run migration:run
      MIGRATIONS_RUN=true
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
