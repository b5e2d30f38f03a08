// src/auth/social/social-profiles.ts: whose access token it is, asked of Facebook, GitHub or Google over fetch.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import {
  socialProviders,
  type ProjectOptions,
  type SocialProvider,
} from '../../src/project/options.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import {
  classOf,
  code,
  constant,
  functionOf,
  interfaceOf,
  tsFile,
  typeAlias,
} from '../_shared/ts.js';
import { SOCIAL_PROFILES_PATH } from '../users/users.social.js';

/** The .env variable of a provider's API address: `GITHUB_API_URL`. */
export const apiUrlVariable = (provider: SocialProvider): string =>
  `${provider.toUpperCase()}_API_URL`;

/** Where each provider's API is when .env does not say. */
export const DEFAULT_API_URLS: Record<SocialProvider, string> = {
  facebook: 'https://graph.facebook.com',
  github: 'https://api.github.com',
  google: 'https://www.googleapis.com',
};

/** Each provider's user API: how the token is sent and what of the answer makes the profile. */
const PROVIDER_METHODS: Record<SocialProvider, OptionalKind<MethodDeclarationStructure>> = {
  facebook: {
    name: 'facebook',
    docs: [
      'Graph API `GET /me`. Facebook gives only an e-mail its user has confirmed, so it counts as verified.',
    ],
    statements: code(
      "const query = new URLSearchParams({ fields: 'id,name,email,picture', access_token: token });",
      "const user = asRecord(await this.ask('facebook', `/me?${query.toString()}`, {}));",
      'const picture = asRecord(asRecord(user?.picture)?.data)?.url;',
      "return profileOf('facebook', { id: user?.id, name: user?.name, picture, email: user?.email });",
    ),
  },
  github: {
    name: 'github',
    docs: [
      '`GET /user`, and `GET /user/emails` for the primary verified address (a token without the',
      '`user:email` scope gets none).',
    ],
    statements: code(
      "const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json' };",
      "const user = asRecord(await this.ask('github', '/user', headers));",
      "const emails = await this.ask('github', '/user/emails', headers, { optional: true });",
      'const primary = (Array.isArray(emails) ? emails : [])',
      '  .map(asRecord)',
      '  .find((entry) => entry?.primary === true && entry.verified === true);',
      "return profileOf('github', {",
      '  id: user?.id,',
      '  name: user?.name ?? user?.login,',
      '  picture: user?.avatar_url,',
      '  email: primary?.email,',
      '});',
    ),
  },
  google: {
    name: 'google',
    docs: [
      'OpenID Connect `GET /oauth2/v3/userinfo`; the e-mail counts when `email_verified` is true.',
    ],
    statements: code(
      "const user = asRecord(await this.ask('google', '/oauth2/v3/userinfo', { authorization: `Bearer ${token}` }));",
      "return profileOf('google', {",
      '  id: user?.sub,',
      '  name: user?.name,',
      '  picture: user?.picture,',
      '  email: user?.email_verified === true ? user.email : undefined,',
      '});',
    ),
  },
};

const askMethod: OptionalKind<MethodDeclarationStructure> = {
  name: 'ask',
  isAsync: true,
  scope: Scope.Private,
  docs: [
    "GET a provider's JSON within the time limit. 400 and 401 mean the provider does not know the",
    'token (401 here); no answer, a 5xx or anything else unexpected is a 502 naming the provider.',
    'An `optional` answer that the token may not see (4xx) is undefined.',
  ],
  parameters: [
    { name: 'provider', type: 'SocialProvider' },
    { name: 'path', type: 'string' },
    { name: 'headers', type: 'Record<string, string>' },
    { name: '{ optional = false }', type: '{ optional?: boolean }', initializer: '{}' },
  ],
  returnType: 'Promise<unknown>',
  statements: code(
    "const url = `${this.urls[provider].replace(/\\/+$/, '')}${path}`;",
    'let response: Response;',
    'try {',
    '  response = await fetch(url, {',
    "    headers: { accept: 'application/json', 'user-agent': USER_AGENT, ...headers },",
    "    redirect: 'error',",
    '    signal: AbortSignal.timeout(this.timeoutMs),',
    '  });',
    '} catch (error) {',
    '  // A DOMException, which is not an Error in every realm (jest): read its name only.',
    "  const late = (error as { name?: unknown } | null)?.name === 'TimeoutError';",
    '  throw new BadGatewayException(',
    "    `${provider} ${late ? `did not answer within ${this.timeoutMs} ms` : 'could not be reached'}: try again later`,",
    '  );',
    '}',
    'if (!response.ok) {',
    '  await response.body?.cancel();',
    '  if (response.status < 500 && optional) return undefined;',
    '  if (response.status === 400 || response.status === 401) {',
    '    throw new UnauthorizedException(`The ${provider} access token is unknown, expired or revoked`);',
    '  }',
    '  throw new BadGatewayException(`${provider} answered ${response.status}: try again later`);',
    '}',
    'try {',
    '  return (await response.json()) as unknown;',
    '} catch {',
    '  throw new BadGatewayException(`${provider} answered something other than JSON, or too late: try again later`);',
    '}',
  ),
};

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
      constant(
        'asRecord',
        "(value: unknown): Record<string, unknown> | undefined => typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined",
        { isExported: false },
      ),
      constant(
        'text',
        "(value: unknown, max: number): string | undefined => { const trimmed = typeof value === 'string' ? value.trim() : ''; return trimmed !== '' && trimmed.length <= max ? trimmed : undefined; }",
        {
          isExported: false,
          docs: [
            'A non-empty string of at most `max` characters (what the users table holds), else undefined.',
          ],
        },
      ),
      functionOf({
        name: 'profileOf',
        isExported: false,
        docs: [
          "The profile from a provider's fields, checked as any input is: a missing id is the provider's",
          'fault (502); a name, picture or e-mail that does not fit is left out.',
        ],
        parameters: [
          { name: 'provider', type: 'SocialProvider' },
          { name: 'fields', type: 'Record<keyof SocialProfile, unknown>' },
        ],
        returnType: 'SocialProfile',
        statements: code(
          "const id = typeof fields.id === 'number' ? String(fields.id) : text(fields.id, 255);",
          'if (!id) throw new BadGatewayException(`${provider} answered without a user id: try again later`);',
          'const picture = text(fields.picture, 255);',
          'const email = text(fields.email, 254)?.toLowerCase();',
          'return {',
          '  id,',
          '  name: text(fields.name, 255),',
          '  picture: picture && /^https?:\\/\\//.test(picture) ? picture : undefined,',
          "  email: email?.includes('@') ? email : undefined,",
          '};',
        ),
      }),
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
