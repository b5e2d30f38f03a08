// Safety cases: names that must never reach prototypes, bad escapes, dot segments and encoded slashes.
import { error, ok, type Case } from './case.js';

export const safetyCases: Case[] = [
  {
    name: 'query names like __proto__ are plain keys',
    method: 'GET',
    path: '/responses/echo?__proto__=x&constructor=y&toString=z&hasOwnProperty=w',
    expect: ok({
      kwargs: { ['__proto__']: 'x', constructor: 'y', toString: 'z', hasOwnProperty: 'w' },
      polluted: null,
    }),
  },
  {
    name: '/constructor reaches no class',
    method: 'GET',
    path: '/constructor',
    expect: error(404, 'no route for GET /constructor: Default.GET takes 0 path argument(s)'),
  },
  {
    name: '/__proto__ reaches no class',
    method: 'GET',
    path: '/__proto__',
    expect: error(404, 'no route for GET /__proto__: Default.GET takes 0 path argument(s)'),
  },
  {
    name: '/toString reaches no class',
    method: 'GET',
    path: '/toString',
    expect: error(404, 'no route for GET /toString: Default.GET takes 0 path argument(s)'),
  },
  {
    name: '/foo/hasOwnProperty reaches no class',
    method: 'GET',
    path: '/foo/hasOwnProperty',
    expect: error(
      404,
      'no route for GET /foo/hasOwnProperty: Default.GET takes 0 path argument(s)',
    ),
  },
  {
    name: 'a bad percent-escape in the path is 400',
    method: 'GET',
    path: '/foo/bar/%zz',
    expect: error(400, 'bad percent-escape in the path: "%zz"'),
  },
  {
    name: 'a bad percent-escape in the query is 400',
    method: 'GET',
    path: '/foo/bar/che?baz=%E0%A4%A',
    expect: error(400, 'bad percent-escape in the query: "%E0%A4%A"'),
  },
  {
    name: 'encoded dot segments never climb above the prefix',
    method: 'GET',
    path: '/foo/%2e%2e/%2E%2e/%2e%2e/rest/a',
    expect: ok({ first: 'a', more: [] }),
  },
  {
    name: 'dot segments never climb above the prefix',
    method: 'GET',
    path: '/foo/../../../deep/x',
    expect: ok({ module: 'deep', bits: ['x'] }),
  },
  {
    name: 'an encoded slash stays inside its bit',
    method: 'GET',
    path: '/rest/a%2Fb',
    expect: ok({ first: 'a/b', more: [] }),
  },
  {
    name: 'an encoded slash does not name a module',
    method: 'GET',
    path: '/deep%2Fer/est/x',
    expect: error(404, 'no route for GET /deep%2Fer/est/x: Default.GET takes 0 path argument(s)'),
  },
];
