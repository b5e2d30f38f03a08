// src/auth/social/social.controller.ts: POST /auth/<provider>, sign-in with a Facebook, GitHub or Google access token.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import {
  socialProviders,
  type ProjectOptions,
  type SocialProvider,
} from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, constant, decorator, injected, param, tsFile } from '../_shared/ts.js';
import { SOCIAL_PROFILES_PATH } from '../users/users.social.js';

export const SOCIAL_CONTROLLER_PATH = 'src/auth/social/social.controller.ts';

const TITLES: Record<SocialProvider, string> = {
  facebook: 'Facebook',
  github: 'GitHub',
  google: 'Google',
};

const BODY = [
  '{',
  '  schema: {',
  "    type: 'object',",
  "    required: ['access_token'],",
  "    properties: { access_token: { type: 'string', description: \"The provider's access token (or send it as Authorization: Bearer)\" } },",
  '  },',
  '}',
];

const routeOf = (provider: SocialProvider): OptionalKind<MethodDeclarationStructure> => ({
  name: provider,
  docs: [
    `Signs in with a ${TITLES[provider]} access token: the user with that ${TITLES[provider]} account, the user with its`,
    'verified e-mail (linked from now on), or a new user. No master key: the token is the credential.',
  ],
  decorators: [
    decorator('Post', `'${provider}'`),
    decorator('Access', "'public'"),
    decorator('LimitAttempts'),
    decorator('ApiBody', code(...BODY)),
    decorator('ApiCreatedResponse', '{ type: SignInResult }'),
    decorator('ApiErrors', '401', '403', '429'),
    decorator(
      'ApiBadGatewayResponse',
      `{ description: '${TITLES[provider]} could not be reached, answered too late or answered an error', type: ErrorView }`,
    ),
  ],
  parameters: [param('token', 'string', [decorator('ProviderToken')])],
  returnType: 'Promise<SignInResult>',
  statements: code(`return this.signIn('${provider}', token);`),
});

export function socialControllerTemplate(options: ProjectOptions): TypeScriptFile {
  const providers = socialProviders(options);
  return tsFile(
    SOCIAL_CONTROLLER_PATH,
    [
      pkg('@nestjs/common', 'Controller', 'Post', 'UnauthorizedException', 'createParamDecorator'),
      pkgTypes('@nestjs/common', 'ExecutionContext'),
      pkg('@nestjs/swagger', 'ApiBadGatewayResponse', 'ApiBody', 'ApiCreatedResponse', 'ApiTags'),
      httpTypeImports(options, 'request'),
      use('access', 'Access'),
      use('accessToken', 'extractAccessToken'),
      use('apiDocs', 'ApiBodies', 'ApiErrors', 'ErrorView'),
      use('rateLimit', 'LimitAttempts'),
      { from: 'src/auth/auth.service.ts', named: ['AuthService', 'SignInResult'] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      { from: SOCIAL_PROFILES_PATH, named: ['SocialProfiles'], types: ['SocialProvider'] },
    ],
    [
      constant(
        'ProviderToken',
        code(
          'createParamDecorator((_data: unknown, context: ExecutionContext): string => {',
          `  const token = extractAccessToken(context.switchToHttp().getRequest<${httpNames(options).request}>());`,
          '  if (!token) throw new UnauthorizedException("Send the provider\'s access token as access_token");',
          '  return token;',
          '})',
        ),
        {
          docs: [
            "The provider's access token: `access_token` in the body or the query, or a Bearer header.",
          ],
        },
      ),
      classOf({
        name: 'SocialController',
        docs: ['Rate-limited like POST /auth: each attempt costs a call to the provider.'],
        decorators: [
          decorator('ApiTags', "'auth'"),
          decorator('ApiBodies'),
          decorator('Controller', "'auth'"),
        ],
        ctors: [
          {
            parameters: [
              injected('profiles', 'SocialProfiles'),
              injected('users', 'UsersService'),
              injected('auth', 'AuthService'),
            ],
          },
        ],
        methods: [
          ...providers.map(routeOf),
          {
            name: 'signIn',
            isAsync: true,
            scope: Scope.Private,
            parameters: [
              { name: 'provider', type: 'SocialProvider' },
              { name: 'token', type: 'string' },
            ],
            returnType: 'Promise<SignInResult>',
            statements: code(
              'const profile = await this.profiles.lookUp(provider, token);',
              'const user = await this.users.findOrCreateFromProvider(provider, profile);',
              'return this.auth.signIn({ id: user.id, role: user.role });',
            ),
          },
        ],
      }),
    ],
  );
}
