// Authentication cases for the shared gateway suite: Basic and Bearer on classes and methods (fixture controllers/auth.ts).
import type { Case, Expected } from './cases/index.js';

const json = 'application/json; charset=utf-8';
const basic = (pair: string) => ({
  authorization: `Basic ${Buffer.from(pair).toString('base64')}`,
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const vaultChallenge = 'Basic realm="vault", charset="UTF-8"';

const ok = (value: unknown): Expected => ({
  status: 200,
  body: JSON.stringify(value),
  headers: { 'content-type': json },
});
const unauthorized = (message: string, challenge: string): Expected => ({
  status: 401,
  body: JSON.stringify({ statusCode: 401, error: 'Unauthorized', message }),
  headers: { 'content-type': json, 'www-authenticate': challenge },
});

export const authCases: Case[] = [
  {
    name: 'a Basic class without credentials is 401 with its realm',
    method: 'GET',
    path: '/auth/vault',
    expect: unauthorized('this route needs Basic credentials', vaultChallenge),
  },
  {
    name: 'Basic credentials that verify reach the handler with the identity',
    method: 'GET',
    path: '/auth/vault',
    headers: basic('ada:lovelace'),
    expect: ok({ identity: { username: 'ada' } }),
  },
  {
    name: 'the scheme name is case-insensitive',
    method: 'GET',
    path: '/auth/vault',
    headers: { authorization: `basic ${Buffer.from('ada:lovelace').toString('base64')}` },
    expect: ok({ identity: { username: 'ada' } }),
  },
  {
    name: 'a wrong password is 401',
    method: 'GET',
    path: '/auth/vault',
    headers: basic('ada:babbage'),
    expect: unauthorized('the credentials were refused', vaultChallenge),
  },
  {
    name: 'a password may hold colons',
    method: 'GET',
    path: '/auth/vault',
    headers: basic('grace:x:y'),
    expect: ok({ identity: { username: 'grace' } }),
  },
  {
    name: 'the colon always ends the user name',
    method: 'GET',
    path: '/auth/vault',
    headers: basic('grace:x:y:'),
    expect: unauthorized('the credentials were refused', vaultChallenge),
  },
  {
    name: 'Basic credentials that are not base64 are 401',
    method: 'GET',
    path: '/auth/vault',
    headers: { authorization: 'Basic ***' },
    expect: unauthorized('the credentials were refused', vaultChallenge),
  },
  {
    name: 'a Bearer token on a Basic route is 401',
    method: 'GET',
    path: '/auth/vault',
    headers: bearer('letmein'),
    expect: unauthorized('this route needs Basic credentials', vaultChallenge),
  },
  {
    name: 'a refused client body is never parsed: 401, not 400',
    method: 'POST',
    path: '/auth/vault',
    headers: { 'content-type': 'application/json' },
    body: '{not json',
    expect: unauthorized('this route needs Basic credentials', vaultChallenge),
  },
  {
    name: 'an authenticated POST binds its body',
    method: 'POST',
    path: '/auth/vault',
    headers: { ...basic('ada:lovelace'), 'content-type': 'application/json' },
    body: '{"note":"hi"}',
    expect: ok({ identity: { username: 'ada' }, note: 'hi' }),
  },
  {
    name: 'a method without auth on a class with some stays public',
    method: 'GET',
    path: '/auth/reports',
    expect: ok({ public: true, identity: null }),
  },
  {
    name: 'a Bearer method without a token is 401 Bearer',
    method: 'DELETE',
    path: '/auth/reports/7',
    expect: unauthorized('this route needs Bearer credentials', 'Bearer'),
  },
  {
    name: 'a Bearer token the async verify accepts',
    method: 'DELETE',
    path: '/auth/reports/7',
    headers: bearer('letmein'),
    expect: ok({ deleted: 7, by: { user: 'bob' } }),
  },
  {
    name: 'a Bearer token the verify refuses',
    method: 'DELETE',
    path: '/auth/reports/7',
    headers: bearer('letmeout'),
    expect: unauthorized('the credentials were refused', 'Bearer'),
  },
  {
    name: 'an empty Bearer token',
    method: 'DELETE',
    path: '/auth/reports/7',
    headers: { authorization: 'Bearer' },
    expect: unauthorized('the credentials were refused', 'Bearer'),
  },
  {
    name: 'two schemes on a class: both challenges',
    method: 'GET',
    path: '/auth/either',
    expect: unauthorized(
      'this route needs Basic or Bearer credentials',
      'Basic realm="either", charset="UTF-8", Bearer',
    ),
  },
  {
    name: 'two schemes on a class: Basic passes',
    method: 'GET',
    path: '/auth/either',
    headers: basic('ada:pw'),
    expect: ok({ identity: 'ada' }),
  },
  {
    name: 'two schemes on a class: a listed token passes',
    method: 'GET',
    path: '/auth/either',
    headers: bearer('t1'),
    expect: ok({ identity: { token: 1 } }),
  },
  {
    name: 'auth applied by a plain call in JavaScript',
    method: 'GET',
    path: '/guarded',
    expect: unauthorized('this route needs Bearer credentials', 'Bearer'),
  },
  {
    name: 'auth applied by a plain call in JavaScript: a listed token',
    method: 'GET',
    path: '/guarded',
    headers: bearer('from-js'),
    expect: ok({ identity: { token: 0 } }),
  },
];
