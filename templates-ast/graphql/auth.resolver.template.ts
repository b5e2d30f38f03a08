// `src/auth/auth.resolver.ts`: `signIn`, POST /auth's twin in GraphQL (password sign-in), and with
// --refresh-tokens the sessions' mutations (POST /auth/refresh, POST /auth/sign-out, DELETE /users/me/sessions).
import type { MethodDeclarationStructure, OptionalKind } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

/** Where GraphQL has `signIn`: password sign-in (with --refresh-tokens it starts a session). */
export const hasSignInField = (options: ProjectOptions): boolean =>
  options.graphql && options.auth && hasPassword(options);

/** Where GraphQL has the sessions' mutations: `refreshSession`, `signOut`, `signOutEverywhere`. */
export const hasSessionFields = (options: ProjectOptions): boolean =>
  options.graphql && options.auth && options.refreshTokens;

/** Where the project has src/auth/auth.resolver.ts. */
export const hasAuthResolver = (options: ProjectOptions): boolean =>
  hasSignInField(options) || hasSessionFields(options);

/** Longer passwords are refused before they are hashed, as CreateUserDto refuses them. */
const MAX_PASSWORD = 128;

const signIn = (refreshTokens: boolean): OptionalKind<MethodDeclarationStructure> => ({
  name: 'signIn',
  isAsync: true,
  docs: [
    "POST /auth's checks: its attempt limits (per address and per account) and one answer for",
    `a wrong e-mail and a wrong password.${refreshTokens ? ' The sign-in starts a session.' : ''}`,
  ],
  decorators: [
    decorator('Mutation', "'signIn'"),
    decorator('Access', "'client'"),
    decorator('LimitAttempts', "'password'"),
  ],
  parameters: [{ name: 'args', type: '{ email: string; password: string }' }],
  returnType: 'Promise<SignInResult>',
  statements: code(
    `if (args.password.length > ${MAX_PASSWORD}) {`,
    `  throw new BadRequestException('password must be at most ${MAX_PASSWORD} characters long');`,
    '}',
    'const user = await this.users.verifyCredentials(args.email, args.password);',
    "if (!user) throw new UnauthorizedException('Wrong e-mail or password');",
    'return this.auth.signIn({ id: user.id, role: user.role });',
  ),
});

/** The request's GraphqlContext, whose `user` the access check set. */
const contextParameter = { name: 'context', type: 'GraphqlContext' };

const SESSION_METHODS: OptionalKind<MethodDeclarationStructure>[] = [
  {
    name: 'refreshSession',
    isAsync: true,
    docs: [
      'POST /auth/refresh: the next pair for a refresh token, which stops working; one used twice ends',
      'its session. Its attempts are counted as the route counts them.',
    ],
    decorators: [
      decorator('Mutation', "'refreshSession'"),
      decorator('Access', "'public'"),
      decorator('LimitAttempts'),
    ],
    parameters: [{ name: 'args', type: '{ refreshToken: string }' }],
    returnType: 'Promise<SignInResult>',
    statements: code(
      'const input = await checkedInput(RefreshTokenDto, args);',
      'return this.auth.refresh(input.refreshToken);',
    ),
  },
  {
    name: 'signOut',
    isAsync: true,
    docs: ["POST /auth/sign-out: ends the session of this request's token."],
    decorators: [decorator('Mutation', "'signOut'"), decorator('Access', "'user'")],
    parameters: [{ name: '_args', type: 'unknown' }, contextParameter],
    returnType: 'Promise<boolean>',
    statements: code(
      'const user = context.user as AuthUser;',
      'if (user.sessionId) await this.sessions.end(user.sessionId, user.id);',
      'return true;',
    ),
  },
  {
    name: 'signOutEverywhere',
    isAsync: true,
    docs: [
      'DELETE /users/me/sessions: ends every session of the signed-in user, this one included.',
    ],
    decorators: [decorator('Mutation', "'signOutEverywhere'"), decorator('Access', "'user'")],
    parameters: [{ name: '_args', type: 'unknown' }, contextParameter],
    returnType: 'Promise<boolean>',
    statements: code('await this.sessions.endAll((context.user as AuthUser).id);', 'return true;'),
  },
];

export function authResolverTemplate(options: ProjectOptions): TypeScriptFile {
  const password = hasSignInField(options);
  const sessions = hasSessionFields(options);
  return tsFile(
    'src/auth/auth.resolver.ts',
    [
      ...(password ? [pkg('@nestjs/common', 'BadRequestException', 'UnauthorizedException')] : []),
      use('access', 'Access'),
      use('rateLimit', 'LimitAttempts'),
      use('graphql', 'Mutation', 'Resolver'),
      ...(sessions
        ? [
            use('graphqlInput', 'checkedInput'),
            use('graphqlContext', 'GraphqlContext'),
            use('currentUser', 'AuthUser'),
            { from: 'src/sessions/dto/refresh-token.dto.ts', named: ['RefreshTokenDto'] },
            { from: 'src/sessions/sessions.service.ts', named: ['SessionsService'] },
          ]
        : []),
      ...(password ? [{ from: 'src/users/users.service.ts', named: ['UsersService'] }] : []),
      { from: 'src/auth/auth.service.ts', named: ['AuthService'], types: ['SignInResult'] },
    ],
    [
      classOf({
        name: 'AuthResolver',
        docs: [
          password
            ? 'Sign-in in GraphQL: the client key, then the e-mail and password as arguments.'
            : 'Sessions in GraphQL (a session starts with a sign-in at a provider).',
          ...(sessions
            ? ['Sessions as mutations, with the checks and attempt limits of their REST routes.']
            : []),
        ],
        decorators: [decorator('Resolver')],
        ctors: [
          {
            parameters: [
              injected('auth', 'AuthService'),
              ...(password ? [injected('users', 'UsersService')] : []),
              ...(sessions ? [injected('sessions', 'SessionsService')] : []),
            ],
          },
        ],
        methods: [...(password ? [signIn(sessions)] : []), ...(sessions ? SESSION_METHODS : [])],
      }),
    ],
  );
}
