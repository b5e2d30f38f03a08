// CORS cases for the features suite (origins https://app.example.com and http://localhost:5173 listed).
import type { Case, Expected } from './cases/index.js';

export const listedOrigin = 'https://app.example.com';
const json = 'application/json; charset=utf-8';
const from = (origin: string, more: Record<string, string> = {}) => ({ origin, ...more });
// Every case is its own client of the rate limiter that is also on in this app.
let client = 0;
const proxied = (headers: Record<string, string> = {}) => ({
  'x-forwarded-for': `192.0.2.${++client}`,
  ...headers,
});
const readable = { 'access-control-allow-origin': listedOrigin, vary: 'Origin' };
const error = (status: number, name: string, message: string): Expected => ({
  status,
  body: JSON.stringify({ statusCode: status, error: name, message }),
  headers: { 'content-type': json, vary: 'Origin' },
});

export const corsCases: Case[] = [
  {
    name: 'a preflight from a listed origin gets the methods of that path and only the asked headers',
    method: 'OPTIONS',
    path: '/foo/bar',
    headers: proxied(
      from(listedOrigin, {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'Content-Type, X-Trace',
      }),
    ),
    expect: {
      status: 204,
      body: '',
      headers: {
        ...readable,
        'access-control-allow-methods': 'GET, HEAD, POST',
        'access-control-allow-headers': 'content-type, x-trace',
        'access-control-max-age': '600',
      },
    },
  },
  {
    name: 'a preflight lists only the methods whose handlers take the path arguments',
    method: 'OPTIONS',
    path: '/responses/created/ada',
    headers: proxied(from(listedOrigin, { 'access-control-request-method': 'POST' })),
    expect: {
      status: 204,
      body: '',
      headers: {
        ...readable,
        'access-control-allow-methods': 'POST',
        'access-control-max-age': '600',
      },
    },
  },
  {
    name: 'a preflight needs no credentials on a route that does',
    method: 'OPTIONS',
    path: '/auth/vault',
    headers: proxied(
      from(listedOrigin, {
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      }),
    ),
    expect: {
      status: 204,
      body: '',
      headers: {
        ...readable,
        'access-control-allow-methods': 'GET, HEAD, POST',
        'access-control-allow-headers': 'authorization',
        'access-control-max-age': '600',
      },
    },
  },
  {
    name: 'malformed requested header names are dropped, not echoed',
    method: 'OPTIONS',
    path: '/foo/bar',
    headers: proxied(
      from('http://localhost:5173', {
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-ok, bad header, x:y, X-OK',
      }),
    ),
    expect: {
      status: 204,
      body: '',
      headers: {
        'access-control-allow-origin': 'http://localhost:5173',
        vary: 'Origin',
        'access-control-allow-methods': 'GET, HEAD, POST',
        'access-control-allow-headers': 'x-ok',
        'access-control-max-age': '600',
      },
    },
  },
  {
    name: 'a preflight from an unlisted origin is 403 and names no origin',
    method: 'OPTIONS',
    path: '/foo/bar',
    headers: proxied(from('https://evil.example', { 'access-control-request-method': 'POST' })),
    expect: error(403, 'Forbidden', 'the origin https://evil.example may not call this API'),
  },
  {
    name: 'a preflight for a path with no route is 404',
    method: 'OPTIONS',
    path: '/nothing/here',
    headers: proxied(from(listedOrigin, { 'access-control-request-method': 'GET' })),
    expect: {
      ...error(404, 'Not Found', 'no route for OPTIONS /nothing/here'),
      headers: { 'content-type': json, ...readable },
    },
  },
  {
    name: 'an answer to a listed origin is readable',
    method: 'GET',
    path: '/foo/bar/che',
    headers: proxied(from(listedOrigin)),
    expect: {
      status: 200,
      body: JSON.stringify({ handler: 'foo.Bar.GET', che: 'che' }),
      headers: { 'content-type': json, ...readable },
    },
  },
  {
    name: 'an answer to an unlisted origin carries no Allow-Origin',
    method: 'GET',
    path: '/foo/bar/che',
    headers: proxied(from('https://evil.example')),
    expect: {
      status: 200,
      body: JSON.stringify({ handler: 'foo.Bar.GET', che: 'che' }),
      headers: { 'content-type': json, vary: 'Origin' },
    },
  },
  {
    name: 'the origin "null" (sandboxed pages, files) is not listed',
    method: 'GET',
    path: '/',
    headers: proxied(from('null')),
    expect: {
      status: 200,
      body: JSON.stringify({ hello: 'world' }),
      headers: { 'content-type': json, vary: 'Origin' },
    },
  },
  {
    name: 'error answers are readable too',
    method: 'GET',
    path: '/responses/teapot',
    headers: proxied(from(listedOrigin)),
    expect: {
      ...error(418, "I'm a Teapot", 'short and stout'),
      headers: { 'content-type': json, ...readable },
    },
  },
  {
    name: 'a Response the handler built gets the headers',
    method: 'GET',
    path: '/responses/raw',
    headers: proxied(from(listedOrigin)),
    expect: {
      status: 202,
      body: 'raw text',
      headers: { 'content-type': 'text/plain', 'x-raw': 'yes', ...readable },
    },
  },
  {
    name: 'an OPTIONS that is not a preflight is answered as ever, readable',
    method: 'OPTIONS',
    path: '/foo/bar',
    headers: proxied(from(listedOrigin)),
    expect: { status: 204, body: '', headers: { allow: 'GET, HEAD, POST, OPTIONS', ...readable } },
  },
];
