// The auth decorators as plain functions: the legacy decorator form, and options refused when they are made.
import { describe, expect, it } from 'vitest';
import { authSchemes } from '../../src/route/auth.js';
import { Controller, basicAuth, bearerAuth, safeEqual } from '../../src/route/index.js';

describe('auth decorators', () => {
  it('work in the legacy (experimentalDecorators) form on a method', () => {
    class Legacy extends Controller {
      GET() {}
      POST() {}
    }
    const descriptor = Object.getOwnPropertyDescriptor(Legacy.prototype, 'POST');
    bearerAuth({ tokens: ['t'] })(Legacy.prototype, 'POST', descriptor);
    expect(authSchemes(Legacy, 'POST')?.map((scheme) => scheme.challenge)).toEqual(['Bearer']);
    expect(authSchemes(Legacy, 'GET')).toBeUndefined();
  });

  it('a subclass inherits its parent class’s schemes, and its own replace them', () => {
    class Parent extends Controller {
      GET() {}
    }
    basicAuth({ realm: 'parent', users: { a: 'b' } })(Parent);
    class Child extends Parent {}
    class Own extends Parent {}
    bearerAuth({ tokens: ['t'] })(Own);
    expect(authSchemes(Child, 'GET')?.map((scheme) => scheme.kind)).toEqual(['basic']);
    expect(authSchemes(Own, 'GET')?.map((scheme) => scheme.kind)).toEqual(['bearer']);
  });

  it.each([
    [() => basicAuth({ realm: 'x' }), 'basicAuth needs verify(username, password) or users'],
    [() => bearerAuth({}), 'bearerAuth needs verify(token) or tokens'],
    [() => basicAuth({ users: { 'a:b': 'c' } }), 'the user name "a:b" has a colon'],
  ])('refuses options that cannot work (%#)', (make, message) => {
    expect(make).toThrow(message);
  });

  it('safeEqual compares whole secrets of any length', () => {
    expect(safeEqual('sesame', 'sesame')).toBe(true);
    expect(safeEqual('sesame', 'sesam')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
  });
});
