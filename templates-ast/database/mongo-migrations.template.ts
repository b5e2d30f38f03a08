// MongoDB's migrations: the shape of one (src/database/mongo-migration.ts), their list, the runner
// (src/database/migrate.ts, `npm run migration:run` / `:revert`) and one change of a collection's fields.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';
import { MIGRATIONS_LIST, type MigrationFile } from './migration.template.js';

export const MONGO_MIGRATION_TYPE = 'src/database/mongo-migration.ts';
export const MONGO_MIGRATE = 'src/database/migrate.ts';
/** Where the runner records the migrations that ran, one document each. */
const RECORDS = 'migrations';

/** The npm scripts that run the compiled runner. */
export const mongoMigrationScripts = (run: string): Record<string, string> => ({
  'migration:run': `${run} build && node dist/database/migrate.js`,
  'migration:revert': `${run} build && node dist/database/migrate.js revert`,
});

export function mongoMigrationTypeTemplate(): TypeScriptFile {
  return tsFile(
    MONGO_MIGRATION_TYPE,
    [pkgTypes('mongoose', 'mongo')],
    [
      interfaceOf({
        name: 'MongoMigration',
        docs: [
          'A change of the stored documents, run once by `npm run migration:run` (src/database/migrate.ts),',
          'which records its name in the `migrations` collection; `down` undoes it for `migration:revert`.',
        ],
        properties: [{ name: 'name', type: 'string', isReadonly: true }],
        methods: [
          {
            name: 'up',
            parameters: [{ name: 'db', type: 'mongo.Db' }],
            returnType: 'Promise<void>',
          },
          {
            name: 'down',
            parameters: [{ name: 'db', type: 'mongo.Db' }],
            returnType: 'Promise<void>',
          },
        ],
      }),
    ],
  );
}

/** The list, empty: `rest api` appends each migration it writes. */
export function mongoMigrationsTemplate(): TypeScriptFile {
  return tsFile(
    MIGRATIONS_LIST,
    [{ from: MONGO_MIGRATION_TYPE, types: ['MongoMigration'] }],
    [
      constant('MIGRATIONS', '[]', {
        type: '(new () => MongoMigration)[]',
        docs: [
          'Every migration, oldest first: `npm run migration:run` runs the ones the `migrations`',
          'collection does not record yet. `rest api` appends the ones it writes.',
        ],
      }),
    ],
  );
}

export function mongoMigrateTemplate(): TypeScriptFile {
  return tsFile(
    MONGO_MIGRATE,
    [
      pkg('node:fs', 'existsSync'),
      pkg('mongoose', 'createConnection'),
      pkgTypes('mongoose', 'mongo'),
      use('environment', 'validateEnvironment'),
      { from: MIGRATIONS_LIST, named: ['MIGRATIONS'] },
    ],
    [
      functionOf({
        name: 'migrate',
        isExported: false,
        isAsync: true,
        docs: [
          'Runs the pending migrations in order (or reverts the last one), each recorded as it ends, so',
          'that a failure leaves the ones before it done and is resumed by the next run.',
        ],
        parameters: [
          { name: 'db', type: 'mongo.Db' },
          { name: 'revert', type: 'boolean' },
        ],
        returnType: 'Promise<void>',
        statements: code(
          `const records = db.collection<{ name: string; runAt: Date }>('${RECORDS}');`,
          'const ran = new Set((await records.find().toArray()).map((record) => record.name));',
          'const migrations = MIGRATIONS.map((Migration) => new Migration());',
          'if (revert) {',
          '  const last = migrations.filter((migration) => ran.has(migration.name)).pop();',
          "  if (!last) return console.log('No migration to revert.');",
          '  await last.down(db);',
          '  await records.deleteOne({ name: last.name });',
          '  return console.log(`Migration ${last.name} has been reverted.`);',
          '}',
          'for (const migration of migrations.filter((found) => !ran.has(found.name))) {',
          '  await migration.up(db);',
          '  await records.insertOne({ name: migration.name, runAt: new Date() });',
          '  console.log(`Migration ${migration.name} has been executed.`);',
          '}',
        ),
      }),
      code(
        '// Reads the same .env as the app; variables set in the environment win.',
        "if (existsSync('.env')) process.loadEnvFile('.env');",
        'const uri = validateEnvironment(process.env).MONGODB_URI;',
        'if (!uri) {',
        "  console.error('MONGODB_URI is not set: set it in .env to the database to migrate');",
        '  process.exit(1);',
        '}',
        'const connection = createConnection(uri);',
        'connection',
        '  .asPromise()',
        "  .then(() => migrate(connection.db!, process.argv[2] === 'revert'))",
        '  .catch((error: unknown) => {',
        '    console.error(error);',
        '    process.exitCode = 1;',
        '  })',
        '  .finally(() => connection.close());',
      ),
    ],
  );
}

/** A collection's fields renamed (`$rename`, values kept) or removed (`$unset`) in its stored documents. */
export interface CollectionChange {
  collection: string;
  renames: ReadonlyMap<string, string>;
  removed: string[];
}

const updateMany = (collection: string, field: string, update: string) =>
  `await db.collection('${collection}').updateMany({ ${field}: { $exists: true } }, ${update});`;

export function mongoAlterMigrationTemplate(
  file: MigrationFile,
  change: CollectionChange,
  docs: string,
): TypeScriptFile {
  const { collection } = change;
  const renames = [...change.renames];
  const up = [
    ...renames.map(([from, to]) =>
      updateMany(collection, from, `{ $rename: { ${from}: '${to}' } }`),
    ),
    ...change.removed.map((field) => updateMany(collection, field, `{ $unset: { ${field}: '' } }`)),
  ];
  const down = [
    ...renames.map(([from, to]) => updateMany(collection, to, `{ $rename: { ${to}: '${from}' } }`)),
    ...(change.removed.length > 0
      ? ['// The removed values are gone: the fields come back empty, as an added field would.']
      : []),
  ];
  const method = (name: string, lines: string[], used: boolean) => ({
    name,
    isAsync: true,
    parameters: used ? [{ name: 'db', type: 'mongo.Db' }] : [],
    returnType: 'Promise<void>',
    statements: code(...lines),
  });
  return tsFile(
    file.path,
    [pkgTypes('mongoose', 'mongo'), { from: MONGO_MIGRATION_TYPE, types: ['MongoMigration'] }],
    [
      classOf({
        name: file.className,
        docs: [docs],
        implements: ['MongoMigration'],
        properties: [{ name: 'name', isReadonly: true, initializer: `'${file.className}'` }],
        methods: [method('up', up, true), method('down', down, renames.length > 0)],
      }),
    ],
  );
}
