// src/app.module.ts: the root module; `rest api` adds each new resource's module to its imports.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';

export function appModuleTemplate(options: ProjectOptions): TypeScriptFile {
  const features = options.auth ? ['UsersModule', 'AuthModule'] : [];
  if (options.passwordReset) features.push('PasswordResetsModule');
  // Finds the resolvers of every module, those `rest api` adds below included.
  if (options.graphql) features.push('GraphqlModule');
  return tsFile(
    'src/app.module.ts',
    [
      pkg('@nestjs/common', 'Module'),
      pkg('@nestjs/config', 'ConfigModule'),
      pkg('@nestjs/core', 'APP_GUARD'),
      use('environment', 'validateEnvironment'),
      use('database', 'DatabaseModule'),
      use('rateLimitModule', 'RateLimitModule'),
      use('accessGuard', 'AccessGuard'),
      { from: 'src/health/health.module.ts', named: ['HealthModule'] },
      ...(options.auth
        ? [
            { from: 'src/users/users.module.ts', named: ['UsersModule'] },
            { from: 'src/auth/auth.module.ts', named: ['AuthModule'] },
          ]
        : []),
      ...(options.passwordReset
        ? [
            {
              from: 'src/password-resets/password-resets.module.ts',
              named: ['PasswordResetsModule'],
            },
          ]
        : []),
      ...(options.graphql ? [use('graphqlModule', 'GraphqlModule')] : []),
    ],
    [
      classOf({
        name: 'AppModule',
        decorators: [
          decorator(
            'Module',
            code(
              '{',
              '  imports: [',
              '    ConfigModule.forRoot({',
              '      isGlobal: true,',
              '      validate: validateEnvironment,',
              "      // Tests set their own variables (test/setup-env.ts) and never read a developer's .env.",
              "      ignoreEnvFile: process.env.NODE_ENV === 'test',",
              '    }),',
              '    DatabaseModule,',
              '    RateLimitModule,',
              '    HealthModule,',
              ...features.map((name) => `    ${name},`),
              '  ],',
              '  // Every route must say who may call it (@Access): one without the mark is refused.',
              '  providers: [{ provide: APP_GUARD, useClass: AccessGuard }],',
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
