// test/global-setup.ts and test/global-teardown.ts: find (and make) the database the tests run on.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';
import { DATABASE_OPTIONS } from '../database/data-source.template.js';
import { DATABASE_READY } from '../database/database-ready.template.js';

export function globalSetupTemplate(options: ProjectOptions): TypeScriptFile {
  return options.database === 'mongodb' ? mongoSetup() : sqlSetup(SERVERS[options.database]);
}

/** The server the database tests need, by name. */
const SERVERS: Partial<Record<ProjectOptions['database'], string>> = {
  mysql: 'MySQL or MariaDB',
  postgres: 'PostgreSQL',
};

function sqlSetup(server = 'SQL'): TypeScriptFile {
  return tsFile(
    'test/global-setup.ts',
    [
      { from: 'node:fs', named: ['existsSync', 'readFileSync'] },
      { from: 'node:path', named: ['join'] },
      { from: 'node:util', named: ['parseEnv'] },
      pkg('typeorm', 'DataSource'),
      { from: DATABASE_OPTIONS, named: ['databaseOptions'] },
      { from: DATABASE_READY, named: ['ensureDatabase'] },
    ],
    [
      functionOf({
        name: 'globalSetup',
        isExported: false,
        isAsync: true,
        docs: [
          'Database tests run on DATABASE_URL when it is set, else on a database of their own beside the one',
          '.env names (its name with `_test`), so that a test run never touches the development data. It is',
          'created when missing and migrated here once (the test files share it). A server that does not',
          'answer fails the run with one line: tests that need a database never skip in silence.',
        ],
        returnType: 'Promise<void>',
        statements: code(
          'const url = process.env.DATABASE_URL ?? testDatabaseUrl();',
          'if (!url) {',
          `  throw new Error('no ${server} database for the tests: set DATABASE_URL in .env or in the environment');`,
          '}',
          'process.env.DATABASE_URL = url;',
          'await ensureDatabase(url);',
          'const database = await new DataSource(databaseOptions(url)).initialize();',
          'await database.runMigrations();',
          'await database.destroy();',
        ),
      }),
      functionOf({
        name: 'testDatabaseUrl',
        isExported: false,
        docs: [
          "`.env`'s DATABASE_URL with `_test` after the database's name (my_api -> my_api_test).",
        ],
        returnType: 'string | undefined',
        statements: code(
          "const file = join(__dirname, '..', '.env');",
          'if (!existsSync(file)) return undefined;',
          "const configured = parseEnv(readFileSync(file, 'utf8')).DATABASE_URL;",
          'if (!configured) return undefined;',
          'const url = new URL(configured);',
          "url.pathname = `${url.pathname.replace(/\\/+$/, '')}_test`;",
          'return url.toString();',
        ),
      }),
      'export default globalSetup;',
    ],
  );
}

function mongoSetup(): TypeScriptFile {
  return tsFile(
    'test/global-setup.ts',
    [pkg('mongodb-memory-server', 'MongoMemoryServer')],
    [
      functionOf({
        name: 'globalSetup',
        isExported: false,
        isAsync: true,
        docs: [
          'Database tests run on MONGODB_URI, else on a mongod of mongodb-memory-server; when neither',
          'can run (no server, no download), they are skipped, and say so.',
        ],
        returnType: 'Promise<void>',
        statements: code(
          'if (process.env.MONGODB_URI) return;',
          'try {',
          '  const server = await MongoMemoryServer.create();',
          '  process.env.MONGODB_URI = server.getUri();',
          '  (globalThis as { mongod?: MongoMemoryServer }).mongod = server;',
          '} catch (error) {',
          "  process.env.TEST_DATABASE_SKIP = 'no MongoDB server';",
          "  const reason = error instanceof Error ? error.message.split('\\n')[0] : String(error);",
          '  console.warn(`\\nskipped: no MongoDB server (${reason}); set MONGODB_URI to run the database tests\\n`);',
          '}',
        ),
      }),
      'export default globalSetup;',
    ],
  );
}

/** Only MongoDB starts a server of its own, which must be stopped. */
export function globalTeardownTemplate(): TypeScriptFile {
  return tsFile(
    'test/global-teardown.ts',
    [{ from: 'mongodb-memory-server', types: ['MongoMemoryServer'] }],
    [
      functionOf({
        name: 'globalTeardown',
        isExported: false,
        isAsync: true,
        returnType: 'Promise<void>',
        statements: code('await (globalThis as { mongod?: MongoMemoryServer }).mongod?.stop();'),
      }),
      'export default globalTeardown;',
    ],
  );
}
