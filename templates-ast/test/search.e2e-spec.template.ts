// test/search.e2e-spec.ts: `q` on the users list: bounded, Unicode case folding, answered by the database's text index.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type Database, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { listAnswer, testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';
import { userModelPath } from '../users/user.entity.template.js';

/**
 * Test code: every statement a DataSource runs from now on, through a repository, a transaction, a
 * query runner or a connection of its pool (a PostgreSQL search, sent with its bound's settings), as
 * TypeORM's logger is handed it, handed to \`watch\` first; the function returned stops watching.
 */
export const WATCH_STATEMENTS = `
function watchStatements(database: DataSource, watch: (sql: string, parameters: unknown[]) => void): () => void {
  const { logger } = database;
  const logQuery = logger.logQuery.bind(logger);
  logger.logQuery = (sql: string, parameters?: unknown[], runner?: QueryRunner) => {
    watch(sql, parameters ?? []);
    logQuery(sql, parameters, runner);
  };
  // The logger's own method, from its class, again.
  return () => Reflect.deleteProperty(logger, 'logQuery');
}`;

/** How each database shows that a search reads its text index. */
const PLANS: Partial<Record<Database, string>> = {
  postgres: `
/** The plan of a query with sequential scans ruled out, as on a table too big to read whole. */
async function planOf(database: DataSource, sql: string, parameters: unknown[]): Promise<string> {
  // The statement without the bound's settings sent with it (SET LOCAL ...;), which EXPLAIN cannot take.
  const statement = sql.replace(/^(SET LOCAL [^;]*; )+/, '');
  const runner = database.createQueryRunner();
  try {
    await runner.query('SET enable_seqscan = off');
    const rows: { 'QUERY PLAN': string }[] = await runner.query(\`EXPLAIN \${statement}\`, parameters);
    await runner.query('RESET enable_seqscan');
    return rows.map((row) => row['QUERY PLAN']).join('\\n');
  } finally {
    await runner.release();
  }
}

const INDEX_SCAN = /Bitmap Index Scan on "?IDX_users_(name|email)_search/;`,
  mysql: `
async function planOf(database: DataSource, sql: string, parameters: unknown[]): Promise<string> {
  // The statement without the bound MariaDB runs it under (SET STATEMENT ... FOR), which EXPLAIN cannot take.
  const statement = sql.replace(/^SET STATEMENT .*? FOR /, '');
  const rows: { key: string | null; type: string }[] = await database.query(\`EXPLAIN \${statement}\`, parameters);
  return rows.map((row) => \`\${row.type} \${row.key}\`).join('\\n');
}

/** The FULLTEXT index answers the MATCH. */
const INDEX_SCAN = /fulltext IDX_users_search/;`,
  sqlite: `
async function planOf(database: DataSource, sql: string, parameters: unknown[]): Promise<string> {
  const rows: { detail: string }[] = await database.query(\`EXPLAIN QUERY PLAN \${sql}\`, parameters);
  return rows.map((row) => row.detail).join('\\n');
}

/** The FTS5 trigram table answers the MATCH from its index. */
const INDEX_SCAN = /SCAN users_search VIRTUAL TABLE INDEX/;`,
};

export function searchE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  return tsFile(
    'test/search.e2e-spec.ts',
    [
      appTypeImport(options),
      pkg('@nestjs/typeorm', 'getRepositoryToken'),
      pkg('typeorm', 'DataSource'),
      pkgTypes('typeorm', 'QueryRunner', 'Repository'),
      ...testHttp(options).imports,
      { from: userModelPath(options), named: ['User'] },
      { from: 'src/users/user.view.ts', named: ['USER_LIST'] },
      use('findPage', 'findPage'),
      use('listQuery', 'parseListQuery'),
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      { from: 'test/app.ts', named: ['MASTER_KEY', 'newRun', 'signUp'], types: ['SignedUp'] },
    ],
    [
      block(`${WATCH_STATEMENTS}
${PLANS[options.database] ?? ''}

describeWithDatabase('q, the search of list routes (e2e)', () => {
  const run = newRun();
  let app: ${platform.app};
  let admin: SignedUp;
  const list = (q: string) =>
    ${testHttp(options).client}.get('/users').query({ q, limit: 100, access_token: admin.token });

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUp(app, \`admin-\${run}@example.com\`, 'admin');
    await ${testHttp(options).client}
      .post('/users')
      .send({ access_token: MASTER_KEY, email: \`elan-\${run}@example.com\`${hasPassword(options) ? ", password: 'secret-word'" : ''}, name: \`Élan \${run}\` })
      .expect(201);
  });

  afterAll(async () => {
    await app.close();
  });

  it('finds names whatever their case, accented letters included', async () => {
    for (const q of [\`élan \${run}\`, \`ÉLAN \${run.toUpperCase()}\`]) {
      const response = await list(q).expect(200);
      expect(${listAnswer(options.envelope).rows('response')}.map((user: { name: string }) => user.name)).toEqual([\`Élan \${run}\`]);
    }
  });

  it('answers 400 to a q under 3 or over 100 characters, naming the limit', async () => {
    for (const q of ['ab', \`\${'a'.repeat(1_000)}b\`]) {
      const response = await list(q).expect(400);
      expect(response.body.message).toBe('q must be from 3 to 100 characters long');
    }
    // Past 4,096 characters the whole URL is refused, before any route reads it.
    const tooLong = await list(\`\${'a'.repeat(15_000)}b\`).expect(414);
    expect(tooLong.body.message).toMatch(/at most 4096 characters/);
  });

  it("reads the database's text index, not every row", async () => {
    const users = app.get<Repository<User>>(getRepositoryToken(User));
    const statements: [string, unknown[]][] = [];
    // The statements findPage runs, handed over as they go to the database.
    const unwatch = watchStatements(app.get(DataSource), (sql, parameters) => {
      statements.push([sql, parameters]);
    });
    try {
      await findPage(users, parseListQuery({ q: 'élan' }, USER_LIST), USER_LIST);
    } finally {
      unwatch();
    }
    // The page's statement: the one that searches (others may read the database's version, set
    // the search's bound or, on PostgreSQL, ask the planner how many rows it expects).
    const [sql, parameters] = statements.find(
      ([text, values]) => !text.startsWith('EXPLAIN') && values.some((value) => String(value).includes('lan')),
    )!;
    expect(await planOf(app.get(DataSource), sql, parameters)).toMatch(INDEX_SCAN);
  });
});
`),
    ],
  );
}
