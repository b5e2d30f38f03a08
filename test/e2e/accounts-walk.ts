// What the account walks over HTTP share (mail-walk.ts, sessions-walk.ts, admin-walk.ts, social-walk.ts):
import { randomBytes } from 'node:crypto';
// the handles of the running project, a JSON caller and password sign-in.
import type { MailServer } from './mail-server.js';

/** What the walks need of the running project; read when each test runs, after the hooks. */
export interface AccountsWalk {
  dir: string;
  /** The project's database, for its scripts (create-admin). */
  env: NodeJS.ProcessEnv;
  url: () => string;
  masterKey: () => string;
  mail: () => MailServer;
}

/** A JSON request to the running project, with a user token as Bearer when given. */
export const callerOf =
  (walk: { url: () => string }) => (method: string, path: string, body?: object, token?: string) =>
    fetch(`${walk.url()}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body && JSON.stringify(body),
    });

/** POST /auth: HTTP Basic with the master key, as the seed asks. */
export const passwordSignIn = (
  walk: { url: () => string; masterKey: () => string },
  email: string,
  password: string,
) =>
  fetch(`${walk.url()}/auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
    },
    body: JSON.stringify({ access_token: walk.masterKey() }),
  });

/**
 * Signs up a new address `<label>-<random>@example.com` with the master key, `password` and any other
 * body fields; its e-mail and id. Throws with the answer when it is not a 201.
 */
export async function signUpFresh(
  walk: { url: () => string; masterKey: () => string },
  label: string,
  password: string,
  fields: Record<string, unknown> = {},
): Promise<{ email: string; id: string }> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await callerOf(walk)('POST', '/users', {
    access_token: walk.masterKey(),
    email,
    password,
    ...fields,
  });
  if (answer.status !== 201) throw new Error(`sign-up: ${answer.status} ${await answer.text()}`);
  return { email, id: ((await answer.json()) as { id: string }).id };
}
