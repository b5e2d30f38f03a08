// Body cases: JSON, form-encoded and multipart bodies, their refusals and the size limit.
import { error, form, jsonBody, ok, type Case } from './case.js';

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
