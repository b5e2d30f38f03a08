// Issue 15's proof on installed projects: hand edits, then each `rest api` edit of a resource that exists;
// the project stays clean, the hand edits stay byte for byte, the rows keep their data, HTTP shows the change;
// on SQLite, PostgreSQL and MySQL/MariaDB, whose migrations TypeORM's drift check finds in agreement with the entities.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mysqlDatabase } from '../e2e/project.js';
import {
  driftCheck,
  newProject,
  postgresDatabase,
  rest,
  run,
  startServer,
  type Server,
} from './project.js';

const LONG = 1_500_000;

const ENTITY = 'src/articles/entities/article.entity.ts';
const CONTROLLER = 'src/articles/articles.controller.ts';
const SERVICE = 'src/articles/articles.service.ts';

/** Hand edits of three kinds: a getter on the entity, a route and a service method with a comment. */
const HAND_GETTER = `
  /** Written by hand: whether the article has a title worth showing. */
  get hasTitle(): boolean {
    return this.title.length > 0;
  }
`;
const HAND_ROUTE = `
  // Written by hand: how many articles there are.
  @Get('count/all')
  @Access('public')
  async countAll(): Promise<{ count: number }> {
    return { count: await this.articles.countAll() };
  }
`;
const HAND_SERVICE = `
  /** Written by hand. */
  countAll(): Promise<number> {
    return this.articles.count();
  }
`;

/**
 * Lint, type-check and, on SQLite, the project's own tests. On PostgreSQL and MariaDB the own tests
 * of projects whose fields were renamed and removed and whose access changed run in the combination
 * matrix (test/matrix: its first project of each database runs npm test after those edits); here
 * the migrations, the drift check, the kept row and HTTP prove the edits on those servers.
 */
function checkProject(dir: string, env: NodeJS.ProcessEnv, ownTests: boolean): void {
  for (const [command, args] of [
    ['npm', ['run', 'lint']],
    ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    ...(ownTests ? [['npm', ['test']] as const] : []),
  ] as const) {
    const result = run(command, [...args], dir, env);
    expect(result.status, `${command} ${args.join(' ')}:\n${result.output}`).toBe(0);
  }
}

/** The app's and the tests' databases on a server, or why there are none; RESTSMITH_REQUIRE_* forbids skipping. */
function serverDatabases(database: 'sqlite' | 'postgres' | 'mysql') {
  if (database === 'sqlite') return { skip: undefined, databases: undefined };
  const make = database === 'postgres' ? postgresDatabase : mysqlDatabase;
  const databases = { app: make('restsmith_edit_app'), tests: make('restsmith_edit_tests') };
  const skip = databases.app.reason ?? databases.tests.reason;
  const required = `RESTSMITH_REQUIRE_${database.toUpperCase()}`;
  if (skip && process.env[required]) throw new Error(`${required} is set but ${skip}`);
  if (skip) console.warn(`skipped: resource edits on ${database} (${skip})`);
  return { skip, databases };
}

