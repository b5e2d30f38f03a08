// src/common/access.guard.spec.ts: a route without `@Access` is refused; a marked one goes on to its own guards.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';

export function accessGuardSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/access.guard.spec.ts',
    [
      pkg('@nestjs/common', 'ForbiddenException'),
      pkgTypes('@nestjs/common', 'ExecutionContext'),
      pkg('@nestjs/core', 'Reflector'),
      use('access', 'Access'),
      use('accessGuard', 'AccessGuard'),
    ],
    [
      block(`
class Routes {
  @Access('public')
  marked(): void {}

  unmarked(): void {}
}

@Access('public')
class MarkedRoutes {
  inherited(): void {}
}

const contextOf = (target: object, handler: () => void): ExecutionContext =>
  ({ getHandler: () => handler, getClass: () => target }) as unknown as ExecutionContext;

describe('AccessGuard', () => {
  const guard = new AccessGuard(new Reflector());

  it('lets a route marked with @Access through to its own guards', () => {
    expect(guard.canActivate(contextOf(Routes, Routes.prototype.marked))).toBe(true);
    expect(guard.canActivate(contextOf(MarkedRoutes, MarkedRoutes.prototype.inherited))).toBe(true);
  });

  it('refuses a route without a mark with a 403', () => {
    expect(() => guard.canActivate(contextOf(Routes, Routes.prototype.unmarked))).toThrow(ForbiddenException);
  });
});
`),
    ],
  );
}
