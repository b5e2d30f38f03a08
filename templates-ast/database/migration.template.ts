// src/database/migrations/<timestamp>-create-<table>.ts: one table, its indexes and its search, as a TypeORM migration.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { Database } from '../../src/model/project.js';
import { pkgTypes } from '../_shared/pieces.js';
import { classOf, code, tsFile } from '../_shared/ts.js';
import { dialectOf } from './sql-dialects.js';
import type { TableSpec } from './sql-tables.js';

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

/** Each statement as a literal: a template literal, or a quoted string for MySQL's backtick quotes. */
export const queries = (statements: string[]): string[] =>
  statements.map(
    (statement) =>
      `await queryRunner.query(${statement.includes('`') ? JSON.stringify(statement) : `\`${statement}\``});`,
  );

export function migrationTemplate(
  database: Database,
  file: MigrationFile,
  /** One table, or several created in order (a resource and its join tables). */
  table: TableSpec | TableSpec[],
  docs: string,
): TypeScriptFile {
  const dialect = dialectOf(database);
  const tables = Array.isArray(table) ? table : [table];
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
            statements: code(...queries(tables.flatMap(dialect.up))),
          },
          {
            name: 'down',
            isAsync: true,
            parameters: runner,
            returnType: 'Promise<void>',
            statements: code(...queries([...tables].reverse().flatMap(dialect.down))),
          },
        ],
      }),
    ],
  );
}
