// src/auth/auth.controller.ts: POST /auth, sign-in with HTTP Basic plus the master key, rate-limited.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, param, tsFile } from '../_shared/ts.js';

export function authControllerTemplate(): TypeScriptFile {
  return tsFile(
    'src/auth/auth.controller.ts',
    [
      pkg('@nestjs/common', 'Controller', 'Post'),
      pkg('@nestjs/swagger', 'ApiTags'),
      use('access', 'Access'),
      use('currentUser', 'CurrentUser', 'AuthUser'),
      use('rateLimit', 'LimitAttempts'),
      { from: 'src/auth/auth.service.ts', named: ['AuthService'], types: ['SignInResult'] },
    ],
    [
      classOf({
        name: 'AuthController',
        decorators: [decorator('ApiTags', "'auth'"), decorator('Controller', "'auth'")],
        ctors: [{ parameters: [injected('auth', 'AuthService')] }],
        methods: [
          {
            name: 'signIn',
            docs: [
              'The master key, then the e-mail and password (HTTP Basic), both checked by guards.',
            ],
            decorators: [
              decorator('Post'),
              decorator('Access', "'master'", "'password'"),
              decorator('LimitAttempts'),
            ],
            parameters: [param('user', 'AuthUser', [decorator('CurrentUser')])],
            returnType: 'Promise<SignInResult>',
            statements: code('return this.auth.signIn(user);'),
          },
        ],
      }),
    ],
  );
}
