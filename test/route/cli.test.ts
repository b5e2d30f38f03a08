// `rest route` from the built CLI (bin/run.js): serving, --openapi, --max-body, --debug, --watch, one-line errors.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import dedent from 'dedent';
import { afterAll, describe, expect, it } from 'vitest';
import { appFixture, root, startServer, type Started } from './gateways.js';

const bin = resolve(root, 'bin/run.js');
const fixture = (name: string) => resolve(import.meta.dirname, 'fixtures', name);
const started: Started[] = [];

function serve(cwd: string, ...flags: string[]): Promise<Started> {
  return startServer(
    process.execPath,
    [bin, 'route', '--host=127.0.0.1:0', ...flags],
    cwd,
    {},
  ).then((server) => {
    started.push(server);
    return server;
  });
}

function run(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [bin, 'route', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  // oclif prints long errors wrapped with a ` ›   ` gutter: unwrap them for the comparison.
  const stderr = result.stderr
    .split('\n')
    .filter((line) => line.startsWith(' ›'))
    .map((line) => line.replace(/^ ›\s+/, ''))
    .join(' ')
    .replace(/\s+/g, ' ');
  return { status: result.status, stdout: result.stdout, stderr };
}

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

describe('rest route (built CLI)', () => {
  it('serves the prefix and prints the address and the prefix', async () => {
    const server = await serve(appFixture, '--prefix=controllers');
    expect(server.output()).toBe(
      `rest route: serving controllers on http://127.0.0.1:${server.port}\n`,
    );
    const response = await fetch(`http://127.0.0.1:${server.port}/foo/bar/che?baz=foo`);
    expect(await response.json()).toEqual({ handler: 'foo.Bar.GET', che: 'che', baz: 'foo' });
  });

  it("runs the docs' example controller from a folder that has no restsmith installed (issue 31.8)", async () => {
    // Outside this repository, so that node_modules/restsmith cannot be found by walking up.
    for (const type of ['commonjs', 'module']) {
      const dir = mkdtempSync(join(tmpdir(), `rest-route-${type}-`));
      mkdirSync(join(dir, 'controllers'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ type }));
      writeFileSync(
        join(dir, 'controllers', 'users.ts'),
        dedent`
          import { Controller, HttpError } from 'restsmith/route';

          export class Default extends Controller {
            async GET(id: number, { fields = [] }: { fields?: string[] }) {
              if (id !== 42) throw new HttpError(404, \`no user \${id}\`);
              return { id, name: 'Ada', fields };
            }
          }
        ` + '\n',
      );
      const server = await serve(dir, '--prefix=controllers');
      const found = await fetch(`http://127.0.0.1:${server.port}/users/42?fields=name`);
      expect(await found.json(), type).toEqual({ id: 42, name: 'Ada', fields: ['name'] });
      const missing = await fetch(`http://127.0.0.1:${server.port}/users/7`);
      expect(missing.status, type).toBe(404);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the prefix from REST_PREFIX', async () => {
    const server = await startServer(
      process.execPath,
      [bin, 'route', '--host=127.0.0.1:0'],
      appFixture,
      { REST_PREFIX: 'controllers' },
    );
    started.push(server);
    expect(await (await fetch(`http://127.0.0.1:${server.port}/`)).json()).toEqual({
      hello: 'world',
    });
  });

  it('--max-body sets the 413 limit', async () => {
    const server = await serve(appFixture, '--prefix=controllers', '--max-body=16');
    const response = await fetch(`http://127.0.0.1:${server.port}/responses/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'longer than sixteen bytes' }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'request body larger than the limit of 16 bytes',
    });
  });

  it('--debug shows the message of an unexpected error', async () => {
    const server = await serve(appFixture, '--prefix=controllers', '--debug');
    const response = await fetch(`http://127.0.0.1:${server.port}/responses/boom`);
    expect(await response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'database password is hunter2',
    });
  });

  it('--watch rebuilds the route table when a controller file is added', async () => {
    const project = resolve(root, `.tmp/route-watch-${process.pid}`);
    rmSync(project, { recursive: true, force: true });
    mkdirSync(resolve(project, 'controllers'), { recursive: true });
    const controller = (text: string) => dedent`
      import { Controller } from 'restsmith/route';
      export class Default extends Controller {
        GET() {
          return '${text}';
        }
      }
    `;
    writeFileSync(resolve(project, 'controllers/index.ts'), controller('home'));
    try {
      const server = await serve(project, '--prefix=controllers', '--watch');
      const url = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${url}/later`)).status).toBe(404);
      writeFileSync(resolve(project, 'controllers/later.ts'), controller('added while running'));
      await expect
        .poll(() => fetch(`${url}/later`).then((response) => response.text()), {
          timeout: 15_000,
          interval: 200,
        })
        .toBe('"added while running"');
      expect(server.output()).toContain('rest route: rebuilt the route table (2 controllers)');
      writeFileSync(
        resolve(project, 'controllers/broken.js'),
        "throw new Error('half-saved file');\n",
      );
      await expect
        .poll(() => server.output(), { timeout: 15_000, interval: 200 })
        .toContain(
          'rest route: kept the old route table: cannot load controllers/broken.js: half-saved file',
        );
      expect(await (await fetch(`${url}/later`)).text()).toBe('"added while running"');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('--openapi prints the OpenAPI 3.1 document of the route table', () => {
    const { status, stdout } = run(appFixture, '--prefix=controllers', '--openapi');
    expect(status).toBe(0);
    const document = JSON.parse(stdout) as {
      openapi: string;
      paths: Record<string, Record<string, { parameters?: unknown }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/foo/bar/{che}'].get.parameters).toEqual([
      { name: 'che', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'baz', in: 'query', required: false, schema: { type: 'string' } },
    ]);
  });

  it.each([
    {
      what: 'a prefix that names nothing',
      cwd: appFixture,
      args: ['--prefix=nothing'],
      message: dedent`
        Error: no module "nothing" in ${appFixture}: expected nothing.ts, nothing.js, nothing.mjs or a folder nothing/ Try this: Pass --prefix=<module> naming a file or folder of controllers.
      `,
    },
    {
      what: 'a route collision',
      cwd: fixture('collision'),
      args: ['--prefix=controllers'],
      message:
        'Error: route collision: /foo would be answered by class Foo in controllers.ts and by Default in controllers/foo.ts Try this: Rename or remove one of the two definitions.',
    },
    {
      what: 'a bad host',
      cwd: appFixture,
      args: ['--prefix=controllers', '--host=here'],
      message:
        'Error: "here" is not a host:port address Try this: Use --host=127.0.0.1:8000, --host=:8000 or --host=8000.',
    },
    {
      what: 'a bad body limit',
      cwd: appFixture,
      args: ['--prefix=controllers', '--max-body=huge'],
      message:
        'Error: "huge" is not a size: use bytes or a number with kb, mb or gb (such as 512kb) Try this: Use --max-body=1mb.',
    },
    {
      what: 'a bad time limit',
      cwd: appFixture,
      args: ['--prefix=controllers', '--handler-timeout=soon'],
      message:
        'Error: "soon" is not a duration: use 500ms, 30s, 2m, or 0 for no limit Try this: Use a duration such as --handler-timeout=30s.',
    },
    {
      what: 'a failing startup hook',
      cwd: fixture('lifespan-broken'),
      args: ['--prefix=controllers'],
      message:
        'Error: startup in controllers.ts failed: cannot reach the database Try this: Fix the startup or shutdown function of the prefix module.',
    },
  ])('$what is a one-line error with a hint', ({ cwd, args, message }) => {
    const { status, stderr } = run(cwd, ...args);
    expect(status).toBe(1);
    expect(stderr).toBe(message);
  });
});
