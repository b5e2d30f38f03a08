// How a resource is stored: the TypeORM entity (`entities/article.entity.ts`) or the Mongoose schema (`schemas/article.schema.ts`).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ResourceOptions } from '../../src/model/resource.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, constant, decorator, property, tsFile, typeAlias } from '../_shared/ts.js';
import { timestampColumn } from '../database/sql-dialects.js';
import {
  fullTextIndex,
  searchIndex,
  textIndex,
  userModelPath,
} from '../users/user.entity.template.js';
import { columnArguments, isIndexed, propArguments, searchableFields, tsType } from './fields.js';
import { resourcePaths } from './paths.js';
import { entityReferences, schemaReferences } from './reference-properties.js';

export function modelTemplate(project: ProjectOptions, resource: ResourceOptions): TypeScriptFile {
  return project.database === 'mongodb' ? schema(project, resource) : entity(project, resource);
}

function entity(project: ProjectOptions, resource: ResourceOptions): TypeScriptFile {
  const time = `{ ${timestampColumn(project.database)} }`;
  const owner = resource.owner;
  const searched = searchableFields(resource);
  const table = resource.names.pluralSnake;
  const references = entityReferences(project, resource);
  const fields = resource.fields.map((field) =>
    property(field.names.camel, field.optional ? `${tsType(field)} | null` : tsType(field), [
      ...fullTextIndex(project, table, field === searched[0]),
      ...(searched.includes(field) ? searchIndex(project, table, field.names.camel) : []),
      ...(isIndexed(resource, field) ? [decorator('Index')] : []),
      decorator('Column', columnArguments(field, project.database)),
    ]),
  );
  return tsFile(
    resourcePaths(project, resource).model,
    [
      pkg(
        'typeorm',
        'Column',
        'CreateDateColumn',
        'Entity',
        'Index',
        ...(owner ? ['ManyToOne'] : []),
        'PrimaryGeneratedColumn',
        'UpdateDateColumn',
      ),
      ...(owner ? [{ from: userModelPath(project), named: ['User'] }] : []),
      ...references.imports,
    ],
    [
      classOf({
        name: resource.names.pascal,
        decorators: [decorator('Entity', `'${resource.names.pluralSnake}'`)],
        properties: [
          property('id', 'string', [decorator('PrimaryGeneratedColumn', "'uuid'")]),
          ...fields,
          ...references.properties,
          ...(owner
            ? [
                property(
                  owner.camel,
                  'User',
                  [
                    decorator('Index'),
                    decorator(
                      'ManyToOne',
                      '() => User',
                      "{ nullable: false, onDelete: 'CASCADE' }",
                    ),
                  ],
                  { docs: ['Who created it; their entries go when their account does.'] },
                ),
              ]
            : []),
          property('createdAt', 'Date', [decorator('Index'), decorator('CreateDateColumn', time)]),
          property('updatedAt', 'Date', [decorator('UpdateDateColumn', time)]),
        ],
      }),
    ],
  );
}

function schema(project: ProjectOptions, resource: ResourceOptions): TypeScriptFile {
  const { pascal } = resource.names;
  const owner = resource.owner;
  const references = schemaReferences(project, resource);
  const fields = resource.fields.map((field) =>
    property(
      field.names.camel,
      field.optional ? `${tsType(field)} | null` : tsType(field),
      [decorator('Prop', propArguments(field, isIndexed(resource, field)))],
      { hasQuestionToken: field.optional },
    ),
  );
  return tsFile(
    resourcePaths(project, resource).model,
    [
      pkg('@nestjs/mongoose', 'Prop', 'Schema', 'SchemaFactory'),
      ...(owner ? [pkg('mongoose', 'Types')] : []),
      pkgTypes('mongoose', 'HydratedDocument'),
      ...references.imports,
      ...(owner
        ? [{ from: userModelPath(project), named: ['User'], types: ['UserDocument'] }]
        : []),
    ],
    [
      classOf({
        name: pascal,
        decorators: [decorator('Schema', '{ timestamps: true }')],
        properties: [
          ...fields,
          ...references.properties,
          ...(owner
            ? [
                property(
                  owner.camel,
                  'User',
                  [
                    decorator(
                      'Prop',
                      '{ type: Types.ObjectId, ref: User.name, required: true, index: true }',
                    ),
                  ],
                  // Typed as the user, as in Nest's Mongoose recipe: it is one once populated.
                  { docs: ['Who created it; their entries go when their account does.'] },
                ),
              ]
            : []),
          property('createdAt', 'Date'),
          property('updatedAt', 'Date'),
        ],
      }),
      typeAlias(`${pascal}Document`, `HydratedDocument<${pascal}>`),
      ...(owner
        ? [
            typeAlias(
              `Populated${pascal}`,
              `Omit<${pascal}Document, '${owner.camel}'> & { ${owner.camel}: UserDocument | null }`,
            ),
          ]
        : []),
      constant(`${pascal}Schema`, `SchemaFactory.createForClass(${pascal})`),
      '// Lists sort by createdAt unless asked otherwise.',
      `${pascal}Schema.index({ createdAt: 1 });`,
      ...textIndex(
        `${pascal}Schema`,
        resource.names.pluralSnake,
        searchableFields(resource).map((field) => field.names.camel),
      ),
    ],
  );
}
