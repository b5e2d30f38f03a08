// Rate-limit cases for the features suite: 2 requests per hour per client, one trusted proxy.
import { expect } from 'vitest';
import type { Case, Expected } from './cases/index.js';
import { listedOrigin } from './cors-cases.js';

/** A case sent `repeat` times in a row; the last answer is the one checked. */
export interface RepeatedCase extends Case {
  repeat?: number;
}

const json = 'application/json; charset=utf-8';
// CORS is on in the features app too: every answer varies by Origin.
const plain = { 'content-type': json, vary: 'Origin' };
const hello = JSON.stringify({ hello: 'world' });
const message = 'too many requests: try again after the Retry-After seconds';
// A token comes back every 1800 s; a slow machine may have let a second of it pass.
const retryAfter = expect.stringMatching(/^(1800|179\d)$/) as unknown as string;
const tooMany: Expected = {
  status: 429,
  body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message }),
  headers: { ...plain, 'retry-after': retryAfter },
};

export const rateLimitCases: RepeatedCase[] = [
  {
    name: 'a client within its limit is served',
    method: 'GET',
    path: '/',
    headers: { 'x-forwarded-for': '198.51.100.1' },
    repeat: 2,
    expect: { status: 200, body: hello, headers: plain },
  },
  {
    name: 'a client over its limit gets 429 with Retry-After',
    method: 'GET',
    path: '/',
    headers: { 'x-forwarded-for': '198.51.100.2' },
    repeat: 3,
    expect: tooMany,
  },
  {
    // Runs after the case above: the proxy's entry (the last) names the same client.
    name: 'entries the client wrote before the proxy’s do not make a new client',
    method: 'GET',
    path: '/',
    headers: { 'x-forwarded-for': '10.9.8.7, 198.51.100.2' },
    expect: tooMany,
  },
  {
    name: 'another client still has its own tokens',
    method: 'GET',
    path: '/',
    headers: { 'x-forwarded-for': '198.51.100.3' },
    expect: { status: 200, body: hello, headers: plain },
  },
  {
    name: 'a 429 is readable by a listed origin',
    method: 'GET',
    path: '/',
    headers: { 'x-forwarded-for': '198.51.100.4', origin: listedOrigin },
    repeat: 3,
    expect: {
      ...tooMany,
      headers: {
        ...tooMany.headers,
        'access-control-allow-origin': listedOrigin,
      },
    },
  },
];
