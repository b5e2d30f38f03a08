// `rest new` end to end: generate (engine API), install, lint, type-check, the project's own tests, then HTTP on dev and prod.
import { beforeAll, describe, expect, it } from 'vitest';
import { checkProject, lintAndTypes, passed, serveAndWalk } from './checks.js';
import { walkContract } from './contract.js';
import {
  generate,
  install,
  mysqlDatabase,
  secretsOf,
  postgresDatabase,
  run,
  startScript,
} from './project.js';

const LONG = 1_200_000;
const UUID = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';

describe('rest new --database sqlite', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await generate('e2e-sqlite', 'sqlite');
    passed('npm install', install(dir));
  }, LONG);

  it(
    'passes its own lint, type-check and tests',
    () => {
      const tests = checkProject(dir);
      expect(tests.output).toMatch(/Tests:\s+\d+ passed, \d+ total/);
      expect(tests.output).not.toMatch(/skipped/);
    },
    LONG,
  );

  it(
    'serves the HTTP contract with npm run dev and npm run prod',
    async () => {
      await serveAndWalk(dir, 'e2e-sqlite', UUID);
    },
    LONG,
  );

  it(
    'writes its OpenAPI document and an offline page with npm run docs',
    () => {
      passed('npm run docs', run('npm', ['run', 'docs'], dir));
      const page = run('grep', ['-c', 'SwaggerUIBundle', 'docs/index.html'], dir);
      expect(Number(page.output)).toBeGreaterThan(0);
      const openapi = run(
        'node',
        ['-e', "console.log(Object.keys(require('./docs/openapi.json').paths).join(' '))"],
        dir,
      );
      expect(openapi.output.trim().split(' ')).toEqual(
        expect.arrayContaining([
          '/users',
          '/users/me',
          '/users/{id}',
          '/users/{id}/password',
          '/auth',
        ]),
      );
    },
    LONG,
  );
});

const postgres = postgresDatabase('restsmith_e2e_new');
const requirePostgres = Boolean(process.env.RESTSMITH_REQUIRE_POSTGRES);
if (postgres.reason && !requirePostgres) {
  console.warn(`skipped: rest new --database postgres (${postgres.reason})`);
}

describe.skipIf(Boolean(postgres.reason) && !requirePostgres)(
  'rest new --database postgres',
  () => {
    let dir: string;
    const env = { DATABASE_URL: postgres.url };

    beforeAll(async () => {
      if (postgres.reason)
        throw new Error(`RESTSMITH_REQUIRE_POSTGRES is set but ${postgres.reason}`);
      dir = await generate('e2e-postgres', 'postgres');
      passed('npm install', install(dir, generatedDir('e2e-sqlite')));
    }, LONG);

    // Its own tests run on PostgreSQL in test/api/references.test.ts and whole-project.test.ts, on
    // projects of these options with resources; the users' specs run there as here.
    it(
      'passes its own lint and type-check',
      () => {
        lintAndTypes(dir);
      },
      LONG,
    );

    it(
      'serves the HTTP contract with npm run dev and npm run prod',
      async () => {
        await serveAndWalk(dir, 'e2e-postgres', UUID, env);
      },
      LONG,
    );

    it(
      'creates the database DATABASE_URL names when it is missing, and says in one line when the server does not answer (issue 31.2)',
      async () => {
        const fresh = postgresDatabase('restsmith_e2e_new_missing');
        run(
          'psql',
          [
            '-h',
            '127.0.0.1',
            '-U',
            'postgres',
            '-c',
            `DROP DATABASE ${new URL(fresh.url!).pathname.slice(1)}`,
          ],
          dir,
        );
        const server = await startScript(dir, 'prod', { DATABASE_URL: fresh.url });
        await server.stop();
        const down = run('node', ['dist/main.js'], dir, {
          DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
          NODE_ENV: 'production',
        });
        expect(down.status).not.toBe(0);
        // One line, JSON as every production line (issue 29.4), saying what to do.
        const lines = down.output.trim().split('\n');
        expect(lines, down.output).toHaveLength(1);
        expect((JSON.parse(lines[0]!) as { level: number; msg: string }).msg).toBe(
          'cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED, 5 tries): start it, or set DATABASE_URL in .env to a server that runs',
        );
      },
      LONG,
    );

    it(
      "runs its tests on .env's database with _test, made when missing, and fails (never skips) when the server does not answer (issue 31.2)",
      () => {
        const psql = (sql: string) =>
          run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-tAc', sql], dir);
        // .env names e2e_postgres (the folder's name): the tests take e2e_postgres_test, not it.
        psql('DROP DATABASE IF EXISTS e2e_postgres_test');
        const own = run('npm', ['test', '--', 'test/users.e2e-spec.ts'], dir, {
          DATABASE_URL: undefined,
        });
        expect(own.status, own.output).toBe(0);
        expect(own.output).not.toMatch(/skipped/);
        expect(
          psql("SELECT 1 FROM pg_database WHERE datname = 'e2e_postgres_test'").output.trim(),
        ).toBe('1');

        const down = run('npm', ['test', '--', 'test/users.e2e-spec.ts'], dir, {
          DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
        });
        expect(down.status).not.toBe(0);
        expect(down.output).toContain(
          'cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED, 5 tries): start it, or set DATABASE_URL in .env to a server that runs',
        );
        expect(down.output).not.toMatch(/skipped|Tests:.*passed/);
      },
      LONG,
    );
  },
);

