// `src/database/migrations/<timestamp>-create-articles.ts`: the resource's table, with its sort, owner and search indexes.
import type { ProjectOptions } from '../../src/project/options.js';
import type { FieldOptions, ResourceOptions } from '../../src/resource/options.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import {
  migrationFile,
  migrationTemplate,
  type MigrationFile,
} from '../database/migration.template.js';
import type { ColumnSpec, ColumnType, TableSpec } from '../database/sql-dialects.js';
import { searchableFields } from './fields.js';

const COLUMN_TYPES: Record<FieldOptions['type'], ColumnType> = {
  string: 'varchar(255)',
  text: 'text',
  number: 'double',
  boolean: 'boolean',
  date: 'time',
};

/** The table as the entity (model.template.ts) maps it: lists are JSON text, the owner a user id. */
export function resourceTable(resource: ResourceOptions): TableSpec {
  const ownerColumn = resource.owner ? `${resource.owner.camel}Id` : undefined;
  const fields: ColumnSpec[] = resource.fields.map((field) => ({
    name: field.names.camel,
    type: field.array ? 'text' : COLUMN_TYPES[field.type],
    nullable: field.optional,
  }));
  return {
    name: resource.names.pluralSnake,
    columns: [
      { name: 'id', type: 'uuid-key' },
      ...fields,
      ...(ownerColumn ? [{ name: ownerColumn, type: 'uuid' as const }] : []),
      { name: 'createdAt', type: 'created' },
      { name: 'updatedAt', type: 'updated' },
    ],
    unique: [],
    indexes: [...(ownerColumn ? [ownerColumn] : []), 'createdAt'],
    references: ownerColumn ? [{ column: ownerColumn, table: 'users' }] : [],
    search: searchableFields(resource).map((field) => field.names.camel),
  };
}

export const resourceMigrationFile = (resource: ResourceOptions): MigrationFile =>
  migrationFile(
    resource.names.pluralSnake,
    resource.names.pluralPascal,
    resource.migrationTimestamp,
  );

export function resourceMigrationTemplate(
  project: ProjectOptions,
  resource: ResourceOptions,
): TypeScriptFile {
  return migrationTemplate(
    project.database,
    resourceMigrationFile(resource),
    resourceTable(resource),
    `The ${resource.names.pluralSnake} table, with indexes on the default sort key, the owner and the searched text.`,
  );
}
