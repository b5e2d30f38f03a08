// Migrations of generated SQL projects: `rest api` on a project that holds data keeps the data.
import { afterEach, describe, expect, it } from 'vitest';
import { masterKeyOf, mysqlDatabase } from '../e2e/project.js';
import {
  driftCheck,
  newProject,
  postgresDatabase,
  rest,
  run,
  startServer,
  type Server,
} from './project.js';

const LONG = 600_000;

/** The server database of a project, or why there is none; a RESTSMITH_REQUIRE_* variable forbids skipping. */
function serverDatabase(database: 'sqlite' | 'postgres' | 'mysql'): {
  url?: string;
  skip?: string;
} {
  if (database === 'sqlite') return {};
  const { url, reason } =
    database === 'postgres'
      ? postgresDatabase('restsmith_migrations')
      : mysqlDatabase('restsmith_migrations');
  const required = process.env[`RESTSMITH_REQUIRE_${database.toUpperCase()}`];
  if (reason && required)
    throw new Error(`RESTSMITH_REQUIRE_${database.toUpperCase()} is set but ${reason}`);
  return { url, skip: reason };
}

describe.each(['sqlite', 'postgres', 'mysql'] as const)(
  'migrations of a %s project',
  (database) => {
    const { url, skip } = serverDatabase(database);
    if (skip) console.warn(`skipped: migrations on ${database} (${skip})`);
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      ...(url ? { DATABASE_URL: url } : {}),
    };
    let server: Server | undefined;
    afterEach(() => server?.stop());

    it.skipIf(Boolean(skip))(
      'keeps the rows across `rest api` and `npm run migration:run`, and agrees with the entities',
      async () => {
        const dir = newProject(`migrations-${database}`, database);
        expect(run('npm', ['run', 'build'], dir).status).toBe(0);

        // The first start runs the initial migration on an empty database; a user signs up.
        server = await startServer(dir, env);
        const masterKey = masterKeyOf(dir);
        const signUp = await fetch(`${server.url}/users`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: 'kept@example.com',
            password: 'secret-1',
            access_token: masterKey,
          }),
        });
        expect(signUp.status).toBe(201);
        const { id } = (await signUp.json()) as { id: string };
        await server.stop();
        server = undefined;

        const added = rest(dir, 'api', 'note', '--fields', 'title:string body?:text', '--yes');
        expect(added.status, added.output).toBe(0);
        // References: foreign keys with their delete rules, and a join table, that the entities agree with.
        for (const args of [
          ['category', '--fields', 'name'],
          ['tag', '--fields', 'label'],
          [
            'article',
            '--fields',
            'title category:ref:category series?:ref:category tags:ref:tag[]',
          ],
        ]) {
          const referring = rest(dir, 'api', ...args, '--yes');
          expect(referring.status, referring.output).toBe(0);
        }
        const migrated = run('npm', ['run', 'migration:run'], dir, env);
        expect(migrated.status, migrated.output).toBe(0);
        expect(migrated.output).toMatch(
          /Migration CreateNotes\d{13} has been executed successfully/,
        );
        expect(migrated.output).toMatch(
          /Migration CreateArticles\d{13} has been executed successfully/,
        );
        expect(migrated.output).not.toMatch(/CreateUsers\d{13} has been executed/);

        // The TypeORM CLI finds nothing to generate: the migrations made what the entities describe.
        const drift = driftCheck(dir, env);
        expect(drift.status, drift.output).toBe(0);
        expect(drift.output).toContain('No changes in database schema were found');

        // Reverting the last migration and running it again leaves the users alone.
        expect(run('npm', ['run', 'migration:revert'], dir, env).status).toBe(0);
        expect(run('npm', ['run', 'migration:run'], dir, env).status).toBe(0);

        server = await startServer(dir, { ...env, MIGRATIONS_RUN: 'false' });
        const kept = await fetch(`${server.url}/users/${id}`);
        expect(kept.status).toBe(200);
        expect(await kept.json()).toMatchObject({ id, name: 'kept' });
        const notes = await fetch(`${server.url}/notes?q=nothing`);
        expect(notes.status).toBe(200);
        expect(await notes.json()).toEqual([]);
      },
      LONG,
    );
  },
);
