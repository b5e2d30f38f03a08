// src/database/find-by-id.ts: findOneBy({ id }) with its statement built once, for the reads of every request.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkgTypes } from '../_shared/pieces.js';
import { code, functionOf, tsFile, typeAlias } from '../_shared/ts.js';

export const FIND_BY_ID = 'src/database/find-by-id.ts';

export function findByIdTemplate(): TypeScriptFile {
  return tsFile(
    FIND_BY_ID,
    [pkgTypes('typeorm', 'ObjectLiteral', 'Repository', 'SelectQueryBuilder')],
    [
      typeAlias('Column', "Repository<ObjectLiteral>['metadata']['columns'][number]", false),
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
          'const { metadata } = repository;',
          'const { driver } = repository.manager.connection;',
          'const columns = metadata.columns.filter(',
          '  (column: Column) => column.isSelect && column.relationMetadata === undefined,',
          ');',
          'let statement: string | undefined;',
          'return async (id: string): Promise<T | null> => {',
          '  // Built on first use, once the connection is open; the driver quotes names and placeholders.',
          '  statement ??= columns',
          '    .reduce(',
          '      (builder: SelectQueryBuilder<T>, column: Column) =>',
          '        builder.addSelect(`item.${column.propertyPath}`, column.propertyPath),',
          "      repository.createQueryBuilder('item').select([]),",
          '    )',
          "    .where('item.id = :id', { id })",
          '    .limit(1)',
          '    .getQueryAndParameters()[0];',
          '  const [row] = await repository.query<Record<string, unknown>[]>(statement, [id]);',
          '  if (row === undefined) return null;',
          '  const entity = metadata.create() as T;',
          '  for (const column of columns) {',
          '    column.setEntityValue(entity, driver.prepareHydratedValue(row[column.propertyPath], column));',
          '  }',
          '  return entity;',
          '};',
        ),
      }),
    ],
  );
}
