// A generated sqlite project as it ships: the Dockerfile's steps replayed in clean copies, then the server's health, logs and shutdown.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { passed } from './checks.js';
import { dockerfileStages, type Stage } from './dockerfile.js';
import { logLines, replay, slowPost, startCommand } from './dockerfile-replay.js';
import { generate, install, run, secretsOf, startScript, work } from './project.js';

const LONG = 1_200_000;
// Three full installs (the project, then each stage's npm ci): on a busy machine they passed 20 minutes.
const INSTALLS = 2_400_000;
const NAME = 'e2e-production';

describe('a generated sqlite project, built and run as its Dockerfile says', () => {
  let project: string;
  let stages: Stage[];
  const folders: Record<string, string> = {};

  beforeAll(async () => {
    project = await generate(NAME, 'sqlite');
    const seed = join(work, 'e2e-sqlite');
    passed(
      'npm install',
      install(project, existsSync(join(seed, 'node_modules')) ? seed : undefined),
    );
    stages = dockerfileStages(readFileSync(join(project, 'Dockerfile'), 'utf8'));
    for (const [index, stage] of stages.entries()) {
      const folder = join(work, `${NAME}-stage-${stage.name ?? index}`);
      rmSync(folder, { recursive: true, force: true });
      replay(stage, folder, project, folders);
      folders[stage.name ?? String(index)] = folder;
    }
  }, INSTALLS);

  it('leaves production dependencies and dist/ only in the runtime copy', () => {
    const runtime = folders['1']!;
    expect(existsSync(join(runtime, 'dist/main.js'))).toBe(true);
    for (const used of ['@nestjs/terminus', 'pino', 'better-sqlite3']) {
      expect(existsSync(join(runtime, 'node_modules', used)), used).toBe(true);
    }
    // typescript stays: @nestjs/swagger depends on it.
    for (const dev of ['jest', 'ts-jest', 'eslint', 'pino-pretty', 'cross-env']) {
      expect(existsSync(join(runtime, 'node_modules', dev)), dev).toBe(false);
    }
    expect(existsSync(join(runtime, 'src'))).toBe(false);
    expect(existsSync(join(runtime, '.env'))).toBe(false);
    expect(stages[1]!.user).toBe('node');
  });

  it(
    'starts, passes its HEALTHCHECK, logs each request as one JSON line without secrets, and drains on SIGTERM',
    async () => {
      const runtime = folders['1']!;
      const { masterKey, clientKey, jwtSecret } = secretsOf(project);
      const server = await startCommand(stages[1]!, runtime, {
        MASTER_KEY: masterKey,
        CLIENT_KEY: clientKey,
        JWT_SECRET: jwtSecret,
        DATABASE_PATH: join(runtime, '.data', `${NAME}.sqlite`),
        REDIS_URL: 'redis://127.0.0.1:6379',
      });
      try {
        const check = run('sh', ['-c', stages[1]!.healthcheck!], runtime, {
          PORT: String(server.port),
        });
        expect(check.status, check.output).toBe(0);

        const health = await fetch(`${server.url}/health`, {
          headers: { 'X-Request-Id': 'e2e.health-1' },
        });
        expect(health.status).toBe(200);
        expect(health.headers.get('x-request-id')).toBe('e2e.health-1');
        expect(await health.json()).toMatchObject({
          status: 'ok',
          info: { database: { status: 'up' }, redis: { status: 'up' } },
        });
        expect((await fetch(`${server.url}/docs`)).status).toBe(404);

        const secret = `${masterKey}`;
        const refused = await fetch(
          `${server.url}/users?access_token=${secret}x&password=hunter22`,
          {
            headers: { Authorization: 'Bearer some.jwt.token', Cookie: 'session=cookie-value' },
          },
        );
        expect(refused.status).toBe(401);

        const created = await slowPost(
          server.port,
          '/users',
          JSON.stringify({
            access_token: masterKey,
            email: `drain-${Date.now()}@example.com`,
            password: 'secret-1234',
          }),
          1000,
          () => server.child.kill('SIGTERM'),
        );
        expect(created.status, created.body).toBe(201);
        expect(await server.exited).toEqual([null, 'SIGTERM']);

        const lines = logLines(server.output());
        const healthLine = lines.find((line) => line.req?.id === 'e2e.health-1');
        expect(healthLine).toMatchObject({
          msg: 'request completed',
          level: 30,
          res: { statusCode: 200 },
        });
        const refusedLine = lines.find((line) => line.res?.statusCode === 401)!;
        expect(refusedLine).toMatchObject({
          level: 40,
          req: { url: '/users?access_token=[Redacted]&password=[Redacted]' },
        });
        expect(refusedLine.req.headers).toMatchObject({
          authorization: '[Redacted]',
          cookie: '[Redacted]',
        });
        for (const leaked of [secret, 'hunter22', 'some.jwt.token', 'cookie-value']) {
          expect(server.output()).not.toContain(leaked);
        }
        expect(lines.some((line) => line.res?.statusCode === 201)).toBe(true);
      } finally {
        server.child.kill('SIGKILL');
      }
    },
    LONG,
  );
});

describe('production defaults of a generated project', () => {
  let project: string;

  beforeAll(() => {
    project = join(work, NAME);
  });

  it(
    'builds from a clean dist, runs as production without NODE_ENV, and serves /docs only with DOCS=true',
    async () => {
      passed('npm run build', run('npm', ['run', 'build'], project));
      rmSync(join(project, 'dist'), { recursive: true, force: true });
      passed('npm run build after rm -rf dist', run('npm', ['run', 'build'], project));
      expect(existsSync(join(project, 'dist/main.js'))).toBe(true);

      for (const [docs, status] of [
        [undefined, 404],
        ['true', 200],
      ] as const) {
        const server = await startScript(project, 'start:prod', {
          NODE_ENV: undefined,
          DOCS: docs,
        });
        try {
          expect(server.listening).toBe(
            `${NAME} listening on http://0.0.0.0:${new URL(server.url).port}, in production mode`,
          );
          expect((await fetch(`${server.url}/docs`)).status).toBe(status);
        } finally {
          await server.stop();
        }
      }
    },
    LONG,
  );
});
