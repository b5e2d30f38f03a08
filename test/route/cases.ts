// The shared case table: every routing, binding, response and error case, run through both gateways.

/** A request in gateway-neutral form: the body is bytes plus a content type, so every gateway sends the same. */
export interface Case {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | FormData;
  expect: Expected;
}

export interface Expected {
  status: number;
  /** The body as text; JSON bodies are written out as JSON. */
  body: string;
  headers?: Record<string, string>;
}

const json = 'application/json; charset=utf-8';
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const jsonBody = { 'content-type': 'application/json' };

const ok = (value: unknown): Expected => ({
  status: 200,
  body: JSON.stringify(value),
  headers: { 'content-type': json },
});
const error = (status: number, message: string, headers: Record<string, string> = {}): Expected => {
  const text = {
    400: 'Bad Request',
    404: 'Not Found',
    405: 'Method Not Allowed',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    418: "I'm a Teapot",
    500: 'Internal Server Error',
  }[status];
  return {
    status,
    body: JSON.stringify({ statusCode: status, error: text, message }),
    headers: { 'content-type': json, ...headers },
  };
};

function upload(): FormData {
  const data = new FormData();
  data.append('title', 'Notes');
  data.append('doc', new File(['remember the milk'], 'notes.txt', { type: 'text/plain' }));
  return data;
}

function echoForm(): FormData {
  const data = new FormData();
  data.append('name', 'ada');
  data.append('f', new File(['x'], 'f.bin', { type: 'application/octet-stream' }));
  return data;
}

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

export const bindingCases: Case[] = [
  {
    name: 'number, boolean and comma list convert',
    method: 'GET',
    path: '/typed/5?flag=yes&tags=a,b',
    expect: ok({ id: 5, flag: true, color: 'red', tags: ['a', 'b'], when: null }),
  },
  {
    name: 'repeated keys, literal union and Date convert',
    method: 'GET',
    path: '/typed/5?tags=a&tags=b&color=green&when=2024-01-02T03:04:05Z',
    expect: ok({
      id: 5,
      flag: false,
      color: 'green',
      tags: ['a', 'b'],
      when: '2024-01-02T03:04:05.000Z',
    }),
  },
  {
    name: 'a positional parameter filled by name',
    method: 'GET',
    path: '/typed?id=7',
    expect: ok({ id: 7, flag: false, color: 'red', tags: [], when: null }),
  },
  {
    name: 'a rest parameter converts each bit',
    method: 'GET',
    path: '/typed/sum/1/2/3.5',
    expect: ok(6.5),
  },
  {
    name: 'a destructured last parameter takes keywords',
    method: 'GET',
    path: '/typed/search/cats?limit=10',
    expect: ok({ term: 'cats', page: 1, limit: 10 }),
  },
  {
    name: 'destructured keywords convert',
    method: 'GET',
    path: '/greet/bob?excited=true',
    expect: ok('hello bob!'),
  },
  {
    name: 'a value that is not a number is 400',
    method: 'GET',
    path: '/typed/x',
    expect: error(400, 'parameter id must be a number'),
  },
  {
    name: 'a value outside a literal union is 400',
    method: 'GET',
    path: '/typed/5?color=blue',
    expect: error(400, 'parameter color must be one of "red", "green"'),
  },
  {
    name: 'a value that is not a boolean is 400',
    method: 'GET',
    path: '/typed/5?flag=maybe',
    expect: error(400, 'parameter flag must be true or false'),
  },
  {
    name: 'a value that is not a date is 400',
    method: 'GET',
    path: '/typed/5?when=someday',
    expect: error(400, 'parameter when must be a date'),
  },
  {
    name: 'a missing required parameter is 400',
    method: 'GET',
    path: '/typed',
    expect: error(400, 'missing required parameter id'),
  },
  {
    name: 'a missing required keyword is 400',
    method: 'GET',
    path: '/typed/search/cats',
    expect: error(400, 'missing required parameter limit'),
  },
  {
    name: 'a keyword that does not convert is 400',
    method: 'GET',
    path: '/typed/search/cats?limit=10&page=x',
    expect: error(400, 'parameter page must be a number'),
  },
  {
    name: 'a value given twice is 400',
    method: 'GET',
    path: '/typed/5?id=6',
    expect: error(400, 'parameter id was given twice (in the path and by name)'),
  },
  {
    name: 'a scalar given more than once is 400',
    method: 'GET',
    path: '/typed?id=1&id=2',
    expect: error(400, 'parameter id was given more than once'),
  },
  {
    name: 'a keyword the handler does not accept is 400',
    method: 'GET',
    path: '/typed/5?nope=1',
    expect: error(400, 'GET does not accept the parameter nope'),
  },
  {
    name: 'more path bits than the handler takes is 404',
    method: 'GET',
    path: '/typed/1/true/red/a/2024-01-01/extra',
    expect: error(
      404,
      'no route for GET /typed/1/true/red/a/2024-01-01/extra: Default.GET takes 5 path argument(s)',
    ),
  },
];

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
];

