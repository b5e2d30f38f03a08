// src/auth/auth.controller.ts: POST /auth, sign-in with HTTP Basic plus the master key.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, param, tsFile } from '../_shared/ts.js';

export function authControllerTemplate(): TypeScriptFile {
  return tsFile(
    'src/auth/auth.controller.ts',
    [
      pkg('@nestjs/common', 'Controller', 'Post'),
      pkg('@nestjs/swagger', 'ApiBasicAuth', 'ApiTags'),
      use('access', 'Access'),
      use('basicCredentials', 'BasicCredentials', 'Credentials'),
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
            decorators: [
              decorator('Post'),
              decorator('Access', "'master'"),
              decorator('ApiBasicAuth'),
            ],
            parameters: [param('credentials', 'Credentials', [decorator('BasicCredentials')])],
            returnType: 'Promise<SignInResult>',
            statements: code('return this.auth.signIn(credentials);'),
          },
        ],
      }),
    ],
  );
}
