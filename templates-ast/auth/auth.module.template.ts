// src/auth/auth.module.ts: sign-in (POST /auth, POST /auth/<provider>) and the JWT tokens every `@Access('user')` route checks.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { hasAuthController } from './auth.controller.template.js';
import { hasAuthResolver } from '../graphql/auth.resolver.template.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';

export function authModuleTemplate(options: ProjectOptions): TypeScriptFile {
  const social = socialProviders(options).length > 0;
  const controller = hasAuthController(options);
  const controllers = [
    ...(controller ? ['AuthController'] : []),
    ...(social ? ['SocialController'] : []),
  ];
  return tsFile(
    'src/auth/auth.module.ts',
    [
      pkg('@nestjs/common', 'Module'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/jwt', 'JwtModule'),
      pkgTypes('@nestjs/jwt', 'JwtModuleOptions', 'JwtSignOptions'),
      pkg('@nestjs/passport', 'PassportModule'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      { from: 'src/users/users.module.ts', named: ['UsersModule'] },
      ...(options.refreshTokens
        ? [{ from: 'src/sessions/sessions.module.ts', named: ['SessionsModule'] }]
        : []),
      ...(controller ? [{ from: 'src/auth/auth.controller.ts', named: ['AuthController'] }] : []),
      { from: 'src/auth/auth.service.ts', named: ['AuthService'] },
      { from: 'src/auth/jwt.strategy.ts', named: ['JwtStrategy'] },
      ...(hasAuthResolver(options)
        ? [{ from: 'src/auth/auth.resolver.ts', named: ['AuthResolver'] }]
        : []),
      ...(social
        ? [
            { from: 'src/auth/social/social.controller.ts', named: ['SocialController'] },
            {
              from: 'src/auth/social/social-profiles.ts',
              named: ['socialProfilesProvider'],
            },
          ]
        : []),
    ],
    [
      classOf({
        name: 'AuthModule',
        decorators: [
          decorator(
            'Module',
            code(
              '{',
              '  imports: [',
              '    UsersModule,',
              ...(options.refreshTokens ? ['    SessionsModule,'] : []),
              '    PassportModule,',
              '    JwtModule.registerAsync({',
              '      global: true,',
              '      inject: [ConfigService],',
              '      useFactory: (config: ConfigService<Environment, true>): JwtModuleOptions => ({',
              "        secret: config.get('JWT_SECRET', { infer: true }),",
              '        signOptions: {',
              "          expiresIn: config.get('JWT_EXPIRES_IN', { infer: true }) as JwtSignOptions['expiresIn'],",
              '        },',
              '      }),',
              '    }),',
              '  ],',
              `  controllers: [${controllers.join(', ')}],`,
              `  providers: [${[
                'AuthService',
                'JwtStrategy',
                ...(social ? ['socialProfilesProvider'] : []),
                ...(hasAuthResolver(options) ? ['AuthResolver'] : []),
              ].join(', ')}],`,
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
