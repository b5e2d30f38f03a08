// The README's security parts: input limits and headers, who may call a route, passwords, tokens, rate limits.
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';

/** What hostile input meets, and the headers the answers carry (issue 10.1, 10.3, 10.7, 10.8). */
export const INPUT_AND_HEADERS = [
  '### Input limits and headers',
  '',
  '- Bodies: JSON or form-encoded (another type is 415), at most 1 MiB. Before any validation runs, a body may hold at most 1,000 keys per object (a form: 1,000 fields), 1,000 items per list and 100,000 characters per text (else 413), nested at most 20 levels deep (else 400). NUL characters and the keys `__proto__`, `constructor` and `prototype` are 400.',
  '- Fields: numbers are written in decimals (`12`, `-0.5`; not `0x10` or an empty value), booleans as `true` or `false`, dates in ISO 8601; one form value of a list field is a one-item list; lists hold at most 100 items.',
  '- Requests: a malformed `Host` header, or a NUL character (`%00`) in the URL or in Basic credentials, is 400; a URL (path and query) over 4,096 characters is 414; a request that has not arrived in full (headers and body) within `REQUEST_TIMEOUT` seconds (30) is 408 and its connection closed, on Express and Fastify alike.',
  '- Answers: a list page holds at most about 1 MiB of JSON (`MAX_LIST_ANSWER` in `src/common/paging.ts`), so a short request never brings back megabytes of long texts: a longer page is cut to its first entries (at least one), and its `Link` header then pages on by that smaller `limit`, without a gap or a repeat; `X-Total-Count` still counts every match.',
  "- Headers: helmet's defaults; answers to requests that carry credentials have `Cache-Control: no-store`; paging links are relative, or under `PUBLIC_URL` when it is set, never built from the `Host` header.",
  '- `CORS_ORIGINS`: browser origins allowed to call the API, as a comma list; unset (the default), no cross-origin call is allowed.',
  '- `TRUST_PROXY`: `false` (default), `true`, a number of proxies, or addresses such as `loopback, 10.0.0.0/8`; set it when the server runs behind a reverse proxy, so that client addresses and protocols come from `X-Forwarded-*`. Production refuses `true`, which trusts every hop and so lets any client pick its address (and its rate-limit key): give the number of proxies or their addresses.',
  '- Secrets: production refuses to start with a key or secret of fewer than 12 different characters or made of one piece repeated, and with two of them alike; the generated ones are random.',
  '',
];

const LIMITS_TABLE = (options: ProjectOptions): string[] => [
  '| What | Limit (.env) | Default |',
  '|---|---|---|',
  '| Every route, per client address | `THROTTLE_LIMIT` requests per `THROTTLE_TTL` seconds | 300 per 60 s |',
  ...(!options.auth
    ? []
    : hasPassword(options)
      ? [
          '| `POST /auth`, `POST /auth/refresh` (with --refresh-tokens), `POST /auth/<provider>` (social sign-in), `POST /users`, `PUT /users/:id/password`: per client address, each route | `THROTTLE_AUTH_LIMIT` per `THROTTLE_AUTH_TTL` seconds | 30 per 900 s |',
          '| The same routes: per account (the e-mail of the Basic header or the body); `POST /auth` and `PUT /users/:id/password` share one count, so a guess counts wherever it is made | `THROTTLE_AUTH_ACCOUNT_LIMIT` per `THROTTLE_AUTH_TTL` seconds | 10 per 900 s |',
        ]
      : [
          '| `POST /auth/<provider>`, `POST /auth/refresh` (with --refresh-tokens), `POST /users`: per client address, each route | `THROTTLE_AUTH_LIMIT` per `THROTTLE_AUTH_TTL` seconds | 30 per 900 s |',
          '| The same routes: per account (the e-mail of the body) | `THROTTLE_AUTH_ACCOUNT_LIMIT` per `THROTTLE_AUTH_TTL` seconds | 10 per 900 s |',
        ]),
];

