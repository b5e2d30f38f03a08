// The "Social sign-in" section of the generated README: POST /auth/<provider>, its .env and curl lines.
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { apiUrlVariable, DEFAULT_API_URLS } from '../auth/social-providers.js';

const ASKS = {
  facebook: '`GET /me?fields=id,name,email,picture`',
  github:
    '`GET /user` and `GET /user/emails` (the primary verified address; needs the `user:email` scope)',
  google: '`GET /oauth2/v3/userinfo` (the address counts when `email_verified` is true)',
};

export function socialSection(options: ProjectOptions): string[] {
  const providers = socialProviders(options);
  if (providers.length === 0) return [];
  const password = hasPassword(options);
  // --refresh-tokens: every sign-in path starts a session, these routes too.
  const answer = options.refreshTokens ? '`{ token, refreshToken, user }`' : '`{ token, user }`';
  return [
    '### Social sign-in',
    '',
    `Your client signs the user in at the provider (its OAuth flow) and sends the access token it got; the server asks the provider whose token it is and answers 201 ${answer}${password ? ', as `POST /auth` does' : ''}. These routes take no master key: the provider token is the credential.${password ? '' : ' They are the only way in: without `password` in `--auth-methods` there is no `POST /auth`, no password column and no `PUT /users/:id/password`.'}`,
    '',
    '| Route | Asks the provider | Answer |',
    '|---|---|---|',
    ...providers.map(
      (provider) =>
        `| \`POST /auth/${provider}\` \`{ access_token }\` | ${ASKS[provider]} at \`${apiUrlVariable(provider)}\` (default \`${DEFAULT_API_URLS[provider]}\`) | 201 ${answer} |`,
    ),
    '',
    "The user is the one who signed in with that provider account before; else the user with the profile's **verified** e-mail, which is linked to the provider from then on (a user made with `POST /users` or `create-admin` signs in so); else a new user named and pictured as at the provider" +
      (password
        ? ', **without a password** (password sign-in answers them 401 as for a wrong password' +
          (options.passwordReset ? ', until they set one by password reset' : '') +
          ')'
        : '') +
      '. An account without a verified e-mail is refused (403), so nobody takes over an account by claiming its address.' +
      (password
        ? options.emailConfirmation
          ? ' Linking an account whose e-mail was never confirmed here ends its password and its sessions: whoever chose that password may have signed the address up before its owner (account pre-hijack). An account confirmed here keeps its password.'
          : ' Linking an account ends its password and its sessions: nothing here proved that whoever chose that password owns the address (they may have signed it up before its owner: account pre-hijack)' +
            (options.passwordReset ? '; a password reset sets a new one.' : '.')
        : '') +
      ' Each user keeps their provider ids, each under a unique index (`' +
      providers.map((provider) => `${provider}Id`).join('`, `') +
      '`).',
    '',
    'Errors: 401 when `access_token` is missing or the provider does not know the token (expired, revoked); 502 with the reason when the provider cannot be reached, answers an error or takes longer than 5 s (`PROVIDER_TIMEOUT_MS` in `src/auth/social/social-profiles.ts`); 429 past the sign-in limits (`THROTTLE_AUTH_*`, per client address). Tests point the `*_API_URL` variables at a stand-in served by the test (`test/social-sign-in.e2e-spec.ts`).',
    '',
    '```sh',
    ...providers.map(
      (provider) =>
        `curl -X POST http://localhost:9000/auth/${provider} -d "access_token=$${provider.toUpperCase()}_TOKEN"`,
    ),
    `curl -X POST http://localhost:9000/auth/${providers[0]} -H "Authorization: Bearer $${providers[0]!.toUpperCase()}_TOKEN"`,
    '```',
    '',
  ];
}
