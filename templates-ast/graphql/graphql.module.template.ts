// src/graphql/graphql.module.ts: GraphqlModule, which serves `/graphql` with the resolvers of every module.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';

export function graphqlModuleTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/graphql/graphql.module.ts',
    [
      pkg('@nestjs/common', 'Module'),
      pkg('@nestjs/core', 'DiscoveryModule'),
      ...(options.auth ? [use('rateLimitModule', 'RateLimitModule')] : []),
      { from: 'src/graphql/graphql-access.ts', named: ['GraphqlAccess'] },
      { from: 'src/graphql/graphql.controller.ts', named: ['GraphqlController'] },
      { from: 'src/graphql/graphql.service.ts', named: ['GraphqlService'] },
    ],
    [
      classOf({
        name: 'GraphqlModule',
        docs: [
          '`/graphql`: finds the `@Resolver()` providers of every module when the app starts.',
        ],
        decorators: [
          decorator(
            'Module',
            code(
              '{',
              ...(options.auth
                ? [
                    '  // RateLimitModule: the limiters that sign-up and sign-in fields count their attempts with.',
                    '  imports: [DiscoveryModule, RateLimitModule],',
                  ]
                : ['  imports: [DiscoveryModule],']),
              '  controllers: [GraphqlController],',
              '  providers: [GraphqlService, GraphqlAccess],',
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
