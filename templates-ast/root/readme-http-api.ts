// The "HTTP API" section of the generated README (with accounts): the users and sign-in routes, lists, references, curl lines.
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { apiUrl, listBody } from './readme-choices.js';
import { socialSection } from './readme-social.js';
import { sessionsSection } from '../sessions/readme-section.js';

/** `POST /users`: with a password, or (social only) an account a provider sign-in will use. */
const createUserRow = (options: ProjectOptions): string =>
  hasPassword(options)
    ? `| \`POST /users\` | client key (apps) or master key; only the master key may send \`role\` (else 403) | 201 ${options.signInOnCreate ? '`{ token, user }`' : '`{ id, name, picture, email, createdAt }`'}; 409 if the e-mail is taken |`
    : `| \`POST /users\` \`{ email, name?, picture?, role? }\` | client key or master key; only the master key may send \`role\` (else 403) | 201 ${options.signInOnCreate ? '`{ token, user }`' : '`{ id, name, picture, email, createdAt }`'}, a user without a password who signs in with a provider whose verified e-mail is this one (an admin made ahead, for example); 409 if the e-mail is taken |`;

const signInRow = (options: ProjectOptions): string[] =>
  !hasPassword(options)
    ? []
    : options.refreshTokens
      ? [
          '| `POST /auth` | HTTP Basic e-mail and password, plus the client key (or the master key) | 201 `{ token, refreshToken, user }`: starts a session (JWT, `sub` = user id, `sid` = session, expires after `JWT_EXPIRES_IN`) |',
        ]
      : [
          '| `POST /auth` | HTTP Basic e-mail and password, plus the client key (or the master key) | 201 `{ token, user }` (JWT, `sub` = user id, expires after `JWT_EXPIRES_IN`) |',
        ];

/** The first curl lines: sign up and sign in with a password, or (social only) with a provider token. */
const signInCurl = (options: ProjectOptions): string[] =>
  hasPassword(options)
    ? [
        `curl -X POST ${apiUrl(options)}/users -d "access_token=$CLIENT_KEY&email=ada@example.com&password=correct-horse-1"`,
        `curl -X POST ${apiUrl(options)}/auth -u ada@example.com:correct-horse-1 -d "access_token=$CLIENT_KEY"`,
      ]
    : [
        `curl -X POST ${apiUrl(options)}/users -d "access_token=$MASTER_KEY&email=ada@example.com&role=admin"`,
        `curl -X POST ${apiUrl(options)}/auth/${socialProviders(options)[0]} -d "access_token=$${socialProviders(options)[0]!.toUpperCase()}_TOKEN"`,
      ];

export function authSection(options: ProjectOptions, run: string): string[] {
  if (!options.auth) return [];
  return [
    '## HTTP API',
    '',
    'Every route takes JSON or form-encoded bodies (at most 1 MiB, else 413). `access_token` (a key or a user token) is read from the query, the body or an `Authorization: Bearer` header.',
    '',
    '| Route | Who | Answer |',
    '|---|---|---|',
    createUserRow(options),
    ...signInRow(options),
    ...(options.refreshTokens
      ? [
          '| `POST /auth/refresh` | `{ refreshToken }` | 201 a new `{ token, refreshToken, user }`; the old refresh token stops working, and using it again ends the session (401) |',
          '| `POST /auth/sign-out` | user token | 204: ends this session |',
          '| `DELETE /users/me/sessions` | user token | 204: ends every session of the user |',
        ]
      : []),
    '| `GET /users/me` | user token | the user |',
    '| `GET /users/:id` | anyone | `{ id, name, picture }` |',
    '| `GET /users` | admin token | list (see below) |',
    '| `PUT /users/me`, `PUT /users/:id` | that user or an admin | replaces `name` and `picture` (one left out takes its default) |',
    '| `PATCH /users/me`, `PATCH /users/:id` | that user or an admin | changes what is sent of `name` and `picture`; `null` puts one back to its default |',
    ...(hasPassword(options)
      ? [
          "| `PUT /users/:id/password` | HTTP Basic of that user | sets `password` and ends the user's earlier tokens |",
        ]
      : []),
    '| `DELETE /users/:id` | admin token | 204; what the user created (their entries of `--owner` resources) goes with them |',
    '',
    '**Two keys, in `.env`.** `CLIENT_KEY` goes into your apps (web, mobile, anything a user can read): it signs users up and in' +
      (options.passwordReset || options.emailConfirmation
        ? ', asks for password resets and confirmation mails'
        : '') +
      ', and can set no `role` (403). `MASTER_KEY` stays on back ends you control: it does all the client key does, opens the `master` routes, and `POST /users` with it accepts `"role": "admin"`, so whoever holds it can make admins. Never ship the master key in an app; change a key that leaks.',
    '',
    'Errors are `{ statusCode, message, error }`: 400 for invalid input (naming the field), 401 for missing or wrong credentials, 403 for a signed-in user without the right, 404 for an id that does not exist.',
    '',
    `List routes take \`q\` (search text, see below), \`page\` (from 1), \`limit\` (1-100, default 10), \`fields\` (\`name,email\` or \`-email\`; \`id\` is always kept) and \`sort\` (indexed fields: id, createdAt, the owner and those of \`--indexes\`; \`-createdAt\` by default; another field is a 400 naming them). ${listBody(options.envelope)}`,
    '',
    "The lists of the resources `rest api` adds also filter: `?views=3` by a field's value (not `text` fields or lists), `?category=<id>` by a reference (a list of references: the entries holding that id), and `?views.gte=10`, `?views.lte=99`, `?views.in=1,2` on numbers and dates (`createdAt` too). A value that does not fit the field's type is a 400 naming the parameter, and so is a parameter the list does not know (`?publishd=true`), naming the ones it knows.",
    '',
    'References (`rest api article --fields "title category:ref:category tags:ref:tag[]"`) are sent and answered as ids; an id with no entry is a 400 naming the field. `?expand=category,tags` (on `GET /articles/:id` and the list) answers the referenced entries instead of their ids, in one query per reference. A resource added with `--nested` also lists its entries under each entry it refers to: `GET /categories/:id/articles`, `GET /tags/:id/articles` (the list route restricted to that entry; 404 when it does not exist). `LOG_LEVEL=trace` logs each SQL statement, without its parameters.',
    '',
    '```sh',
    'curl -X POST http://localhost:9000/articles -H "Content-Type: application/json" -d "{\\"title\\": \\"Hello\\", \\"category\\": \\"$CATEGORY_ID\\", \\"tags\\": [\\"$TAG_ID\\"]}"',
    'curl "http://localhost:9000/articles?category=$CATEGORY_ID&views.gte=10&expand=category,tags"',
    '```',
    '',
    '```sh',
    `${run} dev`,
    "MASTER_KEY=$(grep '^MASTER_KEY=' .env | cut -d= -f2)",
    ...signInCurl(options),
    '```',
    '',
    ...sessionsSection(options),
    ...socialSection(options),
  ];
}
