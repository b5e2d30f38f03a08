// What references add to a service: ids checked on create and update, and `expand` in one query per reference.
import type {
  FunctionDeclarationStructure,
  MethodDeclarationStructure,
  OptionalKind,
} from 'ts-morph';
import { Scope } from '../../src/loader/ts-morph.js';
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, functionOf } from '../_shared/ts.js';
import { userModelPath } from '../users/user.entity.template.js';
import { recordType } from './paths.js';
import { expansionName, referencedView, referenceIds, targetWords } from './reference-api.js';
import { referenceColumn, referencedModel, referencesOf } from './references.js';

type Method = OptionalKind<MethodDeclarationStructure>;

/** The owner of a referenced resource, whose view shows it: loaded with the entries. */
const targetOwner = (project: ProjectOptions, reference: ReferenceOptions) =>
  project.resources.find((resource) => resource.names.kebab === reference.target.kebab)?.owner;

/** `loadCategory`: the service's private finder of a reference's entries, one query for many ids. */
export const finderName = (reference: ReferenceOptions): string => `load${reference.names.pascal}`;

/** Database differences, as two small tables: how entries are read by id, and how ids are set. */
const SQL = {
  finder: (project: ProjectOptions, resource: ResourceOptions, reference: ReferenceOptions) => {
    const model = referencedModel(project, reference).className;
    const owner = targetOwner(project, reference);
    const relations = owner ? `, relations: { ${owner.camel}: true }` : '';
    return {
      returnType: `Promise<${model}[]>`,
      query: `this.${resource.names.pluralCamel}.manager.find(${model}, { where: { id: In(unique) }${relations} })`,
    };
  },
  idOf: (entry: string) => `${entry}.id`,
  set: (entry: string, reference: ReferenceOptions, resource: ResourceOptions) => {
    const name = reference.names.camel;
    const value = `changes.${name}`;
    if (reference.many) {
      const model = reference.target.pascal;
      return `if (${value}) ${entry}.${name} = ${value}.map((id: string) => this.${resource.names.pluralCamel}.manager.create(${model}, { id }));`;
    }
    const column = `${entry}.${referenceColumn(reference)}`;
    return reference.optional
      ? `if (${value} !== undefined) ${column} = ${value};`
      : `${column} = ${value} ?? ${column};`;
  },
  imports: (): ImportRef[] => [pkg('typeorm', 'In')],
};

const MONGO = {
  finder: (project: ProjectOptions, resource: ResourceOptions, reference: ReferenceOptions) => {
    const model = referencedModel(project, reference).className;
    const owner = targetOwner(project, reference);
    const populate = owner
      ? `.populate<{ ${owner.camel}: UserDocument | null }>('${owner.camel}')`
      : '';
    return {
      returnType: `Promise<${mongoRecord(project, reference)}[]>`,
      query: `this.${resource.names.pluralCamel}.db.model<${model}>(${model}.name).find({ _id: { $in: unique } })${populate}.exec()`,
    };
  },
  idOf: (entry: string) => `${entry}._id.toHexString()`,
  set: (entry: string, reference: ReferenceOptions) => {
    const name = reference.names.camel;
    const value = `changes.${name}`;
    if (reference.many) {
      return `if (${value}) ${entry}.${name} = ${value}.map((id: string) => new Types.ObjectId(id));`;
    }
    return reference.optional
      ? `if (${value} !== undefined) ${entry}.${name} = ${value} === null ? null : new Types.ObjectId(${value});`
      : `if (${value}) ${entry}.${name} = new Types.ObjectId(${value});`;
  },
  imports: (project: ProjectOptions, resource: ResourceOptions): ImportRef[] => [
    pkg('mongoose', 'Types'),
    ...referencesOf(resource).map((reference) => ({
      from: referencedModel(project, reference).import.from,
      types: [mongoRecord(project, reference)],
    })),
    ...(referencesOf(resource).some((reference) => targetOwner(project, reference))
      ? [pkgTypes(userModelPath(project), 'UserDocument')]
      : []),
  ],
};

/** The referenced schema's document type, its owner populated: what its view takes. */
function mongoRecord(project: ProjectOptions, reference: ReferenceOptions): string {
  const { pascal, kebab } = reference.target;
  if (kebab === 'user') return 'UserDocument';
  return targetOwner(project, reference) ? `Populated${pascal}` : `${pascal}Document`;
}

const tableOf = (project: ProjectOptions) => (project.database === 'mongodb' ? MONGO : SQL);

