// src/auth/social/social-profiles.ts: whose access token it is, asked of Facebook, GitHub or Google over fetch.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, constant, interfaceOf, tsFile, typeAlias } from '../_shared/ts.js';
import { SOCIAL_PROFILES_PATH } from '../users/users.social.js';
import { apiUrlVariable, PROVIDER_METHODS } from './social-providers.js';
import { askMethod, PROFILE_CHECKS } from './social-answers.js';

export function socialProfilesTemplate(options: ProjectOptions): TypeScriptFile {
  const providers = socialProviders(options);
  return tsFile(
    SOCIAL_PROFILES_PATH,
    [
      pkg('@nestjs/common', 'BadGatewayException', 'UnauthorizedException'),
      pkgTypes('@nestjs/common', 'FactoryProvider'),
      pkg('@nestjs/config', 'ConfigService'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      typeAlias('SocialProvider', providers.map((provider) => `'${provider}'`).join(' | ')),
      interfaceOf({
        name: 'SocialProfile',
        docs: ["What sign-in keeps of a provider's account."],
        properties: [
          { name: 'id', type: 'string', docs: ["The user's id at the provider."] },
          { name: 'name', type: 'string', hasQuestionToken: true },
          { name: 'picture', type: 'string', hasQuestionToken: true },
          {
            name: 'email',
            type: 'string',
            hasQuestionToken: true,
            docs: ['Only an address the provider says is verified, trimmed and lower-cased.'],
          },
        ],
      }),
      typeAlias('SocialApiUrls', 'Record<SocialProvider, string>'),
      constant('PROVIDER_TIMEOUT_MS', '5000', {
        docs: ['How long a provider may take to answer before the sign-in fails with 502.'],
      }),
      constant('USER_AGENT', `'${options.name}'`, {
        isExported: false,
        docs: ['GitHub refuses requests without a User-Agent.'],
      }),
      ...PROFILE_CHECKS,
      classOf({
        name: 'SocialProfiles',
        docs: [
          "Asks a provider's user API whose access token it is (global fetch, time-limited). The",
          'addresses come from .env (FACEBOOK_API_URL, GITHUB_API_URL, GOOGLE_API_URL), so tests can',
          'point them at a stand-in.',
        ],
        ctors: [
          {
            parameters: [
              { name: 'urls', type: 'SocialApiUrls', scope: Scope.Private, isReadonly: true },
              {
                name: 'timeoutMs',
                scope: Scope.Private,
                isReadonly: true,
                initializer: 'PROVIDER_TIMEOUT_MS',
              },
            ],
          },
        ],
        methods: [
          {
            name: 'lookUp',
            docs: [
              'The profile of the account `token` belongs to: 401 if the provider does not know it.',
            ],
            parameters: [
              { name: 'provider', type: 'SocialProvider' },
              { name: 'token', type: 'string' },
            ],
            returnType: 'Promise<SocialProfile>',
            statements: code(
              'switch (provider) {',
              ...providers.flatMap((provider) => [
                `  case '${provider}':`,
                `    return this.${provider}(token);`,
              ]),
              '}',
            ),
          },
          ...providers.map((provider) => ({
            ...PROVIDER_METHODS[provider],
            isAsync: true,
            scope: Scope.Private,
            parameters: [{ name: 'token', type: 'string' }],
            returnType: 'Promise<SocialProfile>',
          })),
          askMethod,
        ],
      }),
      constant(
        'socialProfilesProvider',
        code(
          '{',
          '  provide: SocialProfiles,',
          '  inject: [ConfigService],',
          '  useFactory: (config: ConfigService<Environment, true>) =>',
          '    new SocialProfiles({',
          ...providers.map(
            (provider) =>
              `      ${provider}: config.get('${apiUrlVariable(provider)}', { infer: true }),`,
          ),
          '    }),',
          '}',
        ),
        {
          type: 'FactoryProvider<SocialProfiles>',
          docs: ['SocialProfiles for AuthModule, with the addresses of .env.'],
        },
      ),
    ],
  );
}
