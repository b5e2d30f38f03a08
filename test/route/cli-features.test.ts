// `rest route` with --cors, --rate-limit, --trust-proxy and --max-message, from the built CLI (bin/run.js).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appFixture, root, startServer, type Started } from './gateways.js';

const bin = resolve(root, 'bin/run.js');
const started: Started[] = [];

async function serve(...flags: string[]): Promise<string> {
  const args = [bin, 'route', '--prefix=controllers', '--host=127.0.0.1:0', ...flags];
  const server = await startServer(process.execPath, args, appFixture, {});
  started.push(server);
  return `http://127.0.0.1:${server.port}`;
}

/** The one-line error oclif prints, unwrapped from its ` ›   ` gutter. */
function failure(...flags: string[]) {
  const result = spawnSync(process.execPath, [bin, 'route', '--prefix=controllers', ...flags], {
    cwd: appFixture,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  const lines = result.stderr.split('\n').filter((line) => line.startsWith(' ›'));
  const text = lines.map((line) => line.replace(/^ ›\s+/, '')).join(' ');
  return { status: result.status, stderr: text.replace(/\s+/g, ' ') };
}

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
});

describe('rest route feature flags', () => {
  it('--cors answers preflights and marks answers for the listed origins only', async () => {
    const url = await serve('--cors=https://app.example.com, http://localhost:5173');
    const preflight = await fetch(`${url}/foo/bar`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
    const other = await fetch(`${url}/`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('--rate-limit answers 429 with Retry-After once a client has spent its tokens', async () => {
    const url = await serve('--rate-limit=2/1h');
    const statuses = [];
    for (let sent = 0; sent < 3; sent++) statuses.push((await fetch(`${url}/`)).status);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await fetch(`${url}/`);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(1700);
  });

  it('--trust-proxy keys the limit on the proxy’s X-Forwarded-For entry', async () => {
    const url = await serve('--rate-limit=1/1h', '--trust-proxy');
    const from = (client: string) => fetch(`${url}/`, { headers: { 'x-forwarded-for': client } });
    expect((await from('198.51.100.1')).status).toBe(200);
    expect((await from('198.51.100.1')).status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(200);
  });

  it('--help lists the new flags', () => {
    const help = spawnSync(process.execPath, [bin, 'route', '--help'], { encoding: 'utf8' }).stdout;
    for (const flag of ['--cors', '--rate-limit', '--trust-proxy', '--max-message'])
      expect(help).toContain(flag);
  });

  it('--openapi lists the security schemes and each operation’s security', () => {
    const result = spawnSync(
      process.execPath,
      [bin, 'route', '--prefix=controllers', '--openapi'],
      {
        cwd: appFixture,
        encoding: 'utf8',
      },
    );
    const document = JSON.parse(result.stdout) as {
      components: { securitySchemes: unknown };
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(document.components.securitySchemes).toEqual({
      basicAuth: { type: 'http', scheme: 'basic' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
    expect(document.paths['/auth/vault'].get.security).toEqual([{ basicAuth: [] }]);
    expect(document.paths['/auth/either'].get.security).toEqual([
      { basicAuth: [] },
      { bearerAuth: [] },
    ]);
    expect(document.paths['/auth/reports'].get.security).toBeUndefined();
    expect(document.paths['/auth/reports/{id}'].delete.security).toEqual([{ bearerAuth: [] }]);
  });

  it.each([
    {
      flags: ['--rate-limit=lots'],
      message:
        'Error: "lots" is not a rate: write requests/window, such as 100/60s, 10/s or 1000/1h Try this: Use --rate-limit=100/60s.',
    },
    {
      flags: ['--cors=app.example.com'],
      message:
        'Error: cors: "app.example.com" is not an origin: write scheme://host[:port], such as https://app.example.com Try this: Use --cors=https://app.example.com,http://localhost:5173.',
    },
    {
      flags: ['--max-message=big'],
      message:
        'Error: "big" is not a size: use bytes or a number with kb, mb or gb (such as 512kb) Try this: Use --max-message=64kb.',
    },
  ])('$flags is a one-line error with a hint', ({ flags, message }) => {
    expect(failure(...flags)).toEqual({ status: 1, stderr: message });
  });
});
