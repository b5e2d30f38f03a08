// test/list-cache.e2e-spec.ts of a sqlite or postgres project: a kept list page is used only while the database has not changed.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { listAnswer, testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';
import { userModelPath } from '../users/user.entity.template.js';
import { WATCH_STATEMENTS } from './search.e2e-spec.template.js';

/** Another instance of the app writes through its own connections (PostgreSQL). */
const OTHER_CONNECTION = `
    // Another connection to the database, as another instance of the app has.
    const other = await new DataSource({ ...app.get(DataSource).options, migrationsRun: false }).initialize();
    try {
      await rename(other, \`Moved \${run}\`, \`Elsewhere \${run}\`);
    } finally {
      await other.destroy();
    }
    expect(await names(\`moved \${run}\`)).toEqual([]);
    expect(await names(\`elsewhere \${run}\`)).toEqual([\`Elsewhere \${run}\`]);`;

export function listCacheE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  const client = testHttp(options).client;
  /** Signs up a user named `name` (the text of a template literal that holds \${run}). */
  const create = (email: string, name: string) =>
    `await ${client}.post('/users').send({ access_token: MASTER_KEY, email: \`${email}-\${run}@example.com\`${hasPassword(options) ? ", password: 'list-cache-secret'" : ''}, name: \`${name}\` }).expect(201);`;
  return tsFile(
    'test/list-cache.e2e-spec.ts',
    [
      appTypeImport(options),
      pkg('typeorm', 'DataSource'),
      pkgTypes('typeorm', 'QueryRunner'),
      ...testHttp(options).imports,
      { from: userModelPath(options), named: ['User'] },
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      { from: 'test/app.ts', named: ['MASTER_KEY', 'newRun', 'signUp'], types: ['SignedUp'] },
    ],
    [
      block(`${WATCH_STATEMENTS}

describeWithDatabase('kept list pages (e2e)', () => {
  const run = newRun();
  let app: ${platform.app};
  let admin: SignedUp;
  /** The names the users list answers for q (pages of \`limit\` rows). */
  const names = async (q: string, limit = 10): Promise<string[]> => {
    const response = await ${client}.get('/users').query({ q, limit, access_token: admin.token }).expect(200);
    return ${listAnswer(options.envelope).rows('response')}.map((user: { name: string }) => user.name);
  };
  /** A change made in SQL, past the app's repositories. */
  const rename = (database: DataSource, from: string, to: string) =>
    database.createQueryBuilder().update(User).set({ name: to }).where('name = :from', { from }).execute();

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUp(app, \`admin-\${run}@example.com\`, 'admin');
    ${create('kept', 'Kept ${run}')}
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers the same list again without reading the table', async () => {
    // Any write to the database, by this app or another (other spec files, other projects on the
    // same server), rightly empties the kept pages; a round of three asks for a page not asked
    // before (its own limit) is tried until one runs with the database still: it reads the table once.
    let searches = 0;
    const unwatch = watchStatements(app.get(DataSource), (sql, values) => {
      // A plan (PostgreSQL's estimate of a search's matches) reads no row.
      if (!sql.startsWith('EXPLAIN') && values.some((value) => String(value).includes(run))) searches += 1;
    });
    try {
      const rounds: number[] = [];
      for (let round = 0; round < 20 && !rounds.includes(1); round += 1) {
        searches = 0;
        for (let ask = 0; ask < 3; ask += 1) {
          expect(await names(\`kept \${run}\`, 20 + round)).toEqual([\`Kept \${run}\`]);
        }
        rounds.push(searches);
      }
      // The reads of the table, round by round: without kept pages, three in each.
      expect(rounds).toContain(1);
    } finally {
      unwatch();
    }
  });

  it('answers a change at once, made in SQL, through the app or by another connection', async () => {
    expect(await names(\`kept \${run}\`)).toEqual([\`Kept \${run}\`]);
    await rename(app.get(DataSource), \`Kept \${run}\`, \`Moved \${run}\`);
    expect(await names(\`kept \${run}\`)).toEqual([]);
    expect(await names(\`moved \${run}\`)).toEqual([\`Moved \${run}\`]);
    ${create('kept-too', 'Kept ${run} too')}
    expect(await names(\`kept \${run}\`)).toEqual([\`Kept \${run} too\`]);${options.database === 'postgres' ? OTHER_CONNECTION : ''}
  });
});
`),
    ],
  );
}
