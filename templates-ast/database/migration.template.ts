// src/database/migrations/<timestamp>-create-<table>.ts: one table, its indexes and its search, as a TypeORM migration.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { Database } from '../../src/project/options.js';
import { pkgTypes } from '../_shared/pieces.js';
import { classOf, code, tsFile } from '../_shared/ts.js';
import { dialectOf, type TableSpec } from './sql-dialects.js';

/** Where migrations live, under the source folder. */
export const MIGRATIONS_FOLDER = 'database/migrations';
/** The list of migrations the app and the TypeORM CLI run, which `rest api` extends. */
export const MIGRATIONS_LIST = 'src/database/migrations.ts';

export interface MigrationFile {
  /** `CreateArticles1763890000000`: TypeORM orders migrations by the timestamp the name ends with. */
  className: string;
  path: string;
}

/** The file and class of the migration that creates `table` at `timestamp`. */
export function migrationFile(
  table: string,
  pluralPascal: string,
  timestamp: number,
): MigrationFile {
  return {
    className: `Create${pluralPascal}${timestamp}`,
    path: `src/${MIGRATIONS_FOLDER}/${timestamp}-create-${table.replace(/_/g, '-')}.ts`,
  };
}

const queries = (statements: string[]): string[] =>
  statements.map((statement) => `await queryRunner.query(\`${statement}\`);`);

export function migrationTemplate(
  database: Database,
  file: MigrationFile,
  table: TableSpec,
  docs: string,
): TypeScriptFile {
  const dialect = dialectOf(database);
  const runner = [{ name: 'queryRunner', type: 'QueryRunner' }];
  return tsFile(
    file.path,
    [pkgTypes('typeorm', 'MigrationInterface', 'QueryRunner')],
    [
      classOf({
        name: file.className,
        docs: [docs],
        implements: ['MigrationInterface'],
        properties: [{ name: 'name', initializer: `'${file.className}'` }],
        methods: [
          {
            name: 'up',
            isAsync: true,
            parameters: runner,
            returnType: 'Promise<void>',
            statements: code(...queries(dialect.up(table))),
          },
          {
            name: 'down',
            isAsync: true,
            parameters: runner,
            returnType: 'Promise<void>',
            statements: code(...queries(dialect.down(table))),
          },
        ],
      }),
    ],
  );
}
