// src/graphql/graphql-context.ts: what every resolver gets of its request, and the batched loads of references.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { use } from '../_shared/pieces.js';
import { classOf, code, tsFile, typeAlias } from '../_shared/ts.js';

export function graphqlContextTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/graphql/graphql-context.ts',
    [
      { from: 'dataloader', default: 'DataLoader' },
      ...(options.auth ? [use('currentUser', 'AuthUser')] : []),
    ],
    [
      {
        ...typeAlias(
          'BatchLoader',
          '(ids: readonly string[]) => Promise<readonly { id: string }[]>',
        ),
        docs: ['Loads entries of one type by id: the `@BatchLoad` methods of the resolvers.'],
      },
      classOf({
        name: 'GraphqlContext',
        docs: ['What every resolver gets of the request it serves.'],
        properties: [
          {
            name: 'user',
            type: options.auth ? 'AuthUser' : '{ id: string; role: string }',
            hasQuestionToken: true,
            docs: [
              options.auth
                ? 'The caller, once a field marked `user` or `admin` has checked their token.'
                : 'The caller, when a resolver knows them (this project has no user accounts).',
            ],
          },
          {
            name: '#loaders',
            isReadonly: true,
            initializer: 'new Map<string, DataLoader<string, unknown>>()',
          },
        ],
        ctors: [
          {
            docs: ["@param request The HTTP request, as Nest's guards read it."],
            parameters: [
              { name: 'request', type: 'object', isReadonly: true },
              { name: 'response', type: 'object', isReadonly: true },
              {
                name: 'batches',
                type: 'ReadonlyMap<string, BatchLoader>',
                scope: Scope.Private,
                isReadonly: true,
              },
            ],
          },
        ],
        methods: [
          {
            name: 'load',
            typeParameters: ['T'],
            docs: [
              'The entry of `type` with this id, or null; the ids asked for in one tick are read in one query.',
            ],
            parameters: [
              { name: 'type', type: 'string' },
              { name: 'id', type: 'string | null | undefined' },
            ],
            returnType: 'Promise<T | null>',
            statements: code(
              'if (id === null || id === undefined) return Promise.resolve(null);',
              'return this.loader(type).load(id) as Promise<T | null>;',
            ),
          },
          {
            name: 'loadMany',
            isAsync: true,
            typeParameters: ['T'],
            docs: [
              'The entries of `type` with these ids, in their order; ids with no entry are left out.',
            ],
            parameters: [
              { name: 'type', type: 'string' },
              { name: 'ids', type: 'readonly string[] | null | undefined' },
            ],
            returnType: 'Promise<T[]>',
            statements: code(
              'const found = await this.loader(type).loadMany(ids ?? []);',
              'return found.filter((entry: unknown): entry is T => entry !== null && !(entry instanceof Error));',
            ),
          },
          {
            name: 'loader',
            scope: Scope.Private,
            parameters: [{ name: 'type', type: 'string' }],
            returnType: 'DataLoader<string, unknown>',
            statements: code(
              'let loader = this.#loaders.get(type);',
              'if (!loader) {',
              '  const batch = this.batches.get(type);',
              "  if (!batch) throw new Error(`No @BatchLoad('${type}') method among the resolvers`);",
              '  loader = new DataLoader<string, unknown>(async (ids: readonly string[]) => {',
              '    const entries = await batch(ids);',
              '    const byId = new Map(entries.map((entry) => [entry.id, entry]));',
              '    return ids.map((id) => byId.get(id) ?? null);',
              '  });',
              '  this.#loaders.set(type, loader);',
              '}',
              'return loader;',
            ),
          },
        ],
      }),
    ],
  );
}
