// `src/articles/articles.service.ts`: a resource's entries in the project's database.
import type { ProjectOptions } from '../../src/model/project.js';
import type { FieldOptions, ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';
import { userModelPath } from '../users/user.entity.template.js';
import { recordType, resourcePaths } from './paths.js';
import { listSpecName } from './view.template.js';
import { referenceColumn, referencesOf } from './references.js';
import {
  referenceAssignments,
  referenceFunctions,
  referenceMethods,
  referenceServiceImports,
} from './reference-service.js';
import { expansionName } from './reference-api.js';
import { nestedServiceMethods } from './nested.js';

export const serviceName = (resource: ResourceOptions): string =>
  `${resource.names.pluralPascal}Service`;

/** The database calls, for TypeORM or Mongoose; `owner` loads the creating user with the entry. */
function persistence(project: ProjectOptions, resource: ResourceOptions) {
  const { pascal, pluralCamel } = resource.names;
  const owner = resource.owner?.camel;
  const repo = `this.${pluralCamel}`;
  if (project.database === 'mongodb') {
    const populate = owner ? `.populate<{ ${owner}: UserDocument | null }>('${owner}')` : '';
    return {
      injected: injected(pluralCamel, `Model<${pascal}>`, [
        decorator('InjectModel', `${pascal}.name`),
      ]),
      imports: [
        pkg('@nestjs/mongoose', 'InjectModel'),
        pkgTypes('mongoose', 'Model'),
        ...(owner ? [{ from: userModelPath(project), types: ['UserDocument'] }] : []),
      ],
      // `new` then save: create() types the owner as a whole user, where an id is given.
      insert: (values: string) => `await new ${repo}(${values}).save()`,
      ownerValue: 'user.id',
      // Mongoose casts the ids of a body to the references' ObjectIds.
      createValues: (): string[] => [],
      referenceValues: (): string[] => [],
      findById: `${repo}.findById(id)${populate}.exec()`,
      findMany: `${repo}.find({ _id: { $in: ids } })${populate}.exec()`,
      list: owner
        ? [
            `const page = await findPage<${pascal}>(${repo}, query, ${listSpecName(resource)});`,
            `const items = await ${repo}.populate<{ ${owner}: UserDocument | null }>(page.items, { path: '${owner}' });`,
            'return { ...page, items };',
          ]
        : [`return findPage(${repo}, query, ${listSpecName(resource)});`],
      ownerId: owner ? `${resource.names.camel}.${owner}?.id` : '',
      save: (entry: string) => `await ${entry}.save();`,
      remove: (entry: string) => `await deleteFollowingRules(${repo}, [${entry}._id]);`,
    };
  }
  const relations = owner ? `, relations: { ${owner}: true }` : '';
  return {
    injected: injected(pluralCamel, `Repository<${pascal}>`, [
      decorator('InjectRepository', pascal),
    ]),
    imports: [
      pkg('@nestjs/typeorm', 'InjectRepository'),
      ...((owner && resource.methods.list) || project.graphql ? [pkg('typeorm', 'In')] : []),
      pkgTypes('typeorm', 'Repository'),
    ],
    insert: (values: string) => `await ${repo}.save(${repo}.create(${values}))`,
    ownerValue: '{ id: user.id }',
    createValues: (references: ReferenceOptions[]): string[] =>
      references.length
        ? [
            `const { ${references.map((reference) => reference.names.camel).join(', ')}, ...values } = input;`,
          ]
        : [],
    referenceValues: (references: ReferenceOptions[]): string[] =>
      references.map((reference) =>
        reference.many
          ? `${reference.names.camel}: (${reference.names.camel} ?? []).map((id) => ${repo}.manager.create(${reference.target.pascal}, { id }))`
          : `${referenceColumn(reference)}: ${reference.names.camel}${reference.optional ? ' ?? null' : ''}`,
      ),
    findById: `${repo}.findOne({ where: { id }${relations} })`,
    findMany: `${repo}.find({ where: { id: In([...ids]) }${relations} })`,
    list: owner
      ? [
          `const page = await findPage<${pascal}>(${repo}, query, ${listSpecName(resource)});`,
          '// findPage reads the rows alone: their owners come in one more query.',
          `const loaded: ${pascal}[] = await ${repo}.find({ where: { id: In(page.items.map((item) => item.id)) }${relations} });`,
          'const byId = new Map(loaded.map((item) => [item.id, item]));',
          'return { ...page, items: page.items.map((item) => byId.get(item.id) ?? item) };',
        ]
      : [`return findPage(${repo}, query, ${listSpecName(resource)});`],
    ownerId: owner ? `${resource.names.camel}.${owner}.id` : '',
    save: (entry: string) => `await ${repo}.save(${entry});`,
    remove: (entry: string) => `await ${repo}.remove(${entry});`,
  };
}

export function serviceTemplate(
  project: ProjectOptions,
  resource: ResourceOptions,
): TypeScriptFile {
  const { pascal, camel } = resource.names;
  const paths = resourcePaths(project, resource);
  const db = persistence(project, resource);
  const record = recordType(project, resource);
  const owned = resource.owner !== undefined;
  const { create, list, update, delete: remove } = resource.methods;
  const user = owned ? [{ name: 'user', type: 'AuthUser' }] : [];
  const checkOwner = owned ? [`assertOwnerOrAdmin(user, ${db.ownerId});`] : [];
  const references = referencesOf(resource);
  const mongo = project.database === 'mongodb';
  const methods = [
    create && {
      name: 'create',
      isAsync: true,
      parameters: [{ name: 'input', type: `Create${pascal}Dto` }, ...user],
      returnType: `Promise<${record}>`,
      statements: code(
        ...(references.length ? ['await this.checkReferences(input);'] : []),
        ...db.createValues(references),
        `const { id } = ${db.insert(`{ ${[`...${references.length && !mongo ? 'values' : 'input'}`, ...(owned ? [`${resource.owner!.camel}: ${db.ownerValue}`] : []), ...db.referenceValues(references)].join(', ')} }`)};`,
        'return this.findOne(id);',
      ),
    },
    {
      name: 'findOne',
      isAsync: true,
      docs: ['A 404 when there is none with this id.'],
      parameters: [{ name: 'id', type: 'string' }],
      returnType: `Promise<${record}>`,
      statements: code(
        `const ${camel} = await ${db.findById};`,
        `if (!${camel}) throw new NotFoundException(\`there is no ${resource.names.kebab.replace(/-/g, ' ')} with id '\${id}'\`);`,
        `return ${camel};`,
      ),
    },
    ...(project.graphql
      ? [
          {
            name: 'findMany',
            docs: [
              'The entries with these ids, in one query (GraphQL loads references so); an id with none is left out.',
            ],
            parameters: [{ name: 'ids', type: 'readonly string[]' }],
            returnType: `Promise<${record}[]>`,
            statements: code(`return ${db.findMany};`),
          },
        ]
      : []),
    list && {
      name: 'list',
      isAsync: owned,
      parameters: [{ name: 'query', type: 'ListQuery' }],
      returnType: `Promise<Page<${record}>>`,
      statements: code(...db.list),
    },
    update && {
      name: 'update',
      isAsync: true,
      docs: [
        'PATCH: changes the fields sent; a field left out keeps its value, null clears an optional one.',
      ],
      parameters: [
        { name: 'id', type: 'string' },
        { name: 'changes', type: `Update${pascal}Dto` },
        ...user,
      ],
      returnType: `Promise<${record}>`,
      statements: code(
        `const ${camel} = await this.findOne(id);`,
        ...checkOwner,
        ...(references.length ? ['await this.checkReferences(changes);'] : []),
        ...resource.fields.map((field) => assignment(camel, field)),
        ...referenceAssignments(project, resource, camel),
        db.save(camel),
        'return this.findOne(id);',
      ),
    },
    update && {
      name: 'replace',
      isAsync: true,
      docs: ['PUT: the entry becomes what is sent; an optional field left out is cleared.'],
      parameters: [
        { name: 'id', type: 'string' },
        { name: 'input', type: `Create${pascal}Dto` },
        ...user,
      ],
      returnType: `Promise<${record}>`,
      statements: code(
        `return this.update(id, { ${['...input', ...clearedValues(resource)].join(', ')} }${owned ? ', user' : ''});`,
      ),
    },
    remove && {
      name: 'remove',
      isAsync: true,
      parameters: [{ name: 'id', type: 'string' }, ...user],
      returnType: 'Promise<void>',
      statements: code(`const ${camel} = await this.findOne(id);`, ...checkOwner, db.remove(camel)),
    },
    ...nestedServiceMethods(project, resource),
    ...referenceMethods(project, resource, [
      ...(create ? [`Create${pascal}Dto`] : []),
      ...(update ? [`Update${pascal}Dto`] : []),
    ]),
  ].filter((method) => method !== undefined);
  return tsFile(
    paths.service,
    [
      pkg('@nestjs/common', 'Injectable', 'NotFoundException'),
      ...db.imports,
      ...(remove && mongo ? [use('deleteRules', 'deleteFollowingRules')] : []),
      { from: paths.model, named: [pascal], types: record === pascal ? [] : [record] },
      ...(create || update ? [{ from: paths.createDto, types: [`Create${pascal}Dto`] }] : []),
      ...(update ? [{ from: paths.updateDto, types: [`Update${pascal}Dto`] }] : []),
      ...(owned ? [use('currentUser', 'assertOwnerOrAdmin', 'AuthUser')] : []),
      ...referenceServiceImports(project, resource),
      ...(references.length ? [{ from: paths.view, types: [expansionName(resource)] }] : []),
      ...(list
        ? [
            use('findPage', 'findPage'),
            use('listQuery', 'ListQuery'),
            use('paging', 'Page'),
            { from: paths.view, named: [listSpecName(resource)] },
          ]
        : []),
    ],
    [
      classOf({
        name: serviceName(resource),
        decorators: [decorator('Injectable')],
        ctors: [{ parameters: [db.injected] }],
        methods,
      }),
      ...referenceFunctions(resource),
    ],
  );
}

/**
 * What PUT clears when it is left out: `summary: input.summary ?? null`, `tags: input.tags ?? []` (a
 * list of references). A DTO's declared fields are own properties even when undefined: no spread.
 */
function clearedValues(resource: ResourceOptions): string[] {
  const cleared = (name: string, empty: string) => `${name}: input.${name} ?? ${empty}`;
  return [
    ...resource.fields
      .filter((field) => field.optional)
      .map((field) => cleared(field.names.camel, 'null')),
    ...referencesOf(resource)
      .filter((reference) => reference.many || reference.optional)
      .map((reference) => cleared(reference.names.camel, reference.many ? '[]' : 'null')),
  ];
}

/** A required field keeps its value unless one is sent; an optional one is cleared by null. */
function assignment(entry: string, field: FieldOptions): string {
  const name = field.names.camel;
  return field.optional
    ? `if (changes.${name} !== undefined) ${entry}.${name} = changes.${name};`
    : `${entry}.${name} = changes.${name} ?? ${entry}.${name};`;
}
