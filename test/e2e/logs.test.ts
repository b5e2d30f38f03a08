// One log format: a production server writes only JSON lines, and every line written while it serves a
// request (its SQL, its error, its request line) carries that request's id, on Express and Fastify.
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { passed } from './checks.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  freePort,
  generate,
  install,
  postgresDatabase,
  projectEnv,
  run,
  secretsOf,
  work,
} from './project.js';

const LONG = 1_200_000;

/** One request the test made: its id (the `X-Request-Id` answer header) and when it was in flight. */
interface Served {
  what: string;
  id: string;
  status: number;
  from: number;
  to: number;
}

/**
 * `node dist/main.js` in production at LOG_LEVEL=trace; `act` makes requests, and may stop reading the
 * server's stdout (a log reader that falls behind), read again once SIGTERM is sent; everything it wrote.
 */
async function serveProduction(
  dir: string,
  env: NodeJS.ProcessEnv,
  act: (url: string, stdout: Readable) => Promise<void>,
): Promise<string> {
  const port = await freePort();
  const child = spawn('node', ['dist/main.js'], {
    cwd: dir,
    env: projectEnv({ ...env, NODE_ENV: 'production', LOG_LEVEL: 'trace', PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': the last lines of stdout may still be on their way when the process exits.
  const exited = new Promise<void>((done) => child.on('close', () => done()));
  try {
    await waitFor(
      () => output.includes(`listening on http://0.0.0.0:${port}`),
      () => output,
    );
    await act(`http://127.0.0.1:${port}`, child.stdout);
  } catch (error) {
    throw new Error(`${String(error)}, the server wrote:\n${output}`, { cause: error });
  } finally {
    child.kill('SIGTERM');
    child.stdout.resume();
    await exited;
  }
  return output;
}

async function waitFor(ready: () => boolean, output: () => string): Promise<void> {
  for (let waited = 0; !ready(); waited += 100) {
    if (waited > 60_000) throw new Error(`the server did not start:\n${output()}`);
    await new Promise((later) => setTimeout(later, 100));
  }
}

/** Sign-up, a 404, then a 500: `breakUsers` renames the users table under the running server. */
async function walk(dir: string, url: string, breakUsers: () => void): Promise<Served[]> {
  const served: Served[] = [];
  const call = async (what: string, method: string, path: string, body?: object) => {
    const from = Date.now();
    const answer = await fetch(`${url}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    const text = await answer.text();
    const id = answer.headers.get('x-request-id') ?? '';
    served.push({ what, id, status: answer.status, from, to: Date.now() });
    return text;
  };
  const signUp = (email: string) => ({
    access_token: secretsOf(dir).masterKey,
    email,
    password: 'correct-horse-battery-staple-9',
  });
  const user = JSON.parse(await call('sign-up', 'POST', '/users', signUp('first@example.com'))) as {
    id: string;
  };
  await call('read', 'GET', `/users/${user.id}`);
  await call('not found', 'GET', '/no-such-route');
  breakUsers();
  await call('error', 'POST', '/users', signUp('second@example.com'));
  // A read by id runs on the driver's own connection (src/database/find-by-id.ts): logged as well.
  await call('read error', 'GET', `/users/${user.id}`);
  return served;
}

/** Every line is one JSON object; the lines written while a request was served carry its id. */
function checkLines(output: string, served: Served[], failed: RegExp): void {
  const lines = output.split('\n').filter((line) => line.trim() !== '');
  const records = lines.map((line) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`not a JSON line: ${line}\n\nthe whole output:\n${output}`);
    }
  });
  expect(served.map(({ what, status }) => [what, status])).toEqual([
    ['sign-up', 201],
    ['read', 200],
    ['not found', 404],
    ['error', 500],
    ['read error', 500],
  ]);
  for (const request of served) expect(request.id).toMatch(/^[\w-]{8,}$/);
  for (const record of records) {
    // A request's own last line (pino's "request completed") may be written just after the client has
    // its answer and sent the next request: a request's window stays open a second longer.
    const during = served.filter(
      ({ from, to }) => Number(record.time) >= from && Number(record.time) <= to + 1000,
    );
    if (during.length === 0) continue;
    expect(
      during.map(({ id }) => id),
      `a line written while serving ${during[0]!.what}: ${JSON.stringify(record)}`,
    ).toContain(record.reqId);
  }
  const [signUp, read, notFound, error, readError] = served as [
    Served,
    Served,
    Served,
    Served,
    Served,
  ];
  const of = (request: Served) => records.filter((record) => record.reqId === request.id);
  expect(of(signUp).some((record) => record.context === 'SQL')).toBe(true);
  // The statement of a read by id, logged as TypeORM logs its own statements.
  const statement = (request: Served) =>
    of(request).filter(
      (record) => record.context === 'SQL' && /^SELECT .*\busers\b/i.test(String(record.msg)),
    );
  expect(statement(read), JSON.stringify(of(read))).toHaveLength(1);
  const failedRead = of(readError).find(
    (record) => record.context === 'SQL' && Number(record.level) >= 50,
  );
  expect(JSON.stringify(failedRead), JSON.stringify(of(readError))).toMatch(failed);
  expect(
    of(notFound).some((record) => (record.res as { statusCode?: number })?.statusCode === 404),
  ).toBe(true);
  const failure = of(error).find((record) => record.context === 'ExceptionsHandler');
  expect(failure, JSON.stringify(of(error))).toBeDefined();
  expect(JSON.stringify(failure)).toMatch(failed);
  expect((failure!.err as { stack?: string }).stack).toMatch(/\n\s+at /);
  expect(records.some((record) => /Mapped \{\/users, POST\} route/.test(String(record.msg)))).toBe(
    true,
  );
}

/** A project's database: what it needs in the environment, and how to lose its users table. */
interface Database {
  name: 'sqlite' | 'postgres';
  env: NodeJS.ProcessEnv;
  breakUsers: (dir: string) => void;
  failed: RegExp;
}

const RENAME = 'ALTER TABLE users RENAME TO users_gone';

const sqlite: Database = {
  name: 'sqlite',
  env: {},
  breakUsers: (dir) => {
    const file = /^DATABASE_PATH=(.*)$/m.exec(readFileSync(join(dir, '.env'), 'utf8'))![1]!;
    const script = `new (require('better-sqlite3'))(${JSON.stringify(file)}).exec('${RENAME}')`;
    passed('rename the users table', run('node', ['-e', script], dir));
  },
  failed: /no such table: users/,
};

const postgres = postgresDatabase('restsmith_e2e_logs');
const requirePostgres = Boolean(process.env.RESTSMITH_REQUIRE_POSTGRES);
if (postgres.reason && !requirePostgres) {
  console.warn(`skipped: production logs on PostgreSQL (${postgres.reason})`);
}
const postgresCase: Database = {
  name: 'postgres',
  env: { DATABASE_URL: postgres.url },
  breakUsers: () =>
    passed('rename the users table', run('psql', [postgres.url ?? '', '-c', RENAME], work)),
  failed: /relation \\"users\\" does not exist/,
};

describe.each([
  ['express', 'sqlite', sqlite],
  ['fastify', 'sqlite', sqlite],
  ...(postgres.reason && !requirePostgres ? [] : [['express', 'postgres', postgresCase] as const]),
] as const)('rest new --http %s --database %s: production logs', (http, _name, database) => {
  const name = `e2e-logs-${http}-${database.name}`;
  let dir: string;

  beforeAll(async () => {
    dir = await generate(name, database.name, { http });
    passed('npm install', install(dir, join(work, 'e2e-logs-express-sqlite')));
    passed('npm run build', run('npm', ['run', 'build'], dir));
  }, LONG);

  it(
    'writes one JSON object a line, with the request id on every line of a request',
    async () => {
      let served: Served[] = [];
      const output = await serveProduction(dir, database.env, async (url) => {
        served = await walk(dir, url, () => database.breakUsers(dir));
      });
      checkLines(output, served, database.failed);
    },
    LONG,
  );

  it(
    'writes the line of every request it answered when SIGTERM ends it, while its log reader falls behind',
    async () => {
      // The reader of stdout stops while 400 requests come (a log collector that falls behind), and
      // SIGTERM comes before it reads again. Before: every request was answered, its line kept in
      // memory to be written later, and Nest ended the process by the signal after its shutdown, with
      // no exit where pino writes what waits: about half of the lines were lost (a third with the
      // reader reading). Now a line waits at most one turn of the event loop, and a full pipe is waited
      // for (requests wait with it) rather than lines kept.
      const burst = 400;
      const env = { ...database.env, THROTTLE_LIMIT: String(burst * 10) };
      let answers: Promise<Array<number | undefined>> = Promise.resolve([]);
      const output = await serveProduction(dir, env, async (url, stdout) => {
        stdout.pause();
        answers = Promise.all(
          Array.from({ length: burst }, (_, n) =>
            fetch(`${url}/no-such-route?burst=${n}`).then(
              (answer) => answer.status,
              // Not answered: refused once the server stops taking connections.
              () => undefined,
            ),
          ),
        );
        await new Promise((later) => setTimeout(later, 1000));
      });
      const statuses = await answers;
      const answered = statuses.flatMap((status, n) => (status === undefined ? [] : [String(n)]));
      expect(statuses.filter((status) => status !== undefined && status !== 404)).toEqual([]);
      expect(answered.length).toBeGreaterThan(0);
      const logged = new Set<string>();
      for (const line of output.split('\n')) {
        const url = /"url":"\/no-such-route\?burst=(\d+)"/.exec(line);
        if (url) logged.add(url[1]!);
      }
      const missing = answered.filter((n) => !logged.has(n));
      expect(
        missing.length,
        `of ${answered.length} answered, no line for: ${missing.join(', ')}`,
      ).toBe(0);
    },
    LONG,
  );

  it(
    'writes a start-up that fails, before the configuration is read, as JSON lines too',
    () => {
      // Before: Nest's coloured text lines with a stack, then the message as plain text.
      const failed = run('node', ['dist/main.js'], dir, {
        ...database.env,
        NODE_ENV: 'production',
        SEARCH_TIMEOUT_MS: '0',
      });
      expect(failed.status, failed.output).toBe(1);
      const lines = failed.output.split('\n').filter((line) => line.trim() !== '');
      expect(lines.length, failed.output).toBeGreaterThan(0);
      for (const line of lines) {
        expect(() => JSON.parse(line) as unknown, `not JSON: ${line}`).not.toThrow();
      }
      // The error, with the fix: Nest's ExceptionHandler, or main.ts's own last word.
      const said = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .find((entry) => entry.level >= 50 && /SEARCH_TIMEOUT_MS/.test(entry.msg));
      expect(said?.msg, failed.output).toMatch(
        /SEARCH_TIMEOUT_MS must not be less than 1\. Set it in \.env/,
      );
    },
    LONG,
  );
});
