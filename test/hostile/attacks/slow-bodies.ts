// Issue 28.5: a body that stops arriving, or trickles in a byte at a time, held a connection open for 400 s
// and more on Fastify (no request timeout) and 300 s on Express. Now both answer 408 and close it once
// REQUEST_TIMEOUT seconds have passed; an instance of its own runs with REQUEST_TIMEOUT=2.
import { connect } from 'node:net';
import { expect, it } from 'vitest';
import type { Target } from '../target.js';

/** What the server wrote on a connection, and after how long it closed it (or `undefined` if it did not). */
function holdOpen(
  url: string,
  head: string,
  trickle: boolean,
  giveUpAfter: number,
): Promise<{ text: string; closedAfter?: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), hostname);
    let text = '';
    let closedAfter: number | undefined;
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => {});
    const drip = trickle ? setInterval(() => socket.write(' '), 300) : undefined;
    const giveUp = setTimeout(() => socket.destroy(), giveUpAfter);
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ text, closedAfter });
    });
    socket.on('end', () => {
      closedAfter = Date.now() - started;
      socket.destroy();
    });
    socket.write(head);
  });
}

export function slowBodyAttacks(target: () => Target): void {
  it('answers 408 and closes a connection whose body stops arriving or trickles, after REQUEST_TIMEOUT', async () => {
    const { token } = await target().user();
    const server = await target().start({ REQUEST_TIMEOUT: '2' });
    try {
      const head = [
        'POST /articles HTTP/1.1',
        'Host: localhost',
        'Content-Type: application/json',
        `Authorization: Bearer ${token}`,
        'Content-Length: 100000',
        '',
        '{"title": "a slow one"',
      ].join('\r\n');
      const [stalled, trickled] = await Promise.all([
        holdOpen(server.url, head, false, 20_000),
        holdOpen(server.url, head, true, 20_000),
      ]);
      for (const [name, { text, closedAfter }] of Object.entries({ stalled, trickled })) {
        expect(text, name).toMatch(/^HTTP\/1\.1 408 /);
        expect(text, name).toMatch(/within 2 seconds/);
        // Closed by the server at the limit, not held until the client gave up (20 s).
        expect(closedAfter, name).toBeGreaterThanOrEqual(1_900);
        expect(closedAfter, name).toBeLessThan(6_000);
      }
      // A request that arrives in time is not touched, and the server still answers.
      const health = await fetch(`${server.url}/health`);
      expect(health.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);
}
