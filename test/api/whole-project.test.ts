// `rest api` on real generated projects: their lint, type-check and tests, then HTTP against the running server.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { masterKeyOf } from '../e2e/project.js';
import { chromiumMissing, operationsShownAt } from './openapi-checks.js';
import { newProject, postgresDatabase, rest, run, startServer } from './project.js';
import { walk } from './whole-project-walk.js';

const LONG = 900_000;

/** The resources the issue asks for: one public with every method, one owned with mixed access and every field type. */
const RESOURCES = [
  ['note', '--fields', 'title:string body:text'],
  [
    'post',
    '--fields',
    'title:string content:text published:boolean views?:number tags:string[] publishedAt:date',
    '--owner',
    'author',
    '--admin',
    'DELETE',
    '--master',
    'GET ONE',
  ],
  // The specification's own example.
  ['article', '--fields', 'title:string content:string', '--user', 'POST'],
];

function addResources(dir: string): void {
  for (const [name, ...flags] of RESOURCES) {
    const added = rest(dir, 'api', name!, ...flags, '--yes');
    expect(added.output, added.output).toContain('API ready at');
    expect(added.status).toBe(0);
  }
}

/** Lint, type-check and the project's own tests (unit and e2e, which walk every route and permission). */
function checkProject(dir: string, env: NodeJS.ProcessEnv = {}): string {
  let output = '';
  for (const [command, args] of [
    ['npm', ['run', 'lint']],
    ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    ['npm', ['test']],
  ] as const) {
    const result = run(command, [...args], dir, env);
    expect(result.status, `${command} ${args.join(' ')}:\n${result.output}`).toBe(0);
    output += result.output;
  }
  return output;
}

describe.each(['sqlite', 'postgres'])('rest api on a generated %s project', (database) => {
  let dir: string;
  let env: NodeJS.ProcessEnv = {};
  let skip: string | undefined;

  beforeAll(() => {
    if (database === 'postgres') {
      const postgres = postgresDatabase('restsmith_api_test');
      if (!postgres.url) {
        if (process.env.RESTSMITH_REQUIRE_POSTGRES) throw new Error(postgres.reason);
        skip = postgres.reason;
        return;
      }
      env = { DATABASE_URL: postgres.url };
    }
    dir = newProject(`api-${database}`, database);
    addResources(dir);
  }, LONG);

  it(
    'keeps the project clean: lint, type-check and its tests (every route and permission) pass',
    (context) => {
      if (skip) return context.skip(`skipped: ${skip}`);
      checkProject(dir, env);
    },
    LONG,
  );

  it(
    'serves every route and permission case over HTTP',
    async (context) => {
      if (skip) return context.skip(`skipped: ${skip}`);
      const built = run('npm', ['run', 'build'], dir);
      expect(built.status, built.output).toBe(0);
      const server = await startServer(dir, env);
      try {
        await walk(server, masterKeyOf(dir));
      } finally {
        await server.stop();
      }
    },
    LONG,
  );

  it.runIf(database === 'sqlite')(
    'lists every operation on its /docs page in headless Chromium',
    async (context) => {
      const missing = chromiumMissing();
      if (missing && process.env.RESTSMITH_REQUIRE_CHROMIUM) throw new Error(missing);
      if (missing) return context.skip(`skipped: ${missing}`);
      if (!existsSync(join(dir, 'dist/main.js'))) {
        const built = run('npm', ['run', 'build'], dir);
        expect(built.status, built.output).toBe(0);
      }
      const server = await startServer(dir, env);
      try {
        const shown = await operationsShownAt(`${server.url}/docs`);
        expect(shown).toEqual(
          expect.arrayContaining([
            'POST /auth',
            'GET /users',
            'GET /notes',
            'POST /notes',
            'GET /notes/{id}',
            'DELETE /posts/{id}',
            'POST /articles',
          ]),
        );
      } finally {
        await server.stop();
      }
    },
    LONG,
  );
});

describe('rest api on a generated mongodb project (no MongoDB server here: database tests skip)', () => {
  it(
    'keeps the project clean: lint, type-check, and the tests that can run',
    () => {
      const dir = newProject('api-mongodb', 'mongodb');
      addResources(dir);
      // MONGODB_URI unset: the project's tests look for a mongod, find none here, and say they skip.
      const output = checkProject(dir, { MONGODB_URI: undefined });
      expect(output).toContain('skipped: no MongoDB server');
    },
    LONG,
  );
});
