// The project the hostile-input suite attacks: `rest new` + the article and comment resources, built and started in production.
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { masterKeyOf, secretsOf } from '../e2e/project.js';
import {
  newProject,
  postgresDatabase,
  rest,
  run,
  startServer,
  type Server,
} from '../api/project.js';

/** The resource of the attack report: text, a list, an optional number, an owner, user-only writes. */
export const ARTICLE = [
  'article',
  '--fields',
  'title:string content:text tags:string[] views?:number',
  '--owner',
  'author',
  '--user',
  'POST,PUT,DELETE',
];

/** Comments on articles, each of its writer: a required reference between two owned resources. */
export const COMMENT = [
  'comment',
  '--fields',
  'body:text article:ref:article',
  '--owner',
  'author',
  '--user',
  'POST,PUT,DELETE',
];

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The JSON body, or undefined when the body is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the server's JSON
}

export interface Call {
  token?: string;
  basic?: [string, string];
  json?: unknown;
  form?: Record<string, string | string[]>;
  /** A body sent as is, with `type` as its content type (application/json unless given). */
  raw?: string | Buffer;
  type?: string;
  /** Headers sent as given, Host included (fetch cannot send a Host of its own). */
  headers?: Record<string, string>;
}

export interface Target {
  url: string;
  masterKey: string;
  /** CLIENT_KEY of the project's .env: what every client app holds. */
  clientKey: string;
  jwtSecret: string;
  /** One HTTP request through node:http, so any header (Host included) can be sent. */
  http: (method: string, path: string, call?: Call) => Promise<Answer>;
  /** A new user signed up with the master key and signed in: a fresh e-mail each call. */
  user: (
    role?: 'user' | 'admin',
  ) => Promise<{ id: string; email: string; password: string; token: string }>;
  /** The directory of the generated project, and the environment it runs with. */
  dir: string;
  env: NodeJS.ProcessEnv;
  /** Starts another instance of the same project (same database), for tests that need their own. */
  start: (env?: NodeJS.ProcessEnv) => Promise<Server>;
}

export const PASSWORD = 'hostile-secret-1';

/**
 * The shared target runs with generous rate limits: the attack groups sign up and sign in many users
 * from 127.0.0.1. The limits themselves are attacked on instances of their own (attacks/rate-limits.ts).
 */
const GENEROUS_LIMITS: NodeJS.ProcessEnv = {
  THROTTLE_LIMIT: '100000',
  THROTTLE_AUTH_LIMIT: '100000',
  THROTTLE_AUTH_ACCOUNT_LIMIT: '100000',
};

/** The environment the project runs with on `database`, or why that database is not here. */
export type Database = 'sqlite' | 'postgres' | 'mongodb';

export function databaseEnv(database: Database): {
  env?: NodeJS.ProcessEnv;
  skip?: string;
} {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'production', ...GENEROUS_LIMITS };
  if (database === 'sqlite') return { env };
  if (database === 'mongodb') {
    // No mongod can be had here; where one runs, MONGODB_URI points the suite at it.
    const uri = process.env.MONGODB_URI;
    if (uri) return { env: { ...env, MONGODB_URI: uri } };
    return { skip: 'no MongoDB server here; set MONGODB_URI to run this suite against one' };
  }
  const postgres = postgresDatabase('restsmith_hostile');
  if (postgres.url) return { env: { ...env, DATABASE_URL: postgres.url } };
  if (process.env.RESTSMITH_REQUIRE_POSTGRES) throw new Error(postgres.reason);
  return { skip: postgres.reason };
}

/** Generates, builds and starts the project on `database` with `env`. */
export async function prepareTarget(
  database: Database,
  env: NodeJS.ProcessEnv,
): Promise<{ target: Target; stop: () => Promise<void> }> {
  // As the attack report had them: SQLite on Express, PostgreSQL on Fastify; GraphQL beside REST
  // (issue 33), so that every attack meets POST /graphql too.
  const dir = newProject(`hostile-${database}`, database, {
    flags: ['--graphql', ...(database === 'postgres' ? ['--http', 'fastify'] : [])],
  });
  for (const resource of [ARTICLE, COMMENT]) {
    const added = rest(dir, 'api', ...resource, '--yes');
    if (added.status !== 0) throw new Error(`rest api failed:\n${added.output}`);
  }
  const built = run('npm', ['run', 'build'], dir);
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.output}`);
  const start = (extra: NodeJS.ProcessEnv = {}) => startServer(dir, { ...env, ...extra });
  const server = await start();
  return { target: targetOf(server.url, dir, env, start), stop: server.stop };
}

function targetOf(
  url: string,
  dir: string,
  env: NodeJS.ProcessEnv,
  start: Target['start'],
): Target {
  const { masterKey, clientKey, jwtSecret } = secretsOf(dir);
  const http = (method: string, path: string, call: Call = {}) => send(url, method, path, call);
  const user: Target['user'] = async (role = 'user') => {
    const email = `u-${randomBytes(6).toString('hex')}@example.com`;
    const made = await http('POST', '/users', {
      json: { email, password: PASSWORD, role, access_token: masterKey },
    });
    if (made.status !== 201) throw new Error(`sign-up: ${made.status} ${made.text}`);
    const signedIn = await http('POST', '/auth', {
      basic: [email, PASSWORD],
      json: { access_token: masterKey },
    });
    if (signedIn.status !== 201) throw new Error(`sign-in: ${signedIn.status} ${signedIn.text}`);
    return { id: made.body.id, email, password: PASSWORD, token: signedIn.body.token };
  };
  return { url, masterKey: masterKeyOf(dir), clientKey, jwtSecret, http, user, dir, env, start };
}

function bodyOf(call: Call): { body?: string | Buffer; type?: string } {
  if (call.raw !== undefined) return { body: call.raw, type: call.type ?? 'application/json' };
  if (call.json !== undefined) return { body: JSON.stringify(call.json), type: 'application/json' };
  if (call.form) {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(call.form))
      for (const item of [value].flat()) form.append(key, item);
    return { body: form.toString(), type: 'application/x-www-form-urlencoded' };
  }
  return {};
}

/** Sends one request; a connection the server drops comes back as status 0 with the error's text. */
export function send(url: string, method: string, path: string, call: Call = {}): Promise<Answer> {
  const { body, type } = bodyOf(call);
  const headers: Record<string, string> = {};
  if (type) headers['content-type'] = type;
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.basic)
    headers.authorization = `Basic ${Buffer.from(call.basic.join(':')).toString('base64')}`;
  Object.assign(headers, call.headers);
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const req = request({ host: hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: json });
      });
    });
    req.on('error', (error) =>
      resolve({ status: 0, headers: {}, text: error.message, body: undefined }),
    );
    req.end(body);
  });
}
