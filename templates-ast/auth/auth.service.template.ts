// src/auth/auth.service.ts: turns a user whose password was checked into a signed token.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, interfaceOf, tsFile } from '../_shared/ts.js';

export function authServiceTemplate(): TypeScriptFile {
  return tsFile(
    'src/auth/auth.service.ts',
    [
      pkg('@nestjs/common', 'Injectable'),
      pkg('@nestjs/jwt', 'JwtService'),
      use('currentUser', 'AuthUser'),
      { from: 'src/auth/jwt.strategy.ts', named: ['tokenClaims'] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      { from: 'src/users/user.view.ts', named: ['toUserView'], types: ['UserView'] },
    ],
    [
      interfaceOf({
        name: 'SignInResult',
        properties: [
          { name: 'token', type: 'string' },
          { name: 'user', type: 'UserView' },
        ],
      }),
      classOf({
        name: 'AuthService',
        decorators: [decorator('Injectable')],
        ctors: [{ parameters: [injected('users', 'UsersService'), injected('jwt', 'JwtService')] }],
        methods: [
          {
            name: 'signIn',
            isAsync: true,
            docs: [
              'A JWT for a user whose password PasswordGuard has checked: the user id in `sub`, the',
              'token version in `ver`, expiring after JWT_EXPIRES_IN.',
            ],
            parameters: [{ name: 'signedIn', type: 'AuthUser' }],
            returnType: 'Promise<SignInResult>',
            statements: code(
              'const user = await this.users.findOne(signedIn.id);',
              'return { token: await this.jwt.signAsync(tokenClaims(user)), user: toUserView(user) };',
            ),
          },
        ],
      }),
    ],
  );
}
