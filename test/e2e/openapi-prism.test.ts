// Issue 29.1: a Prism proxy (@stoplight/prism-cli, nobody here wrote it) stands in front of a generated
// project that runs in production, and the project's HTTP contract walk (test/e2e/contract.ts) goes
// through it. Prism checks each request and each answer against the project's own OpenAPI document.
// What must hold, in both directions:
//   - every answer matches the document (no response violation);
//   - every request the server accepts (2xx) is one the document accepts (no request violation):
//     the document never refuses what a client may rightly send.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { walkContract, walkResources } from './contract.js';
import {
  freePort,
  mysqlDatabase,
  postgresDatabase,
  projectEnv,
  run,
  secretsOf,
  startScript,
} from './project.js';
import { linkDependencies, newProjectWithoutInstall, repository, rest } from '../api/project.js';

const prism = join(repository, 'node_modules/@stoplight/prism-cli/dist/index.js');
const UUID = '00000000-0000-4000-8000-000000000000';

interface Exchange {
  method: string;
  path: string;
  status?: number;
  violations: string[];
}

/** Prism's log, cut into one exchange per request (the walk sends them one at a time). */
function exchangesOf(log: string): Exchange[] {
  const exchanges: Exchange[] = [];
  for (const line of log.split('\n')) {
    const received = /\[HTTP SERVER\] (\w+) (\S+) .*Request received/.exec(line);
    if (received) {
      exchanges.push({ method: received[1]!.toUpperCase(), path: received[2]!, violations: [] });
      continue;
    }
    const current = exchanges.at(-1);
    const answered = /The upstream call to \S+ has returned (\d{3})/.exec(line);
    if (answered && current) current.status = Number(answered[1]);
    const violation = /Violation: (.*)$/.exec(line);
    if (violation && current) current.violations.push(violation[1]!.trim());
  }
  return exchanges;
}

/** Starts `prism proxy` for the document in front of `upstream`; its log is read when it stops. */
async function startPrism(
  dir: string,
  upstream: string,
): Promise<{ url: string; stop: () => Promise<string> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'node',
    [prism, 'proxy', 'docs/openapi.json', upstream, '--port', String(port), '--host', '127.0.0.1'],
    { cwd: dir, env: projectEnv({}), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`prism did not start:\n${log}`)), 60_000);
    const check = () => {
      if (/Prism is listening/.test(log)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => fail(new Error(`prism exited with ${code}:\n${log}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((done) => child.on('exit', done));
      child.kill('SIGTERM');
      await exited;
      return log;
    },
  };
}

const postgres = postgresDatabase('restsmith_prism');
const mysql = mysqlDatabase('restsmith_prism');
const variants = [
  { database: 'sqlite', flags: [] as string[], env: {} as NodeJS.ProcessEnv },
  {
    database: 'postgres',
    flags: ['--http', 'fastify'],
    env: { DATABASE_URL: postgres.url } as NodeJS.ProcessEnv,
    skip: postgres.reason && !process.env.RESTSMITH_REQUIRE_POSTGRES ? postgres.reason : undefined,
  },
  {
    database: 'mysql',
    flags: [] as string[],
    env: { DATABASE_URL: mysql.url } as NodeJS.ProcessEnv,
    skip: mysql.reason && !process.env.RESTSMITH_REQUIRE_MYSQL ? mysql.reason : undefined,
  },
];
// The walk: test/e2e/contract.ts (accounts, the admin list and each refusal; then two resources).
// MongoDB: no server can run here (its document is linted by the matrix, test/matrix).

describe.each(variants)('a Prism proxy in front of a $database project', (variant) => {
  let dir: string;
  beforeAll(() => {
    if (variant.skip) return;
    dir = newProjectWithoutInstall(`prism-${variant.database}`, variant.database, {
      flags: variant.flags,
      checkTypes: false,
    });
    for (const resource of [
      ['article', '--fields', 'title summary?:text tags?:string[]'],
      ['comment', '--fields', 'body article:ref:article'],
    ]) {
      const added = rest(dir, 'api', ...resource, '--yes');
      expect(added.status, added.output).toBe(0);
    }
    linkDependencies(dir);
    // The document, the typed client from it, and client/ type-checked (issue 29.2).
    const client = run('npm', ['run', 'client'], dir);
    expect(client.status, client.output).toBe(0);
    // dredd (another tool that reads the document to send requests) compiles every transaction:
    // each parameter has an example (before: it aborted on "id has no example").
    // Into a file: dredd exits without waiting for a pipe to drain, which cut its last lines under
    // load (CI of the review commit); a file takes each write whole.
    const dreddLog = join(dir, 'dredd.log');
    run(
      'sh',
      [
        '-c',
        `node "${join(repository, 'node_modules/dredd/bin/dredd')}" docs/openapi.json http://127.0.0.1:9 --dry-run --no-color > "${dreddLog}" 2>&1`,
      ],
      dir,
    );
    const dredd = readFileSync(dreddLog, 'utf8');
    expect(dredd).not.toMatch(/\berror\b:/);
    const compiled = /complete.*: 0 passing, 0 failing, 0 errors, (\d+) skipped/.exec(dredd);
    expect(Number(compiled?.[1]), dredd.slice(-2000)).toBeGreaterThan(100);
    // Once the client exists, `rest api` keeps it current.
    const tag = rest(dir, 'api', 'tag', '--fields', 'name', '--yes');
    expect(tag.status, tag.output).toBe(0);
    expect(tag.output).toMatch(/Updated client\/schema\.d\.ts/);
    expect(readFileSync(join(dir, 'client/schema.d.ts'), 'utf8')).toContain('"/tags/{id}"');
  }, 600_000);

  it.skipIf(Boolean(variant.skip))(
    'finds no answer off the document, and no accepted request the document refuses',
    async () => {
      const server = await startScript(dir, 'prod', variant.env);
      const proxy = await startPrism(dir, server.url);
      let log: string;
      try {
        await walkContract(proxy.url, secretsOf(dir), UUID, { malformedJson: false });
        await walkResources(proxy.url);
        // The client's own example, through the proxy: what it sends and reads matches the document.
        const { example } = (await import(join(dir, 'client/example.ts'))) as {
          example: (url: string, clientKey: string) => Promise<string>;
        };
        expect(await example(proxy.url, secretsOf(dir).clientKey)).toMatch(
          /^ada-\d+@example\.com$/,
        );
      } finally {
        log = await proxy.stop();
        await server.stop();
      }
      const exchanges = exchangesOf(log);
      expect(exchanges.length).toBeGreaterThan(30);
      const problems = exchanges.flatMap((exchange) =>
        exchange.violations
          .filter(
            (violation) =>
              violation.startsWith('response') ||
              (exchange.status !== undefined && exchange.status < 300),
          )
          .map(
            (violation) =>
              `${exchange.method} ${exchange.path} -> ${exchange.status}: ${violation}`,
          ),
      );
      expect(problems, problems.join('\n')).toEqual([]);
    },
    600_000,
  );
});
