// src/sessions/sessions.controller.ts: POST /auth/sign-out and DELETE /users/me/sessions (--refresh-tokens).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, param, tsFile } from '../_shared/ts.js';

const me = param('user', 'AuthUser', [decorator('CurrentUser')]);

export function sessionsControllerTemplate(): TypeScriptFile {
  return tsFile(
    'src/sessions/sessions.controller.ts',
    [
      pkg('@nestjs/common', 'Controller', 'Delete', 'HttpCode', 'Post'),
      pkg('@nestjs/swagger', 'ApiNoContentResponse', 'ApiTags', 'ApiUnauthorizedResponse'),
      use('access', 'Access'),
      use('currentUser', 'CurrentUser', 'AuthUser'),
      { from: 'src/sessions/sessions.service.ts', named: ['SessionsService'] },
    ],
    [
      classOf({
        name: 'SessionsController',
        decorators: [decorator('ApiTags', "'sessions'"), decorator('Controller')],
        ctors: [{ parameters: [injected('sessions', 'SessionsService')] }],
        methods: [
          {
            name: 'signOut',
            isAsync: true,
            docs: [
              "Ends the session of this request's token: its refresh token and access tokens stop working.",
            ],
            decorators: [
              decorator('Post', "'auth/sign-out'"),
              decorator('Access', "'user'"),
              decorator('HttpCode', '204'),
              decorator('ApiNoContentResponse', "{ description: 'The session is ended' }"),
              decorator('ApiUnauthorizedResponse', "{ description: 'No valid access token' }"),
            ],
            parameters: [me],
            returnType: 'Promise<void>',
            statements: code(
              'if (user.sessionId) await this.sessions.end(user.sessionId, user.id);',
            ),
          },
          {
            name: 'signOutEverywhere',
            isAsync: true,
            docs: ['Ends every session of the signed-in user, this one included.'],
            decorators: [
              decorator('Delete', "'users/me/sessions'"),
              decorator('Access', "'user'"),
              decorator('HttpCode', '204'),
              decorator('ApiNoContentResponse', "{ description: 'Every session is ended' }"),
              decorator('ApiUnauthorizedResponse', "{ description: 'No valid access token' }"),
            ],
            parameters: [me],
            returnType: 'Promise<void>',
            statements: code('await this.sessions.endAll(user.id);'),
          },
        ],
      }),
    ],
  );
}
