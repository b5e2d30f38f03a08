// src/common/*.guard.spec.ts and access-token.spec.ts: unit tests of the guards and token extraction.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';

export function masterKeyGuardSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/master-key.guard.spec.ts',
    [
      pkg('@nestjs/common', 'UnauthorizedException'),
      pkgTypes('@nestjs/common', 'ExecutionContext'),
      pkg('@nestjs/config', 'ConfigService'),
      use('masterKeyGuard', 'MasterKeyGuard'),
    ],
    [
      block(`
const MASTER_KEY = 'a-master-key-of-at-least-32-characters';

const contextOf = (request: object): ExecutionContext =>
  ({ switchToHttp: () => ({ getRequest: () => request }) }) as ExecutionContext;

describe('MasterKeyGuard', () => {
  const guard = new MasterKeyGuard(new ConfigService({ MASTER_KEY }));

  it('lets the master key through from the query, the body or a Bearer header', () => {
    expect(guard.canActivate(contextOf({ query: { access_token: MASTER_KEY }, headers: {} }))).toBe(true);
    expect(guard.canActivate(contextOf({ query: {}, bodyAccessToken: MASTER_KEY, headers: {} }))).toBe(true);
    expect(guard.canActivate(contextOf({ query: {}, headers: { authorization: \`Bearer \${MASTER_KEY}\` } }))).toBe(true);
  });

  it('refuses a missing, wrong or longer key with a 401', () => {
    for (const token of [undefined, 'wrong', \`\${MASTER_KEY}x\`, MASTER_KEY.slice(1)]) {
      const request = { query: token === undefined ? {} : { access_token: token }, headers: {} };
      expect(() => guard.canActivate(contextOf(request))).toThrow(UnauthorizedException);
    }
  });
});
`),
    ],
  );
}

export function adminGuardSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/common/admin.guard.spec.ts',
    [
      pkg('@nestjs/common', 'ForbiddenException'),
      pkgTypes('@nestjs/common', 'ExecutionContext'),
      use('adminGuard', 'AdminGuard'),
    ],
    [
      block(`
const contextOf = (user?: { id: string; role: string }): ExecutionContext =>
  ({ switchToHttp: () => ({ getRequest: () => ({ user }) }) }) as ExecutionContext;

describe('AdminGuard', () => {
  const guard = new AdminGuard();

  it('lets an admin through', () => {
    expect(guard.canActivate(contextOf({ id: '1', role: 'admin' }))).toBe(true);
  });

  it('refuses anyone else with a 403', () => {
    expect(() => guard.canActivate(contextOf({ id: '2', role: 'user' }))).toThrow(ForbiddenException);
    expect(() => guard.canActivate(contextOf())).toThrow(ForbiddenException);
  });
});
`),
    ],
  );
}

export function accessTokenSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  return tsFile(
    'src/common/access-token.spec.ts',
    [
      httpTypeImports(options, 'request', 'response'),
      use('accessToken', 'captureAccessToken', 'extractAccessToken'),
    ],
    [
      block(`
const requestOf = (parts: { query?: object; body?: unknown; authorization?: string }) =>
  ({ query: parts.query ?? {}, body: parts.body, headers: { authorization: parts.authorization } }) as unknown as ${platform.request};

describe('extractAccessToken', () => {
  it('reads the query first, then the body, then a Bearer header', () => {
    const all = requestOf({ query: { access_token: 'q' }, body: { access_token: 'b' }, authorization: 'Bearer h' });
    captureAccessToken(all, {} as ${platform.response}, () => undefined);
    expect(extractAccessToken(all)).toBe('q');
    const bodyAndHeader = requestOf({ body: { access_token: 'b' }, authorization: 'Bearer h' });
    captureAccessToken(bodyAndHeader, {} as ${platform.response}, () => undefined);
    expect(extractAccessToken(bodyAndHeader)).toBe('b');
    expect(extractAccessToken(requestOf({ authorization: 'bearer h' }))).toBe('h');
  });

  it('finds nothing in other schemes or empty values', () => {
    expect(extractAccessToken(requestOf({ authorization: 'Basic YTpi' }))).toBeUndefined();
    expect(extractAccessToken(requestOf({ query: { access_token: '' } }))).toBeUndefined();
    expect(extractAccessToken(requestOf({ query: { access_token: ['a', 'b'] } }))).toBeUndefined();
  });
});

describe('captureAccessToken', () => {
  it('takes access_token out of the body, so validation never sees it', () => {
    const request = requestOf({ body: { access_token: 'b', name: 'Ada' } });
    let nextCalls = 0;
    captureAccessToken(request, {} as ${platform.response}, () => (nextCalls += 1));
    expect(request.body).toEqual({ name: 'Ada' });
    expect(nextCalls).toBe(1);
  });
});
`),
    ],
  );
}
