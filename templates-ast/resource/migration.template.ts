// `src/database/migrations/<timestamp>-create-articles.ts`: the resource's table, with its sort, owner and search indexes.
import type { ProjectOptions } from '../../src/model/project.js';
import type { FieldOptions, ResourceOptions } from '../../src/model/resource.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import {
  migrationFile,
  migrationTemplate,
  type MigrationFile,
} from '../database/migration.template.js';
import type { ColumnSpec, ColumnType, TableSpec } from '../database/sql-tables.js';
import { isIndexed, searchableFields } from './fields.js';
import {
  joinTable,
  listReferences,
  referenceKey,
  referencesOf,
  singleReferences,
} from './references.js';

const COLUMN_TYPES: Record<FieldOptions['type'], ColumnType> = {
  string: 'varchar(255)',
  text: 'text',
  number: 'double',
  boolean: 'boolean',
  date: 'time',
};

/**
 * The table as the entity (model.template.ts) maps it: lists are JSON text, the owner a user id,
 * a single reference the referenced entry's id (indexed, with its delete rule); the fields of
 * `--indexes` have an index of their own, for the list's filters.
 */
export function resourceTable(resource: ResourceOptions): TableSpec {
  const ownerColumn = resource.owner ? `${resource.owner.camel}Id` : undefined;
  const fields: ColumnSpec[] = resource.fields.map((field) => ({
    name: field.names.camel,
    type: field.array ? 'text' : COLUMN_TYPES[field.type],
    nullable: field.optional,
  }));
  const references = singleReferences(resource).map(referenceKey);
  const referenceColumns: ColumnSpec[] = singleReferences(resource).map((reference) => ({
    name: referenceKey(reference).column,
    type: 'uuid',
    nullable: reference.optional,
  }));
  return {
    name: resource.names.pluralSnake,
    columns: [
      { name: 'id', type: 'uuid-key' },
      ...fields,
      ...referenceColumns,
      ...(ownerColumn ? [{ name: ownerColumn, type: 'uuid' as const }] : []),
      { name: 'createdAt', type: 'created' },
      { name: 'updatedAt', type: 'updated' },
    ],
    unique: [],
    indexes: [
      ...references.map((reference) => reference.column),
      ...resource.fields
        .filter((field) => isIndexed(resource, field))
        .map((field) => field.names.camel),
      ...(ownerColumn ? [ownerColumn] : []),
      'createdAt',
    ],
    references: [...references, ...(ownerColumn ? [{ column: ownerColumn, table: 'users' }] : [])],
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
    [resourceTable(resource), ...listReferences(resource).map((list) => joinTable(resource, list))],
    migrationSummary(resource),
  );
}

function migrationSummary(resource: ResourceOptions): string {
  const table = resource.names.pluralSnake;
  const filtered = resource.indexes?.length ? `, the filtered ${resource.indexes.join(', ')}` : '';
  return referencesOf(resource).length > 0
    ? `The ${table} table and its join tables, with indexes on the default sort key, the references${filtered}, the owner and the searched text.`
    : `The ${table} table, with indexes on the default sort key${filtered}, the owner and the searched text.`;
}
