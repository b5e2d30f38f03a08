// Response cases: every kind of return value, thrown errors, HEAD, OPTIONS and 405.
import { error, json, jsonBody, ok, type Case } from './case.js';

export const responseCases: Case[] = [
  {
    name: 'undefined is 204 with no body',
    method: 'GET',
    path: '/responses/empty',
    expect: { status: 204, body: '' },
  },
  {
    name: 'null is 204 with no body',
    method: 'DELETE',
    path: '/responses/empty',
    expect: { status: 204, body: '' },
  },
  {
    name: 'bytes are application/octet-stream',
    method: 'GET',
    path: '/responses/bytes',
    expect: { status: 200, body: 'hi', headers: { 'content-type': 'application/octet-stream' } },
  },
  {
    name: 'an async iterable is streamed',
    method: 'GET',
    path: '/responses/stream',
    expect: {
      status: 200,
      body: 'one,two',
      headers: { 'content-type': 'application/octet-stream' },
    },
  },
  {
    name: 'a returned Response is sent as it is',
    method: 'GET',
    path: '/responses/raw',
    expect: {
      status: 202,
      body: 'raw text',
      headers: { 'content-type': 'text/plain', 'x-raw': 'yes' },
    },
  },
  {
    name: 'this.response sets status and headers',
    method: 'POST',
    path: '/responses/created',
    headers: jsonBody,
    body: '{"name":"ada"}',
    expect: {
      status: 201,
      body: '{"id":7,"name":"ada"}',
      headers: { 'content-type': json, 'x-id': '7' },
    },
  },
  {
    name: 'a thrown error is a generic 500',
    method: 'GET',
    path: '/responses/boom',
    expect: error(500, 'Internal Server Error'),
  },
  {
    name: 'a status outside 200-599 is a generic 500',
    method: 'GET',
    path: '/responses/bad-status',
    expect: error(500, 'Internal Server Error'),
  },
  {
    name: 'an HttpError gives its status and message',
    method: 'GET',
    path: '/responses/teapot',
    expect: error(418, 'short and stout'),
  },
  {
    name: 'HEAD answers like GET without a body',
    method: 'HEAD',
    path: '/foo/bar/che',
    expect: { status: 200, body: '', headers: { 'content-type': json } },
  },
  {
    name: 'OPTIONS answers 204 with Allow',
    method: 'OPTIONS',
    path: '/foo/bar',
    expect: { status: 204, body: '', headers: { allow: 'GET, HEAD, POST, OPTIONS' } },
  },
  {
    name: 'a controller OPTIONS handler wins',
    method: 'OPTIONS',
    path: '/responses/echo',
    expect: ok({ options: 'from the controller' }),
  },
  {
    name: 'a method without a handler is 405 with Allow',
    method: 'PUT',
    path: '/foo/bar',
    expect: error(405, 'PUT is not allowed here; allowed: GET, HEAD, POST, OPTIONS', {
      allow: 'GET, HEAD, POST, OPTIONS',
    }),
  },
  {
    name: 'an aborted stream closes its generator (its finally runs)',
    method: 'GET',
    path: '/streams/endless/{id}',
    abort: { then: '/streams/closed/{id}' },
    expect: ok(true),
  },
  {
    name: 'a thrown object branded as HttpError with status 999 is a generic 500',
    method: 'GET',
    path: '/responses/forged',
    expect: error(500, 'Internal Server Error'),
  },
  {
    name: 'OPTIONS on a path that does not exist is 404 like GET',
    method: 'OPTIONS',
    path: '/nothing/here',
    expect: error(404, 'no route for OPTIONS /nothing/here: Default.GET takes 0 path argument(s)'),
  },
  {
    name: 'another method on a path that does not exist is 404 too',
    method: 'PUT',
    path: '/nothing/here',
    expect: error(404, 'no route for PUT /nothing/here: Default.GET takes 0 path argument(s)'),
  },
  {
    name: 'PURGE is not a route unless the application lists it',
    method: 'PURGE',
    path: '/methods',
    expect: error(405, 'PURGE is not allowed here; allowed: GET, HEAD, OPTIONS', {
      allow: 'GET, HEAD, OPTIONS',
    }),
  },
  {
    name: 'LOCK is not a route unless the application lists it',
    method: 'LOCK',
    path: '/methods',
    expect: error(405, 'LOCK is not allowed here; allowed: GET, HEAD, OPTIONS', {
      allow: 'GET, HEAD, OPTIONS',
    }),
  },
  {
    name: 'Allow lists only routable methods',
    method: 'OPTIONS',
    path: '/methods',
    expect: { status: 204, body: '', headers: { allow: 'GET, HEAD, OPTIONS' } },
  },
  {
    name: 'a class with a field gets it on every request',
    method: 'GET',
    path: '/instances/fields',
    expect: ok('from a field'),
  },
  {
    name: 'a class with a private method gets it on every request',
    method: 'GET',
    path: '/instances/private',
    expect: ok('from a private method'),
  },
  {
    name: 'a class with a constructor gets it on every request',
    method: 'GET',
    path: '/instances/constructed',
    expect: ok('from the constructor'),
  },
  {
    name: 'a class with a base-class field gets it on every request',
    method: 'GET',
    path: '/instances/inherited',
    expect: ok('from the base class'),
  },
];
