// src/graphql/graphql.decorators.ts: the marks a resolver's methods carry (@Resolver, @Query, @Mutation, @ResolveField, @BatchLoad).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg } from '../_shared/pieces.js';
import { constant, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';

export function graphqlDecoratorsTemplate(): TypeScriptFile {
  return tsFile(
    'src/graphql/graphql.decorators.ts',
    [pkg('@nestjs/common', 'SetMetadata')],
    [
      constant('GRAPHQL_RESOLVER', "'graphql:resolver'", {
        docs: ['The metadata keys GraphqlService reads when the app starts.'],
      }),
      constant('GRAPHQL_FIELD', "'graphql:field'"),
      constant('GRAPHQL_BATCH', "'graphql:batch'"),
      interfaceOf({
        name: 'FieldMark',
        docs: [
          'Which field of src/graphql/schema.graphql a method resolves: `Query.articles`, `Article.category`.',
        ],
        properties: [
          { name: 'type', type: 'string' },
          { name: 'field', type: 'string' },
        ],
      }),
      functionOf({
        name: 'markField',
        isExported: false,
        parameters: [{ name: 'mark', type: 'FieldMark' }],
        returnType: 'MethodDecorator',
        statements: 'return SetMetadata(GRAPHQL_FIELD, mark);',
      }),
      constant('Resolver', '(): ClassDecorator => SetMetadata(GRAPHQL_RESOLVER, true)', {
        docs: [
          'A provider whose marked methods resolve fields of the schema, as in @nestjs/graphql.',
        ],
      }),
      constant('Query', "(field: string): MethodDecorator => markField({ type: 'Query', field })", {
        docs: [
          "`@Query('articles')`: the method answers `Query.articles`; give it `@Access` as a route.",
        ],
      }),
      constant(
        'Mutation',
        "(field: string): MethodDecorator => markField({ type: 'Mutation', field })",
        {
          docs: [
            "`@Mutation('createArticle')`: the method answers `Mutation.createArticle`; give it `@Access`.",
          ],
        },
      ),
      constant(
        'ResolveField',
        '(type: string, field: string): MethodDecorator => markField({ type, field })',
        {
          docs: [
            "`@ResolveField('Article', 'category')`: a field of an object type, called with the object.",
          ],
        },
      ),
      constant('BatchLoad', '(type: string): MethodDecorator => SetMetadata(GRAPHQL_BATCH, type)', {
        docs: [
          "`@BatchLoad('Category')`: loads entries of a type by their ids, in one query however many a",
          "request asks for (GraphqlContext.load batches the ids of one tick, DataLoader's way).",
        ],
      }),
    ],
  );
}