export function securitySection(options: ProjectOptions): string[] {
  const password = options.auth && hasPassword(options);
  const levels = password
    ? "`public`, `master`, `client` (the client key or the master key), `user`, `admin` or `password` (HTTP Basic of the account; several levels are all required, as `@Access('client', 'password')` on `POST /auth`)"
    : options.auth
      ? '`public`, `master`, `client` (the client key or the master key), `user` or `admin`'
      : '`public` or `master`';
  return [
    '## Security',
    '',
    `- **Every route says who may call it** with \`@Access(...)\`: ${levels}. A global guard (\`src/common/access.guard.ts\`) answers 403 to a route without the mark, so a route added without one is closed, not public.`,
    options.auth && !password
      ? '- **Two keys.** The client key (`CLIENT_KEY`, for apps) signs users up with no `role`; the master key (`MASTER_KEY`, back ends only) also sets roles, admins included. Whoever holds the master key can create an admin: keep it off every client, and change it if it leaks. Changing `JWT_SECRET` ends every token.'
      : options.auth
        ? '- **Two keys.** The client key (`CLIENT_KEY`, for apps) signs users up with no `role` and signs them in; the master key (`MASTER_KEY`, back ends only) does the same and also sets roles, admins included. Whoever holds the master key can create an admin: keep it off every client, and change it if it leaks. Changing `JWT_SECRET` ends every token.'
        : '- **The master key** opens every `master` route: keep it secret, and change it if it leaks.',
    ...(options.passwordReset || options.emailConfirmation
      ? [
          "- **Mail links** lead to your app only: the `link` of a request that mails a token must start with one of `APP_ORIGINS` (a comma list of origins in `.env`, e.g. `https://app.example.com`), else 400, so the app's own mail never carries a token to a host a request names.",
        ]
      : []),
    ...(password
      ? [
          '- **Passwords** follow NIST SP 800-63B: at least 8 characters (at most 128), not one of the most common passwords (`COMMON_PASSWORDS` in `src/users/password.ts`: add your own words) and not one character repeated; no rules of character kinds. They are stored as scrypt hashes. An unknown e-mail, a wrong password and the right password of another account get the same 401 after the same hash work, so answers tell nothing about which e-mails have accounts. Credentials are checked before the body is read.',
          '- **Tokens** are HS256 JWTs valid for `JWT_EXPIRES_IN`. Changing a password ends the earlier tokens of that user (`tokenVersion`); deleting a user ends theirs.',
        ]
      : options.auth
        ? [
            '- **No passwords**: users sign in with a provider (`--auth-methods` without `password`), so there is no `POST /auth`, no password column and nothing to guess.',
            '- **Tokens** are HS256 JWTs valid for `JWT_EXPIRES_IN`. Deleting a user ends their tokens.',
          ]
        : []),
    '- **Rate limits** answer 429 with `Retry-After` (seconds) and a message naming the limit:',
    '',
    ...LIMITS_TABLE(options),
    '',
    "The client address is `request.ip`: behind a reverse proxy, set `TRUST_PROXY` so that the address is the client's and not the proxy's. A back end that calls the key routes for its users (sign-in from a server, say) is such a proxy: name its address in `TRUST_PROXY` and have it send `X-Forwarded-For: <the user's address>`, so that the per-address limits count users, not the back end. The counters live in the process; with several instances, set `REDIS_URL` (for example `redis://127.0.0.1:6379`) and they share them. A `REDIS_URL` where no Redis answers stops the start; if Redis goes away later, each instance counts alone until it is back." +
      (password
        ? ' A per-account limit lets anyone hold up the sign-ins of an e-mail for `THROTTLE_AUTH_TTL` seconds by sending wrong passwords for it: the price of stopping password guessing. Raise or lower it in `.env`.'
        : ''),
    '',
  ];
}
