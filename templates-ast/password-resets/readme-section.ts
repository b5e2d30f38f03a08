// The "Password reset by e-mail" section of the generated README (--password-reset): routes, tokens, mail, curl lines.
import type { ProjectOptions } from '../../src/model/project.js';
import { apiUrl } from '../root/readme-choices.js';

export function passwordResetSection(options: ProjectOptions): string[] {
  if (!options.passwordReset) return [];
  return [
    '## Password reset by e-mail',
    '',
    '| Route | Who | Answer |',
    '|---|---|---|',
    '| `POST /password-resets` `{ email, link }` | client key or master key | 202 whether or not the e-mail is registered; a registered user is mailed `link` followed by a single-use token |',
    '| `GET /password-resets/:token` | anyone holding the token | 200 `{ user: { id, name, picture } }`; 404 if it is unknown, used or expired |',
    "| `PUT /password-resets/:token` `{ password }` | anyone holding the token | 200 with the user; the token, the user's other reset tokens and their JWTs stop working |",
    '',
    '`link` is the page of your app that reads the token from its end (an http or https URL, at most 500 characters). A token is 32 random bytes, stored only as a SHA-256 hash, valid for `PASSWORD_RESET_TTL` seconds (default 3600); the expired tokens of a user are deleted when they ask for a new one (on MongoDB, by a TTL index). These routes count against the sign-in limits (`THROTTLE_AUTH_*`), the request per e-mail too, and request logs show the token as `[Redacted]`.',
    '',
    'Mail goes to the SMTP server of `SMTP_URL` (`smtps://user:password@smtp.example.com:465`), from `MAIL_FROM`. In development without `SMTP_URL` the message is written to the log, so that you can follow the link; in production without it nothing is sent and the log says so, without the link.',
    '',
    '```sh',
    `curl -X POST ${apiUrl(options)}/password-resets -d "access_token=$MASTER_KEY&email=ada@example.com&link=http://localhost:3000/reset/"`,
    '# the token is the end of the link in the mail (or in the log, in development without SMTP_URL)',
    `curl ${apiUrl(options)}/password-resets/$TOKEN`,
    `curl -X PUT ${apiUrl(options)}/password-resets/$TOKEN -d "password=a new secret"`,
    '```',
    '',
  ];
}
