// src/graphql/graphql.controller.ts: `POST /graphql`, public as a route; each field checks its own `@Access`.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function graphqlControllerTemplate(): TypeScriptFile {
  return tsFile(
    'src/graphql/graphql.controller.ts',
    [
      pkg('@nestjs/common', 'Body', 'Controller', 'HttpCode', 'Post', 'Req', 'Res'),
      pkg('@nestjs/swagger', 'ApiExcludeController'),
      use('access', 'Access'),
      { from: 'src/graphql/graphql.service.ts', named: ['GraphqlService'] },
    ],
    [
      classOf({
        name: 'GraphqlController',
        docs: [
          '`POST /graphql`: the same resources as the REST routes, from src/graphql/schema.graphql. Public',
          'as a route: each field checks its own `@Access`.',
        ],
        decorators: [decorator('ApiExcludeController'), decorator('Controller', "'graphql'")],
        ctors: [{ parameters: [injected('graphql', 'GraphqlService')] }],
        methods: [
          {
            name: 'run',
            isAsync: true,
            decorators: [
              decorator('Post'),
              decorator('Access', "'public'"),
              decorator('HttpCode', '200'),
            ],
            parameters: [
              { name: 'body', type: 'unknown', decorators: [decorator('Body')] },
              { name: 'request', type: 'object', decorators: [decorator('Req')] },
              {
                name: 'response',
                type: '{ status(code: number): unknown; type(contentType: string): unknown }',
                decorators: [decorator('Res', '{ passthrough: true }')],
              },
            ],
            returnType: 'Promise<string>',
            statements: code(
              'const answer = await this.graphql.execute(body, request, response);',
              'if (answer.status !== 200) response.status(answer.status);',
              '// Serialized already (GraphqlService measures it): sent as it is, as JSON.',
              "response.type('application/json');",
              'return answer.text;',
            ),
          },
        ],
      }),
    ],
  );
}
