// src/database/find-by-id.ts: findOneBy({ id }) with its statement built once, and rows hydrated as TypeORM does.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkgTypes } from '../_shared/pieces.js';
import { code, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

export const FIND_BY_ID = 'src/database/find-by-id.ts';

export function findByIdTemplate(): TypeScriptFile {
  return tsFile(
    FIND_BY_ID,
    [pkgTypes('typeorm', 'ObjectLiteral', 'Repository', 'SelectQueryBuilder')],
    [
      typeAlias('Column', "Repository<ObjectLiteral>['metadata']['columns'][number]"),
      functionOf({
        name: 'findByIdQuery',
        docs: [
          '`repository.findOneBy({ id })` for the reads that run on every request: a GET by id, and the',
          'user of every signed-in request (JwtStrategy). TypeORM builds, escapes and parses the same',
          'statement on each call, several times the cost of running it; this builds it once, with',
          "TypeORM's own query builder, and hydrates the row as TypeORM does. The entity's own columns",
          'only: like findOneBy, it loads no relation.',
        ],
        typeParameters: [{ name: 'T', constraint: 'ObjectLiteral' }],
        parameters: [{ name: 'repository', type: 'Repository<T>' }],
        returnType: '(id: string) => Promise<T | null>',
        statements: code(
          'const columns = entityColumns(repository);',
          'let statement: string | undefined;',
          'return async (id: string): Promise<T | null> => {',
          '  // Built on first use, once the connection is open; the driver quotes names and placeholders.',
          '  statement ??= selectColumns(repository, columns)',
          "    .where('item.id = :id', { id })",
          '    .limit(1)',
          '    .getQueryAndParameters()[0];',
          '  const [row] = await repository.query<Record<string, unknown>[]>(statement, [id]);',
          '  return row === undefined ? null : toEntity(repository, columns, row);',
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