export const bodyCases: Case[] = [
  {
    name: 'a JSON object gives keywords',
    method: 'POST',
    path: '/responses/echo',
    headers: { ...jsonBody, 'x-test': 't' },
    body: '{"a":1,"b":[1,2]}',
    expect: ok({ kwargs: { a: 1, b: [1, 2] }, query: {}, files: [], header: 't' }),
  },
  {
    name: 'form fields give keywords, repeated ones a list',
    method: 'POST',
    path: '/responses/echo?q=1',
    headers: form,
    body: 'a=1&a=2&b=%20x+y',
    expect: ok({
      kwargs: { q: '1', a: ['1', '2'], b: ' x y' },
      query: { q: '1' },
      files: [],
      header: null,
    }),
  },
  {
    name: 'multipart fields and files give keywords',
    method: 'POST',
    path: '/responses/echo',
    body: echoForm(),
    expect: ok({ kwargs: { name: 'ada', f: {} }, query: {}, files: ['f=f.bin'], header: null }),
  },
  {
    name: 'a multipart file reaches a typed parameter',
    method: 'POST',
    path: '/responses/upload',
    body: upload(),
    expect: ok({
      title: 'Notes',
      name: 'notes.txt',
      type: 'text/plain',
      text: 'remember the milk',
    }),
  },
  {
    name: 'a JSON string for a File parameter is 400',
    method: 'POST',
    path: '/responses/upload',
    headers: jsonBody,
    body: '{"doc":"not a file"}',
    expect: error(400, 'parameter doc must be a file (multipart/form-data)'),
  },
  {
    name: 'an unsupported content type is 415',
    method: 'POST',
    path: '/responses/echo',
    headers: { 'content-type': 'text/plain' },
    body: 'hi',
    expect: error(
      415,
      'unsupported content type "text/plain": send application/json, application/x-www-form-urlencoded or multipart/form-data',
    ),
  },
  {
    name: 'invalid JSON is 400',
    method: 'POST',
    path: '/responses/echo',
    headers: jsonBody,
    body: '{"a":',
    expect: error(400, 'invalid JSON body: Unexpected end of JSON input'),
  },
  {
    name: 'a __proto__ key in JSON is 400',
    method: 'POST',
    path: '/responses/echo',
    headers: jsonBody,
    body: '{"__proto__":{"polluted":1}}',
    expect: error(400, 'invalid JSON body: Object contains forbidden prototype property'),
  },
  {
    name: 'a bad percent-escape in a form is 400',
    method: 'POST',
    path: '/responses/echo',
    headers: form,
    body: 'a=%zz',
    expect: error(400, 'bad percent-escape in the form: "%zz"'),
  },
  {
    name: 'a body over the limit is 413',
    method: 'POST',
    path: '/responses/echo',
    headers: jsonBody,
    body: JSON.stringify({ text: 'x'.repeat(2000) }),
    expect: error(413, 'request body larger than the limit of 1024 bytes'),
  },
];

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

export const allCases: Case[] = [
  ...routingCases,
  ...bindingCases,
  ...responseCases,
  ...bodyCases,
  ...safetyCases,
];
