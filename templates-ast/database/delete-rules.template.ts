// src/database/delete-rules.ts (MongoDB): what deleting an entry does to the entries that refer to it, as
// the foreign keys' ON DELETE do on SQL, so that a delete behaves the same on every database.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code, functionOf, interfaceOf, tsFile, typeAlias } from '../_shared/ts.js';

export const DELETE_RULES_PATH = 'src/database/delete-rules.ts';

/** The message of a refused delete on every database: here, and in the SQL projects' 409 (all-exceptions.filter.ts). */
export const REFERRED_MESSAGE =
  'Other entries refer to this one: delete them, or change what they refer to, first';

export function deleteRulesTemplate(): TypeScriptFile {
  return tsFile(
    DELETE_RULES_PATH,
    [pkg('@nestjs/common', 'ConflictException'), pkgTypes('mongoose', 'Model')],
    [
      {
        ...typeAlias('DeleteRule', "'restrict' | 'set null' | 'cascade'"),
        docs: ['What deleting an entry does to a reference to it, named as in SQL.'],
      },
      interfaceOf({
        name: 'Referrer',
        docs: ['A path of a model that holds ids of entries of another.'],
        properties: [
          { name: 'model', type: 'Model<unknown>' },
          { name: 'path', type: 'string' },
          {
            name: 'rule',
            type: "DeleteRule | 'pull'",
            docs: ['`pull` for a list of references: the id leaves the list, as a join row would.'],
          },
        ],
      }),
      functionOf({
        name: 'referrersOf',
        docs: [
          'Every path of `models` that refers to `modelName`. A reference says its rule in its `@Prop`',
          '(`onDelete`); a path that says none, an owner, goes with the entry it names (cascade), as on SQL.',
        ],
        parameters: [
          { name: 'models', type: 'Record<string, Model<unknown>>' },
          { name: 'modelName', type: 'string' },
        ],
        returnType: 'Referrer[]',
        statements: code(
          'const referrers: Referrer[] = [];',
          'for (const model of Object.values(models)) {',
          '  model.schema.eachPath((path: string, schemaType: unknown) => {',
          '    const type = schemaType as PathType;',
          "    const list = type.instance === 'Array';",
          '    const options = list ? type.embeddedSchemaType?.options : type.options;',
          '    if (options?.ref !== modelName) return;',
          "    referrers.push({ model, path, rule: list ? 'pull' : (options.onDelete ?? 'cascade') });",
          '  });',
          '}',
          'return referrers;',
        ),
      }),
      interfaceOf({
        name: 'PathType',
        isExported: false,
        docs: ["What referrersOf reads of a schema path: its options, or its items' for an array."],
        properties: [
          { name: 'instance', type: 'string' },
          { name: 'options', type: 'PathOptions', hasQuestionToken: true },
          { name: 'embeddedSchemaType', type: '{ options?: PathOptions }', hasQuestionToken: true },
        ],
      }),
      typeAlias('PathOptions', '{ ref?: unknown; onDelete?: DeleteRule }', false),
      typeAlias('Step', '() => Promise<unknown>', false),
      functionOf({
        name: 'deleteFollowingRules',
        docs: [
          'Deletes the entries `ids` of `model` and applies every rule that refers to them, down the',
          'cascades. Every `restrict` is checked before anything changes (409, nothing deleted); then lists',
          'lose the ids, optional references become null and cascaded entries go: one query per referring',
          'path and level, never one per entry. A single mongod has no transactions, so an entry made',
          'meanwhile can still refer to a deleted one; every step is safe to run again.',
        ],
        isAsync: true,
        typeParameters: ['T'],
        parameters: [
          { name: 'model', type: 'Model<T>' },
          { name: 'ids', type: 'unknown[]' },
        ],
        returnType: 'Promise<void>',
        statements: code(
          'const steps = await planDeletes(model as unknown as Model<unknown>, ids, new Map());',
          'for (const step of steps) await step();',
        ),
      }),
      functionOf({
        name: 'planDeletes',
        isExported: false,
        docs: ['The steps of one delete; `seen` keeps a cycle of cascades from coming back.'],
        isAsync: true,
        parameters: [
          { name: 'model', type: 'Model<unknown>' },
          { name: 'ids', type: 'unknown[]' },
          { name: 'seen', type: 'Map<string, Set<string>>' },
        ],
        returnType: 'Promise<Step[]>',
        statements: code(
          'const done = seen.get(model.modelName) ?? new Set<string>();',
          'seen.set(model.modelName, done);',
          'const fresh = ids.filter((id) => !done.has(String(id)));',
          'fresh.forEach((id) => done.add(String(id)));',
          'if (fresh.length === 0) return [];',
          'const steps: Step[] = [];',
          'for (const { model: referring, path, rule } of referrersOf(model.db.models, model.modelName)) {',
          '  const referred = { [path]: { $in: fresh } };',
          "  if (rule === 'restrict') {",
          `    if (await referring.exists(referred)) throw new ConflictException('${REFERRED_MESSAGE}');`,
          "  } else if (rule === 'pull') {",
          '    steps.push(() => referring.updateMany(referred, { $pull: { [path]: { $in: fresh } } }));',
          "  } else if (rule === 'set null') {",
          '    steps.push(() => referring.updateMany(referred, { $set: { [path]: null } }));',
          '  } else {',
          "    const doomed: unknown[] = await referring.distinct('_id', referred);",
          '    steps.push(...(await planDeletes(referring, doomed, seen)));',
          '  }',
          '}',
          'steps.push(() => model.deleteMany({ _id: { $in: fresh } }));',
          'return steps;',
        ),
      }),
    ],
  );
}
