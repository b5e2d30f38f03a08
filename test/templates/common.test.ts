// The shared pieces of src/common/ in generated projects, written out: the admin guard, the id pipe, the access decorator.
import dedent from 'dedent';
import { describe, expect, it } from 'vitest';
import { renderProject } from './render.js';

const sqlite = () => renderProject({ database: 'sqlite' });
const mongodb = () => renderProject({ database: 'mongodb' });
const noAuth = () => renderProject({ database: 'sqlite', auth: false });

describe('templates of src/common/', () => {
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
      import {
        applyDecorators,
        SetMetadata,
        UseGuards,
        type CanActivate,
        type Type,
      } from '@nestjs/common';
      import { ApiSecurity } from '@nestjs/swagger';
      import { ApiErrors } from './api-docs';
      import { MasterKeyGuard } from './master-key.guard';

      export type AccessLevel = 'public' | 'master';
      /** The metadata key of \`@Access\`; AccessGuard refuses a route without it. */
      export const ACCESS_LEVELS = 'access-levels';
      /** The guards each level puts on a route, run in this order; GraphQL fields run the same ones. */
      export const ACCESS_GUARDS: Record<AccessLevel, Type<CanActivate>[]> = {
        public: [],
        master: [MasterKeyGuard],
      };

      /**
       * Who may call a route: anyone (\`public\`), a holder of the master key (\`master\`).
       * The token or key is read from \`access_token\` in the query or body, or a Bearer header.
       * Every route carries it, public ones too: AccessGuard refuses a route without it.
       */
      export function Access(...levels: [AccessLevel, ...AccessLevel[]]) {
        return applyDecorators(
          SetMetadata(ACCESS_LEVELS, levels),
          ...levels.map((level) => UseGuards(...ACCESS_GUARDS[level])),
          ...documentAccess(levels),
        );
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
});
