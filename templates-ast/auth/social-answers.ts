// How the generated SocialProfiles reads a provider: the time-limited GET, its failures as 401 or 502, the profile checks.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import { Scope } from '../../src/loader/ts-morph.js';
import { code, constant, functionOf, type Statement } from '../_shared/ts.js';

/** SocialProfiles.ask: the one request to a provider, and what each way of failing answers. */
export const askMethod: OptionalKind<MethodDeclarationStructure> = {
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

/** Module-level helpers of the generated file that turn a provider's JSON into a checked SocialProfile. */
export const PROFILE_CHECKS: Statement[] = [
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
];
