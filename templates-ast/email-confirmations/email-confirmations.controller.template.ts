// src/users/email-confirmations.controller.ts: POST /users/confirm and POST /users/confirm/resend.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, param, tsFile } from '../_shared/ts.js';

export function emailConfirmationsControllerTemplate(): TypeScriptFile {
  return tsFile(
    'src/users/email-confirmations.controller.ts',
    [
      pkg('@nestjs/common', 'Body', 'Controller', 'HttpCode', 'Post'),
      pkg(
        '@nestjs/swagger',
        'ApiAcceptedResponse',
        'ApiNotFoundResponse',
        'ApiOkResponse',
        'ApiTags',
      ),
      use('access', 'Access'),
      use('apiDocs', 'ApiBodies', 'ApiErrors', 'ErrorView'),
      use('rateLimit', 'LimitAttempts'),
      { from: 'src/users/user.view.ts', named: ['UserView', 'toUserView'] },
      {
        from: 'src/users/dto/confirm-email.dto.ts',
        named: ['ConfirmEmailDto', 'ResendConfirmationDto'],
      },
      {
        from: 'src/users/email-confirmations.service.ts',
        named: ['EmailConfirmationsService'],
      },
    ],
    [
      classOf({
        name: 'EmailConfirmationsController',
        docs: [
          'Both routes count against the sign-in attempt limits: guessing tokens or mailing a user over',
          'and over is as limited as guessing passwords.',
        ],
        decorators: [
          decorator('ApiTags', "'users'"),
          decorator('ApiBodies'),
          decorator('Controller', "'users/confirm'"),
        ],
        ctors: [{ parameters: [injected('confirmations', 'EmailConfirmationsService')] }],
        methods: [
          {
            name: 'confirm',
            isAsync: true,
            docs: [
              'Confirms the e-mail of the token mailed at sign-up (or by resend); once per token.',
            ],
            decorators: [
              decorator('Post'),
              decorator('HttpCode', '200'),
              decorator('Access', "'public'"),
              decorator('LimitAttempts'),
              decorator(
                'ApiOkResponse',
                "{ type: UserView, description: 'The user, whose e-mail is now confirmed' }",
              ),
              decorator('ApiErrors', '400'),
              decorator(
                'ApiNotFoundResponse',
                "{ type: ErrorView, description: 'The token is unknown, used or expired' }",
              ),
            ],
            parameters: [param('input', 'ConfirmEmailDto', [decorator('Body')])],
            returnType: 'Promise<UserView>',
            statements: code('return toUserView(await this.confirmations.confirm(input.token));'),
          },
          {
            name: 'resend',
            docs: [
              'Mails a new confirmation to a registered user who has not confirmed yet; the answer is 202',
              'either way.',
            ],
            decorators: [
              decorator('Post', "'resend'"),
              decorator('HttpCode', '202'),
              decorator('Access', "'client'"),
              decorator('LimitAttempts'),
              decorator(
                'ApiAcceptedResponse',
                "{ description: 'A new link is mailed if the e-mail is registered and not confirmed; the answer does not say' }",
              ),
              decorator('ApiErrors', '400'),
            ],
            parameters: [param('input', 'ResendConfirmationDto', [decorator('Body')])],
            returnType: 'void',
            statements: code('this.confirmations.resend(input.email, input.link);'),
          },
        ],
      }),
    ],
  );
}
