// src/database/find-by-id.ts: findOneBy({ id }) with its statement built once, run on the driver's own connection, and rows hydrated as TypeORM does.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { Database } from '../../src/model/project.js';
import type { InterfaceDeclarationStructure } from 'ts-morph';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, functionOf, interfaceOf, tsFile, typeAlias } from '../_shared/ts.js';

export const FIND_BY_ID = 'src/database/find-by-id.ts';

export function findByIdTemplate(database: Exclude<Database, 'mongodb'>): TypeScriptFile {
  return tsFile(
    FIND_BY_ID,
    [
      pkg('typeorm', 'QueryFailedError'),
      pkgTypes('typeorm', 'DataSource', 'ObjectLiteral', 'Repository', 'SelectQueryBuilder'),
    ],
    [
      typeAlias('Column', "Repository<ObjectLiteral>['metadata']['columns'][number]"),
      typeAlias('Row', 'Record<string, unknown>', false),
      DRIVERS[database],
      functionOf({
        name: 'findByIdQuery',
        docs: [
          '`repository.findOneBy({ id })` for the reads that run on every request: a GET by id, and the',
          'user of every signed-in request (JwtStrategy). TypeORM builds, escapes and parses the same',
          'statement on each call, several times the cost of running it; this builds it once, with',
          "TypeORM's own query builder, runs it with `rowReader` and hydrates the row as TypeORM does.",
          "The entity's own columns only: like findOneBy, it loads no relation.",
        ],
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [{ name: 'repository', type: 'Repository<T>' }],
        returnType: '(id: string) => Promise<T | null>',
        statements: code(
          'const columns = entityColumns(repository);',
          'let read: ((id: string) => Promise<Row | undefined>) | undefined;',
          'return async (id: string): Promise<T | null> => {',
          '  // Built on first use, once the connection is open; the driver quotes names and placeholders.',
          '  read ??= rowReader(',
          '    repository.manager.connection,',
          "    selectColumns(repository, columns).where('item.id = :id', { id }).limit(1).getQueryAndParameters()[0],",
          '  );',
          '  const row = await read(id);',
          '  return row === undefined ? null : toEntity(repository, columns, row);',
          '};',
        ),
      }),
      functionOf({
        name: 'rowReader',
        docs: [
          "The first row of `statement` for an id, read as TypeORM's `repository.query` reads it (logged",
          'with its value apart; a failure logged, then thrown as a QueryFailedError) but on the',
          "driver's own connection: the query runner that `repository.query` takes and releases for each",
          'statement, with its query events and result objects, costs a tenth of the CPU of a read.',
        ],
        parameters: [
          { name: 'dataSource', type: 'DataSource' },
          { name: 'statement', type: 'string' },
        ],
        returnType: '(id: string) => Promise<Row | undefined>',
        statements: code(
          'const { driver, logger } = dataSource;',
          ...FIRST_ROW[database],
          'return async (id: string): Promise<Row | undefined> => {',
          '  logger.logQuery(statement, [id]);',
          '  try {',
          '    return await first(id);',
          '  } catch (error) {',
          '    logger.logQueryError(error as Error, statement, [id]);',
          '    throw new QueryFailedError(statement, [id], error as Error);',
          '  }',
          '};',
        ),
      }),
      functionOf({
        name: 'entityColumns',
        docs: [
          "The columns TypeORM reads into an entity: its own, a reference's id column included, not the",
          'join columns it makes up for relations.',
        ],
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [{ name: 'repository', type: 'Repository<T>' }],
        returnType: 'Column[]',
        statements: code(
          'return repository.metadata.columns.filter((column: Column) => column.isSelect && !column.isVirtual);',
        ),
      }),
      functionOf({
        name: 'selectColumns',
        docs: ['A query of `item` that selects these columns, each under its property name.'],
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [
          { name: 'repository', type: 'Repository<T>' },
          { name: 'columns', type: 'Column[]' },
        ],
        returnType: 'SelectQueryBuilder<T>',
        statements: code(
          'return columns.reduce(',
          '  (builder: SelectQueryBuilder<T>, column: Column) =>',
          '    builder.addSelect(`item.${column.propertyPath}`, column.propertyPath),',
          "  repository.createQueryBuilder('item').select([]),",
          ');',
        ),
      }),
      functionOf({
        name: 'toEntity',
        docs: [
          "A row of selectColumns' query as an entity, each value converted by the driver as TypeORM",
          'does (dates, booleans, JSON, transformers).',
        ],
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [
          { name: 'repository', type: 'Repository<T>' },
          { name: 'columns', type: 'Column[]' },
          { name: 'row', type: 'Record<string, unknown>' },
        ],
        returnType: 'T',
        statements: code(
          'const { driver } = repository.manager.connection;',
          'const entity = repository.metadata.create() as T;',
          'for (const column of columns) {',
          '  column.setEntityValue(entity, driver.prepareHydratedValue(row[column.propertyPath], column));',
          '}',
          'return entity;',
        ),
      }),
    ],
  );
}

/** What a read uses of the library that TypeORM's driver loaded for the database. */
const DRIVERS: Record<Exclude<Database, 'mongodb'>, InterfaceDeclarationStructure> = {
  sqlite: interfaceOf({
    name: 'Connection',
    isExported: false,
    docs: ["better-sqlite3's connection, TypeORM's `driver.databaseConnection`."],
    properties: [
      { name: 'prepare', type: '(sql: string) => { get: (...values: unknown[]) => unknown }' },
    ],
  }),
  postgres: interfaceOf({
    name: 'Pool',
    isExported: false,
    docs: [
      "node-postgres' pool, TypeORM's `driver.master`: a query takes a connection and gives it back.",
    ],
    properties: [
      { name: 'query', type: '(text: string, values: unknown[]) => Promise<{ rows: Row[] }>' },
    ],
  }),
  mysql: interfaceOf({
    name: 'Pool',
    isExported: false,
    docs: ["mysql2's pool, TypeORM's `driver.pool`: a query takes a connection and gives it back."],
    properties: [
      {
        name: 'query',
        type: '(sql: string, values: unknown[], done: (error: Error | null, rows: Row[]) => void) => void',
      },
    ],
  }),
};

/** `first`: the statement's first row for an id, on each database's driver. */
const FIRST_ROW: Record<Exclude<Database, 'mongodb'>, string[]> = {
  sqlite: [
    'const connection = (driver as unknown as { databaseConnection: Connection }).databaseConnection;',
    '// Prepared once, on the first read: better-sqlite3 keeps the compiled statement.',
    "let prepared: ReturnType<Connection['prepare']> | undefined;",
    'const first = (id: string): Promise<Row | undefined> => {',
    '  prepared ??= connection.prepare(statement);',
    '  return Promise.resolve(prepared.get(id) as Row | undefined);',
    '};',
  ],
  postgres: [
    'const pool = (driver as unknown as { master: Pool }).master;',
    'const first = async (id: string): Promise<Row | undefined> => (await pool.query(statement, [id])).rows[0];',
  ],
  mysql: [
    'const pool = (driver as unknown as { pool: Pool }).pool;',
    'const first = (id: string): Promise<Row | undefined> =>',
    '  new Promise((resolve, reject) =>',
    '    pool.query(statement, [id], (error, rows) => (error ? reject(error) : resolve(rows[0]))),',
    '  );',
  ],
};
