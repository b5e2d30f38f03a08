// Safety cases: names that must never reach prototypes, bad escapes, dot segments and encoded slashes.
import { error, form, ok, type Case } from './case.js';

function fields(...entries: Array<[string, string | File]>): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

export const safetyCases: Case[] = [
  {
    name: 'query names like toString are plain keys',
    method: 'GET',
    path: '/responses/echo?toString=z&hasOwnProperty=w&valueOf=v',
    expect: ok({ kwargs: { toString: 'z', hasOwnProperty: 'w', valueOf: 'v' }, polluted: null }),
  },
  {
    name: '__proto__ as a query key is 400',
    method: 'GET',
    path: '/responses/echo?__proto__=x',
    expect: error(400, 'the query may not use the key "__proto__"'),
  },
  {
    name: 'an encoded __proto__ query key is 400',
    method: 'GET',
    path: '/responses/echo?%5F%5Fproto%5F%5F=1',
    expect: error(400, 'the query may not use the key "__proto__"'),
  },
  {
    name: 'constructor as a query key is 400',
    method: 'GET',
    path: '/responses/echo?a=1&constructor=y',
    expect: error(400, 'the query may not use the key "constructor"'),
  },
  {
    name: 'prototype as a query key is 400',
    method: 'GET',
    path: '/responses/echo?prototype=y',
    expect: error(400, 'the query may not use the key "prototype"'),
  },
  {
    name: '__proto__ as a form key is 400',
    method: 'POST',
    path: '/responses/echo',
    headers: form,
    body: 'a=1&__proto__=x',
    expect: error(400, 'the form may not use the key "__proto__"'),
  },
  {
    name: '__proto__ as a multipart field is 400',
    method: 'POST',
    path: '/responses/echo',
    body: fields(['name', 'ada'], ['__proto__', 'x']),
    expect: error(400, 'the multipart body may not use the key "__proto__"'),
  },
  {
    name: 'constructor as a multipart file field is 400',
    method: 'POST',
    path: '/responses/echo',
    body: fields(['constructor', new File(['x'], 'x.txt', { type: 'text/plain' })]),
    expect: error(400, 'the multipart body may not use the key "constructor"'),
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
