// Routing cases: the request table of the specification and how paths reach modules and classes.
import { error, form, jsonBody, ok, type Case } from './case.js';

/** The request table of the specification, word for word. */
export const routingCases: Case[] = [
  {
    name: 'GET / reaches the prefix Default',
    method: 'GET',
    path: '/',
    expect: ok({ hello: 'world' }),
  },
  { name: 'GET /foo reaches foo Default', method: 'GET', path: '/foo', expect: ok('foo Default') },
  {
    name: 'POST /foo/bar reaches foo Bar.POST()',
    method: 'POST',
    path: '/foo/bar',
    expect: ok({ handler: 'foo.Bar.POST' }),
  },
  {
    name: 'GET /foo/bar/che passes che',
    method: 'GET',
    path: '/foo/bar/che',
    expect: ok({ handler: 'foo.Bar.GET', che: 'che' }),
  },
  {
    name: 'GET /foo/bar/che?baz=foo passes baz by name',
    method: 'GET',
    path: '/foo/bar/che?baz=foo',
    expect: ok({ handler: 'foo.Bar.GET', che: 'che', baz: 'foo' }),
  },
  {
    name: 'POST /foo/bar/che with body baz=foo',
    method: 'POST',
    path: '/foo/bar/che',
    headers: form,
    body: 'baz=foo',
    expect: ok({ handler: 'foo.Bar.POST', che: 'che', baz: 'foo' }),
  },
  {
    name: 'a body value wins over the query value',
    method: 'POST',
    path: '/foo/bar/che?baz=query',
    headers: jsonBody,
    body: '{"baz":"body"}',
    expect: ok({ handler: 'foo.Bar.POST', che: 'che', baz: 'body' }),
  },
  {
    name: 'a prefix class answers its bit',
    method: 'GET',
    path: '/greet/bob',
    expect: ok('hello bob'),
  },
  { name: 'foo-bar names class FooBar', method: 'GET', path: '/foo-bar', expect: ok('FooBar') },
  { name: 'foo_bar names class FooBar', method: 'GET', path: '/foo_bar', expect: ok('FooBar') },
  {
    name: 'a folder index is its module',
    method: 'GET',
    path: '/deep/a/b',
    expect: ok({ module: 'deep', bits: ['a', 'b'] }),
  },
  {
    name: 'an .mjs submodule of a folder',
    method: 'GET',
    path: '/deep/er/est/x',
    expect: ok({ module: 'deep/er', class: 'Est', x: 'x' }),
  },
  {
    name: 'a .js module takes a rest parameter',
    method: 'GET',
    path: '/rest/one/two/three',
    expect: ok({ first: 'one', more: ['two', 'three'] }),
  },
  {
    name: 'a .js default value gives its type',
    method: 'GET',
    path: '/rest/pair/1/5',
    expect: ok({ a: '1', b: 5, typeOfB: 'number' }),
  },
  {
    name: 'a .js default applies when absent',
    method: 'GET',
    path: '/rest/pair/1',
    expect: ok({ a: '1', b: 2, typeOfB: 'number' }),
  },
  {
    name: 'a private module is not routed',
    method: 'GET',
    path: '/_private',
    expect: error(404, 'no route for GET /_private: Default.GET takes 0 path argument(s)'),
  },
  {
    name: 'a private class is not routed',
    method: 'GET',
    path: '/_hidden',
    expect: error(404, 'no route for GET /_hidden: Default.GET takes 0 path argument(s)'),
  },
  {
    name: 'unknown paths are 404',
    method: 'GET',
    path: '/nothing/here',
    expect: error(404, 'no route for GET /nothing/here: Default.GET takes 0 path argument(s)'),
  },
  { name: 'a decoded unicode bit', method: 'GET', path: '/greet/%C3%A9', expect: ok('hello é') },
];
