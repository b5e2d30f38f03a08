// References and list filters in generated projects: lint, type-check, own tests, then HTTP and a count of SQL statements.
import { afterEach, describe, expect, it } from 'vitest';
import { mysqlDatabase } from '../e2e/project.js';
import { indexes } from './database-indexes.js';
import { newProject, postgresDatabase, rest, run, startServer, type Server } from './project.js';
import {
  client,
  createGraph,
  cursorPages,
  deletesFollowRules,
  expandAndFilter,
  nestedLists,
  pageStatements,
} from './references-walk.js';

const LONG = 900_000;

function database(name: 'sqlite' | 'postgres' | 'mysql'): {
  env: NodeJS.ProcessEnv;
  skip?: string;
} {
  if (name === 'sqlite') return { env: {} };
  const { url, reason } = (name === 'postgres' ? postgresDatabase : mysqlDatabase)(
    'restsmith_references',
  );
  if (reason && process.env[`RESTSMITH_REQUIRE_${name.toUpperCase()}`]) throw new Error(reason);
  return { env: url ? { DATABASE_URL: url } : {}, skip: reason };
}

/** category, tag, and an article that refers to both, listed under each, with an indexed number; notes. */
function addGraph(dir: string): void {
  for (const args of [
    ['category', '--fields', 'name'],
    ['tag', '--fields', 'label'],
    [
      'article',
      '--fields',
      'title category:ref:category tags:ref:tag[] views:number',
      '--nested',
      '--indexes',
      'views',
    ],
    // Cursor paging over an optional, indexed field: ties and NULLs.
    ['note', '--fields', 'title rank?:number', '--indexes', 'rank,title'],
  ]) {
    const added = rest(dir, 'api', ...args, '--yes');
    expect(added.status, added.output).toBe(0);
  }
}

describe.each(['sqlite', 'postgres', 'mysql'] as const)('references and filters on %s', (name) => {
  const { env, skip } = database(name);
  if (skip) console.warn(`skipped: references on ${name} (${skip})`);
  let server: Server | undefined;
  let dir = '';
  afterEach(() => server?.stop());

  it.skipIf(Boolean(skip))(
    'serves ids, expand in a fixed number of queries, and typed filters',
    async () => {
      dir = newProject(`references-${name}`, name);
      addGraph(dir);
      // The project's own lint, type-check and tests (its e2e walk the reference routes too).
      for (const [command, args] of [
        ['npm', ['run', 'lint']],
        ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
        ['npm', ['test']],
        ['npm', ['run', 'build']],
      ] as const) {
        const result = run(command, [...args], dir, env);
        expect(result.status, `${command} ${args.join(' ')}:\n${result.output}`).toBe(0);
      }

      server = await startServer(dir, {
        ...env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'trace',
        DOCS: 'true',
      });
      const call = client(server.url);
      const graph = await createGraph(call);
      await expandAndFilter(call, graph);
      const ten = await pageStatements(server, call);
      await nestedLists(server, call, graph, ten);
      // The OpenAPI document lists them, and the declared index is in the database.
      const docs = await call('GET', '/docs-json');
      const operation = docs.body.paths['/categories/{id}/articles'].get;
      expect(operation.tags).toEqual(['articles']);
      expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
        expect.arrayContaining(['id', 'q', 'views.gte', 'expand']),
      );
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '400', '404']),
      );
      expect(docs.body.paths['/tags/{id}/articles'].get).toBeDefined();
      expect(indexes(dir, name, env)).toMatch(/\bviews\b/);

      await deletesFollowRules(call, graph);
      await cursorPages(call);
    },
    LONG,
  );
});

describe('references on mongodb (no MongoDB server here: its database tests skip)', () => {
  it(
    "writes --nested lists and --indexes that pass the project's lint, type-check and unit tests, the delete rules' among them",
    () => {
      const dir = newProject('references-mongodb', 'mongodb');
      addGraph(dir);
      for (const [command, args] of [
        ['npm', ['run', 'lint']],
        ['npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
      ] as const) {
        const result = run(command, [...args], dir, { MONGODB_URI: undefined });
        expect(result.status, `${command} ${args.join(' ')}:\n${result.output}`).toBe(0);
      }
      const tests = run('npm', ['test'], dir, { MONGODB_URI: undefined });
      expect(tests.status, tests.output).toBe(0);
      expect(tests.output).toContain('PASS src/database/delete-rules.spec.ts');
      expect(tests.output).toContain('skipped: no MongoDB server');
    },
    LONG,
  );
});
