// src/auth/auth.service.ts: turns an e-mail and password into a signed token.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, interfaceOf, tsFile } from '../_shared/ts.js';

export function authServiceTemplate(): TypeScriptFile {
  return tsFile(
    'src/auth/auth.service.ts',
    [
      pkg('@nestjs/common', 'Injectable', 'UnauthorizedException'),
      pkg('@nestjs/jwt', 'JwtService'),
      use('basicCredentials', 'Credentials'),
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
            docs: ['A JWT with the user id in `sub`, expiring after JWT_EXPIRES_IN.'],
            parameters: [{ name: 'credentials', type: 'Credentials' }],
            returnType: 'Promise<SignInResult>',
            statements: code(
              'const user = await this.users.verifyCredentials(credentials.email, credentials.password);',
              "if (!user) throw new UnauthorizedException('Wrong e-mail or password');",
              'return { token: await this.jwt.signAsync({ sub: user.id }), user: toUserView(user) };',
            ),
          },
        ],
      }),
    ],
  );
}
