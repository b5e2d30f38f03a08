// src/database/database-options.ts (the connection the app and the TypeORM CLI share) and src/database/data-source.ts (the CLI's).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { Database, ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { code, functionOf, tsFile } from '../_shared/ts.js';
import { MIGRATIONS_LIST } from './migration.template.js';

export const DATABASE_OPTIONS = 'src/database/database-options.ts';

/** What each database reads from the environment, and how it connects. */
const CONNECTIONS: Partial<
  Record<Database, { variable: string; imports: ReturnType<typeof pkg>[]; statements: string[] }>
> = {
  mysql: {
    variable: 'url',
    imports: [],
    statements: [
      'return {',
      "  // TypeORM's mysql driver (over mysql2) for MySQL 8 and MariaDB alike, mysql:// or mariadb:// URLs:",
      "  // ids stay varchar(36), as the migrations make them (its mariadb type wants MariaDB's uuid type).",
      "  type: 'mysql',",
      '  url,',
      "  charset: 'utf8mb4',",
      "  timezone: 'Z',",
      '  migrations: MIGRATIONS,',
      '};',
    ],
  },
  postgres: {
    variable: 'url',
    imports: [],
    statements: [
      'return {',
      "  type: 'postgres',",
      '  url,',
      '  // Ids come from gen_random_uuid() (PostgreSQL 13+), as the migrations create them: no extension.',
      "  uuidExtension: 'pgcrypto',",
      '  installExtensions: false,',
      '  migrations: MIGRATIONS,',
      '};',
    ],
  },
  sqlite: {
    variable: 'path',
    imports: [pkg('node:fs', 'mkdirSync'), pkg('node:path', 'dirname')],
    statements: [
      "if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });",
      'return {',
      "  type: 'better-sqlite3',",
      '  database: path,',
      '  migrations: MIGRATIONS,',
      '  // A write-ahead log: readers and the writer do not wait for each other (also across instances',
      '  // on one file), and a read takes no file lock, which halves the cost of each small query.',
      '  enableWAL: true,',
      '  // Sorts (ORDER BY without a matching index) in memory: by default SQLite writes each one to a',
      '  // temporary file, which made a sorted list page cost ten times its query.',
      '  prepareDatabase: (db: { pragma(statement: string): unknown }) => {',
      "    db.pragma('temp_store = MEMORY');",
      '  },',
      '};',
    ],
  },
};

function connectionOf(database: Database) {
  const connection = CONNECTIONS[database];
  if (!connection) throw new Error(`no TypeORM connection for ${database}`);
  return connection;
}

/** The environment variable that names the database. */
export const databaseVariable = (database: Database): string =>
  database === 'sqlite' ? 'DATABASE_PATH' : 'DATABASE_URL';

export function databaseOptionsTemplate(options: ProjectOptions): TypeScriptFile {
  const connection = connectionOf(options.database);
  return tsFile(
    DATABASE_OPTIONS,
    [
      ...connection.imports,
      pkgTypes('typeorm', 'DataSourceOptions'),
      { from: MIGRATIONS_LIST, named: ['MIGRATIONS'] },
    ],
    [
      functionOf({
        name: 'databaseOptions',
        docs: [
          'The connection of the app and of the TypeORM CLI. Tables change only through the migrations',
          '(src/database/migrations.ts): TypeORM never synchronises them from the entities.',
        ],
        parameters: [{ name: connection.variable, type: 'string' }],
        returnType: 'DataSourceOptions',
        statements: code(...connection.statements),
      }),
    ],
  );
}

/**
 * What the CLI's connection adds to the app's, per database: MySQL's reads MariaDB's default of a
 * nullable column as MySQL 8 reports it. Only the CLI compares schemas (migration:generate); the
 * app's connection stays as it is.
 */
const CLI_CONNECTIONS: Partial<Record<Database, { options: string[]; declarations: string[] }>> = {
  mysql: {
    options: ['  extra: { typeCast: nullDefault },'],
    declarations: [
      '',
      '/**',
      ' * MariaDB 10.2.7+ reports the default of a nullable column as the bare word NULL (text defaults',
      " * come quoted); TypeORM's mysql type reads it as the text 'NULL', and migration:generate would",
      ' * change every nullable column (dropping the search index on the way). MySQL 8 reports no',
      ' * default there (SQL NULL): read both alike, so the migrations and the entities agree on both.',
      ' */',
      'function nullDefault(',
      '  field: { name: string; string(): string | null },',
      '  next: () => unknown,',
      '): unknown {',
      "  if (field.name !== 'COLUMN_DEFAULT') return next();",
      '  const value = field.string();',
      "  return value === 'NULL' ? null : value;",
      '}',
    ],
  },
};

export function dataSourceTemplate(options: ProjectOptions): TypeScriptFile {
  const cli = CLI_CONNECTIONS[options.database] ?? { options: [], declarations: [] };
  return tsFile(
    'src/database/data-source.ts',
    [
      pkg('node:fs', 'existsSync'),
      pkg('node:path', 'join'),
      pkg('typeorm', 'DataSource'),
      use('environment', 'validateEnvironment'),
      { from: DATABASE_OPTIONS, named: ['databaseOptions'] },
    ],
    [
      code(
        '// The TypeORM CLI (npm run migration:run, :revert, :generate) reads the same .env as the app;',
        '// variables set in the environment win.',
        "if (existsSync('.env')) process.loadEnvFile('.env');",
        'const environment = validateEnvironment(process.env);',
        '',
        'export default new DataSource({',
        `  ...databaseOptions(environment.${databaseVariable(options.database)}),`,
        '  // migration:generate compares the compiled entities with the database.',
        "  entities: [join(__dirname, '..', '**', '*.entity.js')],",
        ...cli.options,
        '});',
        ...cli.declarations,
      ),
    ],
  );
}
