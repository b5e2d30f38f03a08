// Binding cases: path bits and keywords converted to the declared parameter types, and refusals.
import { error, ok, type Case } from './case.js';

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
