// Time-limit cases: a handler that never answers and a body that stops half-way (the test app allows 1 s each).
import { error, jsonBody, type Case } from './case.js';

export const limitCases: Case[] = [
  {
    name: 'a handler that never answers is 503 after the handler limit',
    method: 'GET',
    path: '/slow/never',
    expect: error(503, 'the handler did not answer within 1000 ms'),
  },
  {
    name: 'a body that stops half-way is 408 after the body limit',
    method: 'POST',
    path: '/responses/echo',
    headers: jsonBody,
    body: '{"note":"this body stops half-way"}',
    stall: true,
    expect: error(408, 'the request body did not arrive within 1000 ms'),
  },
];
