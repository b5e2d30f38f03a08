// `src/password-resets/password-resets.resolver.ts` (--password-reset --graphql): POST and PUT /password-resets as mutations.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function passwordResetsResolverTemplate(): TypeScriptFile {
  return tsFile(
    'src/password-resets/password-resets.resolver.ts',
    [
      use('access', 'Access'),
      use('rateLimit', 'LimitAttempts'),
      use('graphql', 'Mutation', 'Resolver'),
      use('graphqlInput', 'checkedInput'),
      { from: 'src/users/user.view.ts', named: ['toUserView'], types: ['UserView'] },
      {
        from: 'src/password-resets/dto/password-reset.dto.ts',
        named: ['CreatePasswordResetDto', 'ResetPasswordDto'],
      },
      { from: 'src/password-resets/password-resets.service.ts', named: ['PasswordResetsService'] },
    ],
    [
      classOf({
        name: 'PasswordResetsResolver',
        docs: [
          'Password resets in GraphQL, with the checks, attempt limits and answers of their REST routes.',
        ],
        decorators: [decorator('Resolver')],
        ctors: [{ parameters: [injected('resets', 'PasswordResetsService')] }],
        methods: [
          {
            name: 'request',
            isAsync: true,
            docs: [
              'POST /password-resets: true whether or not the e-mail is registered, in the same time; the',
              'token and the mail are made after the answer.',
            ],
            decorators: [
              decorator('Mutation', "'requestPasswordReset'"),
              decorator('Access', "'client'"),
              decorator('LimitAttempts'),
            ],
            parameters: [{ name: 'args', type: '{ email: string; link: string }' }],
            returnType: 'Promise<boolean>',
            statements: code(
              'const input = await checkedInput(CreatePasswordResetDto, args);',
              'this.resets.request(input.email, input.link);',
              'return true;',
            ),
          },
          {
            name: 'complete',
            isAsync: true,
            docs: [
              "PUT /password-resets/:token: the mailed token's account gets the new password.",
            ],
            decorators: [
              decorator('Mutation', "'resetPassword'"),
              decorator('Access', "'public'"),
              decorator('LimitAttempts'),
            ],
            parameters: [{ name: 'args', type: '{ token: string; password: string }' }],
            returnType: 'Promise<UserView>',
            statements: code(
              'const input = await checkedInput(ResetPasswordDto, { password: args.password });',
              'return toUserView(await this.resets.complete(args.token, input.password));',
            ),
          },
        ],
      }),
    ],
  );
}