describe.each(['sqlite', 'postgres', 'mysql'] as const)(
  'rest api edits a resource of an installed %s project that holds rows',
  (database) => {
    const { skip, databases } = serverDatabases(database);
    const appEnv: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      ...(databases ? { DATABASE_URL: databases.app.url } : {}),
    };
    const testEnv: NodeJS.ProcessEnv = databases ? { DATABASE_URL: databases.tests.url } : {};
    let server: Server | undefined;
    afterEach(() => server?.stop());

    it.skipIf(Boolean(skip))(
      'adds, renames and removes fields and changes routes: clean project, hand edits kept, rows kept, HTTP shows it',
      async () => {
        const dir = newProject(`edit-installed-${database}`, database);
        const path = (file: string) => join(dir, file);
        const read = (file: string) => readFileSync(path(file), 'utf8');
        for (const [name, fields] of [
          ['category', 'name'],
          ['tag', 'label'],
          ['article', 'title body:text views?:number rank?:number'],
        ] as const) {
          // Two fields with an index of their own: one is renamed below, the other removed.
          const indexes = name === 'article' ? ['--indexes', 'views,rank'] : [];
          const add = rest(dir, 'api', name, '--fields', fields, ...indexes, '--yes');
          expect(add.status, add.output).toBe(0);
        }
        writeFileSync(path(ENTITY), read(ENTITY).replace(/\n}\n$/, `\n${HAND_GETTER}}\n`));
        writeFileSync(path(CONTROLLER), read(CONTROLLER).replace(/\n}\n$/, `\n${HAND_ROUTE}}\n`));
        writeFileSync(path(SERVICE), read(SERVICE).replace(/\n}\n$/, `\n${HAND_SERVICE}}\n`));
        const handEditsKept = () => {
          expect(read(ENTITY)).toContain(HAND_GETTER);
          expect(read(CONTROLLER)).toContain(HAND_ROUTE);
          expect(read(SERVICE)).toContain(HAND_SERVICE);
        };

        // A row written through the API before any edit.
        expect(run('npm', ['run', 'build'], dir).status).toBe(0);
        server = await startServer(dir, appEnv);
        const created = await fetch(`${server.url}/articles`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Kept', body: 'The old body', views: 3 }),
        });
        expect(created.status, await created.clone().text()).toBe(201);
        const { id } = (await created.json()) as { id: string };
        await server.stop();
        server = undefined;

        for (const edit of [
          ['--add-fields', 'summary?:text'],
          ['--rename-field', 'body:content'],
          ['--rename-field', 'rank:score'],
          ['--remove-fields', 'views'],
          ['--access', 'DELETE=admin'],
          ['--remove-methods', 'PUT'],
          ['--add-fields', 'category?:ref:category tags:ref:tag[]'],
        ]) {
          const result = rest(dir, 'api', 'article', ...edit);
          expect(result.status, `${edit.join(' ')}:\n${result.output}`).toBe(0);
          handEditsKept();
        }
        // The index of the renamed field follows it; the removed field's goes with it.
        const record = (
          JSON.parse(read('restsmith.json')) as {
            resources: { name: string; indexes?: string[] }[];
          }
        ).resources.find((resource) => resource.name === 'article');
        expect(record?.indexes).toEqual(['score']);
        // No route uses the update DTO any more: it went with PUT and PATCH.
        expect(existsSync(path('src/articles/dto/update-article.dto.ts'))).toBe(false);
        checkProject(dir, testEnv, database === 'sqlite');

        // The migrations run over the row; the running server shows every change.
        expect(run('npm', ['run', 'build'], dir).status).toBe(0);
        const migrated = run('npm', ['run', 'migration:run'], dir, appEnv);
        expect(migrated.status, migrated.output).toBe(0);
        expect(migrated.output).toMatch(/RenameBodyToContentInArticles\d{13} has been executed/);
        expect(migrated.output).toMatch(/RenameRankToScoreInArticles\d{13} has been executed/);
        // The migrations and the entities agree: TypeORM finds nothing to generate.
        const drift = driftCheck(dir, appEnv);
        expect(drift.status, drift.output).toBe(0);
        server = await startServer(dir, { ...appEnv, MIGRATIONS_RUN: 'false' });
        const kept = await fetch(`${server.url}/articles/${id}`);
        expect(kept.status).toBe(200);
        const article = (await kept.json()) as Record<string, unknown>;
        expect(article).toMatchObject({ id, title: 'Kept', content: 'The old body' });
        expect(article).not.toHaveProperty('body');
        expect(article).not.toHaveProperty('views');
        const summary = await fetch(`${server.url}/articles`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'New', content: 'x', summary: 'short', tags: [] }),
        });
        expect(summary.status).toBe(201);
        expect(await summary.json()).toMatchObject({ summary: 'short' });
        // The references added to a table that held rows: the old row has none, new ones name ids.
        expect(article).toMatchObject({ category: null, tags: [] });
        const category = await fetch(`${server.url}/categories`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'News' }),
        });
        expect(category.status, await category.clone().text()).toBe(201);
        const categoryId = ((await category.json()) as { id: string }).id;
        const post = (body: Record<string, unknown>) =>
          fetch(`${server!.url}/articles`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ title: 'Filed', content: 'x', tags: [], ...body }),
          });
        const filed = await post({ category: categoryId });
        expect(filed.status, await filed.clone().text()).toBe(201);
        expect(await filed.json()).toMatchObject({ category: categoryId, tags: [] });
        const unknown = await post({ category: '00000000-0000-4000-8000-000000000000' });
        expect(unknown.status).toBe(400);
        expect(await unknown.text()).toMatch(/category/);
        const count = await fetch(`${server.url}/articles/count/all`);
        expect(await count.json()).toEqual({ count: 3 });
        // DELETE is for admins now; PUT and PATCH are gone.
        const deleted = await fetch(`${server.url}/articles/${id}`, { method: 'DELETE' });
        expect(deleted.status).toBe(401);
        const put = await fetch(`${server.url}/articles/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Changed' }),
        });
        expect(put.status).toBe(404);
      },
      LONG,
    );
  },
);