/** `category = changes.category ?? category`: the update of each reference, as for a field. */
export function referenceAssignments(
  project: ProjectOptions,
  resource: ResourceOptions,
  entry: string,
): string[] {
  return referencesOf(resource).map((reference) =>
    tableOf(project).set(entry, reference, resource),
  );
}

/** The imports the reference methods need, beside the referenced models and views. */
export function referenceServiceImports(
  project: ProjectOptions,
  resource: ResourceOptions,
): ImportRef[] {
  const references = referencesOf(resource);
  if (references.length === 0) return [];
  return [
    pkg('@nestjs/common', 'BadRequestException'),
    ...tableOf(project).imports(project, resource),
    ...references.map((reference) => referencedModel(project, reference).import),
    ...references.map((reference) => {
      const view = referencedView(project, reference);
      return { from: view.from, named: [view.toView] };
    }),
  ];
}

/** `expand`, the id check of create and update, and one finder per reference. */
export function referenceMethods(
  project: ProjectOptions,
  resource: ResourceOptions,
  dtos: string[],
): Method[] {
  const references = referencesOf(resource);
  if (references.length === 0) return [];
  const table = tableOf(project);
  const { camel, pluralCamel } = resource.names;
  const expand = references.flatMap((reference) => {
    const name = reference.names.camel;
    const ids = referenceIds(project, camel, reference);
    const all = reference.many
      ? `${pluralCamel}.flatMap((${camel}) => ${ids})`
      : `${pluralCamel}.map((${camel}) => ${ids})`;
    return [
      `if (references.includes('${name}')) {`,
      `  const entries = await this.${finderName(reference)}(${all});`,
      `  expanded.${name} = new Map(entries.map((entry) => [${table.idOf('entry')}, ${referencedView(project, reference).toView}(entry)] as const));`,
      '}',
    ];
  });
  const check = references.map((reference) => {
    const name = reference.names.camel;
    const ids = reference.many ? `input.${name}` : `[input.${name}]`;
    const given = reference.many ? `input.${name}?.length` : `input.${name}`;
    return `if (${given}) assertFound('${name}', '${targetWords(reference)}', ${ids}, (await this.${finderName(reference)}(${ids})).map((entry) => ${table.idOf('entry')}));`;
  });
  return [
    {
      name: 'expand',
      isAsync: true,
      docs: [
        'The referenced entries `expand` names, as views by id: one query per reference, however many',
        `${pluralCamel} there are.`,
      ],
      parameters: [
        { name: pluralCamel, type: `readonly ${recordType(project, resource)}[]` },
        { name: 'references', type: 'readonly string[]' },
      ],
      returnType: `Promise<${expansionName(resource)}>`,
      statements: code(
        `const expanded: ${expansionName(resource)} = {};`,
        ...expand,
        'return expanded;',
      ),
    },
    ...(dtos.length
      ? [
          {
            name: 'checkReferences',
            scope: Scope.Private,
            isAsync: true,
            docs: ['A 400 naming the field when an id it is given has no entry.'],
            parameters: [{ name: 'input', type: dtos.join(' | ') }],
            returnType: 'Promise<void>',
            statements: code(...check),
          },
        ]
      : []),
    ...references.map((reference): Method => {
      const finder = table.finder(project, resource, reference);
      return {
        name: finderName(reference),
        scope: Scope.Private,
        isAsync: true,
        docs: [`The ${targetWords(reference)} entries with these ids, in one query.`],
        parameters: [{ name: 'ids', type: 'readonly (string | null)[]' }],
        returnType: finder.returnType,
        statements: code(
          'const unique = [...new Set(ids)].filter((id) => id !== null);',
          `return unique.length === 0 ? [] : ${finder.query};`,
        ),
      };
    }),
  ];
}

/** The module function that turns a missing entry into a 400 naming the field. */
export function referenceFunctions(resource: ResourceOptions): FunctionDeclarationStructure[] {
  if (referencesOf(resource).length === 0) return [];
  return [
    functionOf({
      name: 'assertFound',
      isExported: false,
      docs: ['A 400 naming the field when one of the ids it is given has no entry.'],
      parameters: [
        { name: 'field', type: 'string' },
        { name: 'what', type: 'string' },
        { name: 'ids', type: 'readonly (string | null | undefined)[]' },
        { name: 'found', type: 'readonly string[]' },
      ],
      returnType: 'void',
      statements: code(
        "const missing = ids.find((id) => typeof id === 'string' && !found.includes(id));",
        'if (missing !== undefined) {',
        "  throw new BadRequestException(`${field}: no ${what} with id '${missing}'`);",
        '}',
      ),
    }),
  ];
}
