// `src/auth/auth.resolver.ts`: the `signIn` mutation, POST /auth's twin in GraphQL (password sign-in).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

/**
 * Where GraphQL has `signIn`: password sign-in whose answer is a token (with --refresh-tokens a
 * sign-in starts a session, which GraphQL does not offer yet: POST /auth does).
 */
export const hasSignInField = (options: ProjectOptions): boolean =>
  options.graphql && options.auth && hasPassword(options) && !options.refreshTokens;

/** Longer passwords are refused before they are hashed, as CreateUserDto refuses them. */
const MAX_PASSWORD = 128;

export function authResolverTemplate(): TypeScriptFile {
  return tsFile(
    'src/auth/auth.resolver.ts',
    [
      pkg('@nestjs/common', 'BadRequestException', 'UnauthorizedException'),
      use('access', 'Access'),
      use('rateLimit', 'LimitAttempts'),
      use('graphql', 'Mutation', 'Resolver'),
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      { from: 'src/auth/auth.service.ts', named: ['AuthService'], types: ['SignInResult'] },
    ],
    [
      classOf({
        name: 'AuthResolver',
        docs: ['Sign-in in GraphQL: the client key, then the e-mail and password as arguments.'],
        decorators: [decorator('Resolver')],
        ctors: [
          {
            parameters: [injected('auth', 'AuthService'), injected('users', 'UsersService')],
          },
        ],
        methods: [
          {
            name: 'signIn',
            isAsync: true,
            docs: [
              "POST /auth's checks: its attempt limits (per address and per account) and one answer for",
              'a wrong e-mail and a wrong password.',
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
          },
        ],
      }),
    ],
  );
}
