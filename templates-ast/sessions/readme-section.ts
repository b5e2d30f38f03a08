// The "Sessions" section of the generated README (--refresh-tokens): token lifetimes, refresh, sign-out, curl lines.
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { apiUrl } from '../root/readme-choices.js';

export function sessionsSection(options: ProjectOptions): string[] {
  if (!options.refreshTokens) return [];
  return [
    '### Sessions',
    '',
    `Each sign-in starts a session. Access tokens last \`JWT_EXPIRES_IN\` (15 minutes); the refresh token lasts \`REFRESH_TOKEN_DAYS\` days from its last use and is good for one refresh: keep the new one of each answer. A refresh token used a second time means someone kept a copy, so the whole session ends and the user signs in again. Sign-out, sign-out everywhere${hasPassword(options) ? ' and a password change' : ''} end sessions at once: their access tokens are refused from the next request on.`,
    '',
    '```sh',
    hasPassword(options)
      ? `SIGNED_IN=$(curl -s -X POST ${apiUrl(options)}/auth -u ada@example.com:secret -d "access_token=$MASTER_KEY")`
      : `SIGNED_IN=$(curl -s -X POST ${apiUrl(options)}/auth/${socialProviders(options)[0]} -d "access_token=$${socialProviders(options)[0]!.toUpperCase()}_TOKEN")`,
    'REFRESH=$(echo "$SIGNED_IN" | node -pe \'JSON.parse(require("fs").readFileSync(0)).refreshToken\')',
    'TOKEN=$(echo "$SIGNED_IN" | node -pe \'JSON.parse(require("fs").readFileSync(0)).token\')',
    `curl -X POST ${apiUrl(options)}/auth/refresh -H "Content-Type: application/json" -d "{\\"refreshToken\\": \\"$REFRESH\\"}"`,
    `curl -X POST ${apiUrl(options)}/auth/sign-out -H "Authorization: Bearer $TOKEN"`,
    `curl -X DELETE ${apiUrl(options)}/users/me/sessions -H "Authorization: Bearer $TOKEN"`,
    '```',
    '',
  ];
}
