// `rest new --http fastify` end to end: sqlite (with a resource added by `rest api`) and PostgreSQL projects on
// @nestjs/platform-fastify pass their own lint, type-check and tests; the sqlite one is walked over HTTP.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkProject, lintAndTypes, passed, serveAndWalk } from './checks.js';
import { rest } from '../api/project.js';
import { generate, install, postgresDatabase, run, work } from './project.js';

const LONG = 1_200_000;
const UUID = '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';

describe('rest new --database sqlite --http fastify', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await generate('e2e-fastify-sqlite', 'sqlite', { http: 'fastify' });
    passed('npm install', install(dir, join(work, 'e2e-sqlite')));
  }, LONG);

  it(
    'passes its own lint and type-check before rest api adds a resource, and its tests after',
    () => {
      // The tests after hold every test before (users, auth, health...) and the article's.
      lintAndTypes(dir);
      passed(
        'rest api article',
        rest(
          dir,
          'api',
          'article',
          '--fields',
          'title:string views?:number',
          '--owner',
          'author',
          '--yes',
        ),
      );
      const tests = checkProject(dir);
      expect(tests.output).toMatch(/articles/i);
      expect(tests.output).not.toMatch(/skipped/);
    },
    LONG,
  );

  it(
    'serves the HTTP contract with npm run dev and npm run prod',
    async () => {
      await serveAndWalk(dir, 'e2e-fastify-sqlite', UUID);
    },
    LONG,
  );

  it(
    'writes its OpenAPI document with npm run docs',
    () => {
      passed('npm run docs', run('npm', ['run', 'docs'], dir));
    },
    LONG,
  );
});

const postgres = postgresDatabase('restsmith_e2e_fastify');

describe.skipIf(Boolean(postgres.reason))('rest new --database postgres --http fastify', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await generate('e2e-fastify-postgres', 'postgres', { http: 'fastify' });
    passed('npm install', install(dir, join(work, 'e2e-fastify-sqlite')));
  }, LONG);

  // Its own tests on PostgreSQL and Fastify run in the combination matrix (test/matrix), whose first
  // project of each database runs npm test, and whose rows pair every database with each platform.
  it(
    'passes its own lint and type-check',
    () => {
      lintAndTypes(dir);
    },
    LONG,
  );
});
