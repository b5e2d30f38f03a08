// A resource's references to other resources: their columns, join tables, models and delete rules.
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import type { ColumnSpec, ForeignKey, TableSpec } from '../database/sql-tables.js';
import { userModelPath } from '../users/user.entity.template.js';

export const referencesOf = (resource: ResourceOptions): ReferenceOptions[] =>
  resource.references ?? [];

/** References to one entry each, stored in a column of the resource's table. */
export const singleReferences = (resource: ResourceOptions): ReferenceOptions[] =>
  referencesOf(resource).filter((reference) => !reference.many);

/** References to a list of entries, stored in a join table. */
export const listReferences = (resource: ResourceOptions): ReferenceOptions[] =>
  referencesOf(resource).filter((reference) => reference.many);

/** `categoryId`: the column of a single reference. */
export const referenceColumn = (reference: ReferenceOptions): string =>
  `${reference.names.camel}Id`;

/** The referenced model's class and file: `Category` in `src/categories/entities/category.entity.ts`. */
export function referencedModel(
  project: ProjectOptions,
  reference: ReferenceOptions,
): { className: string; table: string; import: ImportRef } {
  const { kebab, pascal, pluralKebab, pluralSnake } = reference.target;
  const from =
    kebab === 'user'
      ? userModelPath(project)
      : project.database === 'mongodb'
        ? `${project.sourceDir}/${pluralKebab}/schemas/${kebab}.schema.ts`
        : `${project.sourceDir}/${pluralKebab}/entities/${kebab}.entity.ts`;
  return { className: pascal, table: pluralSnake, import: { from, named: [pascal] } };
}

/** The foreign key of a single reference, with its delete rule. */
export const referenceKey = (reference: ReferenceOptions): ForeignKey => ({
  column: referenceColumn(reference),
  table: reference.target.pluralSnake,
  onDelete: reference.onDelete,
});

/** The columns of a list reference's join table: `articleId`, `tagId`. */
export function joinColumns(resource: ResourceOptions, reference: ReferenceOptions) {
  return { own: `${resource.names.camel}Id`, target: `${reference.target.camel}Id` };
}

/** `articles_tags`: one row per (article, tag), gone with either. */
export function joinTable(resource: ResourceOptions, reference: ReferenceOptions): TableSpec {
  const { own, target } = joinColumns(resource, reference);
  const columns: ColumnSpec[] = [
    { name: own, type: 'uuid' },
    { name: target, type: 'uuid' },
  ];
  return {
    name: joinTableName(resource, reference),
    columns,
    primaryKey: [own, target],
    unique: [],
    indexes: [own, target],
    references: [
      { column: own, table: resource.names.pluralSnake, onDelete: 'cascade', onUpdate: 'cascade' },
      {
        column: target,
        table: reference.target.pluralSnake,
        onDelete: 'cascade',
        onUpdate: 'cascade',
      },
    ],
    search: [],
  };
}

export const joinTableName = (resource: ResourceOptions, reference: ReferenceOptions): string =>
  `${resource.names.pluralSnake}_${reference.names.snake}`;

/** TypeORM's spelling of a delete rule. */
export const typeormOnDelete = (reference: ReferenceOptions): string =>
  `'${reference.onDelete.toUpperCase()}'`;
