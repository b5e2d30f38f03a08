// Each social provider of the generated SocialProfiles: its API address (.env and default) and the method that asks it.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import type { SocialProvider } from '../../src/model/project.js';
import { code } from '../_shared/ts.js';

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
export const PROVIDER_METHODS: Record<SocialProvider, OptionalKind<MethodDeclarationStructure>> = {
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
