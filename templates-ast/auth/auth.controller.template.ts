// src/auth/auth.controller.ts: POST /auth, sign-in with HTTP Basic plus the client key, rate-limited; POST /auth/refresh.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, param, tsFile } from '../_shared/ts.js';

/** POST /auth/refresh (--refresh-tokens): rate-limited like sign-in, as it is a way in. */
const refreshMethod: OptionalKind<MethodDeclarationStructure> = {
  name: 'refresh',
  docs: [
    'A new access token and refresh token for a refresh token, which stops working. Using one that',
    'was already traded ends its session (reuse detection).',
  ],
  decorators: [
    decorator('Post', "'refresh'"),
    decorator('Access', "'public'"),
    // The answer holds tokens, and the request no Authorization header: say it here.
    decorator('Header', "'Cache-Control'", "'no-store'"),
    decorator('LimitAttempts'),
    decorator('ApiCreatedResponse', '{ type: SignInResult }'),
    decorator(
      'ApiUnauthorizedResponse',
      "{ description: 'Unknown, expired, ended or reused refresh token', type: ErrorView }",
    ),
  ],
  parameters: [param('input', 'RefreshTokenDto', [decorator('Body')])],
  returnType: 'Promise<SignInResult>',
  statements: code('return this.auth.refresh(input.refreshToken);'),
};

/** POST /auth: the client key (or the master key), then HTTP Basic. */
const signInMethod: OptionalKind<MethodDeclarationStructure> = {
  name: 'signIn',
  docs: [
    'The client key (or the master key), then the e-mail and password (HTTP Basic), both checked by guards.',
  ],
  decorators: [
    decorator('Post'),
    decorator('Access', "'client'", "'password'"),
    decorator('LimitAttempts', "'password'"),
    decorator('ApiCreatedResponse', '{ type: SignInResult }'),
  ],
  parameters: [param('user', 'AuthUser', [decorator('CurrentUser')])],
  returnType: 'Promise<SignInResult>',
  statements: code('return this.auth.signIn(user);'),
};

/** A social-only project without --refresh-tokens has no route of its own under /auth but the providers'. */
export const hasAuthController = (options: ProjectOptions): boolean =>
  hasPassword(options) || options.refreshTokens;

export function authControllerTemplate(options: ProjectOptions): TypeScriptFile {
  const refresh = options.refreshTokens;
  const password = hasPassword(options);
  return tsFile(
    'src/auth/auth.controller.ts',
    [
      pkg(
        '@nestjs/common',
        ...(refresh ? ['Body'] : []),
        'Controller',
        ...(refresh ? ['Header'] : []),
        'Post',
      ),
      pkg(
        '@nestjs/swagger',
        ...(password || refresh ? ['ApiCreatedResponse'] : []),
        'ApiTags',
        ...(refresh ? ['ApiUnauthorizedResponse'] : []),
      ),
      ...(refresh
        ? [{ from: 'src/sessions/dto/refresh-token.dto.ts', named: ['RefreshTokenDto'] }]
        : []),
      use('access', 'Access'),
      ...(password ? [use('currentUser', 'CurrentUser', 'AuthUser')] : []),
      use('rateLimit', 'LimitAttempts'),
      ...(refresh ? [use('apiDocs', 'ErrorView')] : []),
      { from: 'src/auth/auth.service.ts', named: ['AuthService', 'SignInResult'] },
    ],
    [
      classOf({
        name: 'AuthController',
        decorators: [decorator('ApiTags', "'auth'"), decorator('Controller', "'auth'")],
        ctors: [{ parameters: [injected('auth', 'AuthService')] }],
        methods: [...(password ? [signInMethod] : []), ...(refresh ? [refreshMethod] : [])],
      }),
    ],
  );
}