const mysql = mysqlDatabase('restsmith_e2e_new');
const requireMysql = Boolean(process.env.RESTSMITH_REQUIRE_MYSQL);
if (mysql.reason && !requireMysql) {
  console.warn(`skipped: rest new --database mysql (${mysql.reason})`);
}

describe.skipIf(Boolean(mysql.reason) && !requireMysql)('rest new --database mysql', () => {
  let dir: string;

  beforeAll(async () => {
    if (mysql.reason) throw new Error(`RESTSMITH_REQUIRE_MYSQL is set but ${mysql.reason}`);
    dir = await generate('e2e-mysql', 'mysql');
    passed('npm install', install(dir, generatedDir('e2e-sqlite')));
  }, LONG);

  // Its own tests run on MariaDB in test/api/references.test.ts and resource-edit-installed.test.ts,
  // on projects of these options with resources.
  it(
    'passes its own lint and type-check',
    () => {
      lintAndTypes(dir);
    },
    LONG,
  );

  it(
    'serves the HTTP contract with npm run prod on an empty database, its migrations applied',
    async () => {
      const empty = mysqlDatabase('restsmith_e2e_new_prod');
      const server = await startScript(dir, 'prod', { DATABASE_URL: empty.url });
      try {
        expect(server.listening).toMatch(/^e2e-mysql listening on .*, in production mode$/);
        await walkContract(server.url, secretsOf(dir), UUID);
      } finally {
        await server.stop();
      }
      const tables = run(
        'mysql',
        ['-uroot', '-h127.0.0.1', '-N', '-e', 'SHOW TABLES', new URL(empty.url!).pathname.slice(1)],
        dir,
      );
      expect(tables.output.split('\n').sort()).toEqual(
        expect.arrayContaining(['migrations', 'users']),
      );
    },
    LONG,
  );
});

describe('rest new --database mongodb', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await generate('e2e-mongodb', 'mongodb');
    passed('npm install', install(dir, generatedDir('e2e-sqlite')));
  }, LONG);

  // Its unit tests, and its database tests saying "skipped: no MongoDB server", run in
  // test/api/whole-project.test.ts and references.test.ts on projects of these options with resources.
  it(
    'passes its own lint and type-check',
    () => {
      lintAndTypes(dir);
    },
    LONG,
  );
});

function generatedDir(name: string): string {
  return `${import.meta.dirname}/../../.tmp/e2e-new/${name}`;
}
