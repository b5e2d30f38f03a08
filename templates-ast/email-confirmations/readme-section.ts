// The "E-mail confirmation" section of the generated README (--email-confirmation): routes, mail, the guard, curl lines.
import type { ProjectOptions } from '../../src/model/project.js';

export function emailConfirmationSection(options: ProjectOptions): string[] {
  if (!options.emailConfirmation) return [];
  return [
    '## E-mail confirmation',
    '',
    '| Route | Who | Answer |',
    '|---|---|---|',
    '| `POST /users` `{ email, password, link? }` | client key or master key | 201 with the user (`emailConfirmed: false`); the new address is mailed `link` followed by a single-use token, or the token alone without `link` |',
    "| `POST /users/confirm` `{ token }` | anyone holding the token | 200 with the user (`emailConfirmed: true`); the token and the user's other confirmation tokens stop working. 404 if it is unknown, used or expired; 400 without a token |",
    '| `POST /users/confirm/resend` `{ email, link? }` | client key or master key | 202 whether or not the e-mail is registered; a registered user who has not confirmed is mailed a new token |',
    '',
    '`link` is the page of your app that reads the token from its end and posts it to `/users/confirm` (an http or https URL, at most 500 characters); without it the mail holds the token for the user to paste. A token is 32 random bytes, stored only as a SHA-256 hash, valid for `EMAIL_CONFIRMATION_TTL` seconds (default 86400); the expired tokens of a user are deleted when a new one is mailed (on MongoDB, by a TTL index). The confirm and resend routes count against the sign-in limits (`THROTTLE_AUTH_*`), the resend per e-mail too. Mail goes through `SMTP_URL` as for password resets: in development without it the message is written to the log.',
    '',
    "A route can ask for a confirmed e-mail: `@Access('user', 'confirmed')` (or `'admin', 'confirmed'`) answers 403, with the way to confirm, to a signed-in user who has not confirmed. `rest api note --confirmed POST,PUT` writes it for a resource's methods and records them in `restsmith.json`.",
    '',
    '```sh',
    'curl -X POST http://localhost:9000/users -d "access_token=$MASTER_KEY&email=ada@example.com&password=correct horse&link=http://localhost:3000/confirm/"',
    '# the token is the end of the link in the mail (or in the log, in development without SMTP_URL)',
    'curl -X POST http://localhost:9000/users/confirm -d "token=$TOKEN"',
    'curl -X POST http://localhost:9000/users/confirm/resend -d "access_token=$MASTER_KEY&email=ada@example.com&link=http://localhost:3000/confirm/"',
    '```',
    '',
  ];
}
