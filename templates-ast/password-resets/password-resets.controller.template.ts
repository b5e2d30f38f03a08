// src/password-resets/: the /password-resets routes, what they accept, and the module that wires them.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { featureModuleTemplate } from '../_shared/feature-module.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, param, property, tsFile } from '../_shared/ts.js';
import { passwordResetModelPath } from './password-reset.entity.template.js';

const token = param('token', 'string', [decorator('Param', "'token'")]);
const notFound = decorator(
  'ApiNotFoundResponse',
  "{ description: 'The token is unknown, used or expired', type: ErrorView }",
);

export function passwordResetsControllerTemplate(): TypeScriptFile {
  return tsFile(
    'src/password-resets/password-resets.controller.ts',
    [
      pkg('@nestjs/common', 'Body', 'Controller', 'Get', 'HttpCode', 'Param', 'Post', 'Put'),
      pkg(
        '@nestjs/swagger',
        'ApiAcceptedResponse',
        'ApiNotFoundResponse',
        'ApiOkResponse',
        'ApiProperty',
        'ApiTags',
      ),
      use('access', 'Access'),
      use('apiDocs', 'ApiErrors', 'ErrorView'),
      use('rateLimit', 'LimitAttempts'),
      {
        from: 'src/users/user.view.ts',
        named: ['PublicUserView', 'UserView', 'toPublicUserView', 'toUserView'],
      },
      {
        from: 'src/password-resets/dto/password-reset.dto.ts',
        named: ['CreatePasswordResetDto', 'ResetPasswordDto'],
      },
      {
        from: 'src/password-resets/password-resets.service.ts',
        named: ['PasswordResetsService'],
      },
    ],
    [
      classOf({
        name: 'PasswordResetView',
        docs: ['Whose password a link resets, so that the page can greet them.'],
        properties: [
          property('user', 'PublicUserView', [
            decorator('ApiProperty', '{ type: () => PublicUserView }'),
          ]),
        ],
      }),
      classOf({
        name: 'PasswordResetsController',
        docs: [
          'Every route counts against the sign-in attempt limits: guessing tokens or mailing a user over',
          'and over is as limited as guessing passwords.',
        ],
        decorators: [
          decorator('ApiTags', "'password-resets'"),
          decorator('Controller', "'password-resets'"),
        ],
        ctors: [{ parameters: [injected('resets', 'PasswordResetsService')] }],
        methods: [
          {
            name: 'create',
            docs: ['Mails a reset link if the e-mail is registered; the answer is 202 either way.'],
            decorators: [
              decorator('Post'),
              decorator('HttpCode', '202'),
              decorator('Access', "'client'"),
              decorator('LimitAttempts'),
              decorator(
                'ApiAcceptedResponse',
                "{ description: 'A link is mailed if the e-mail is registered; the answer does not say' }",
              ),
              // A malformed e-mail, or a link outside APP_ORIGINS.
              decorator('ApiErrors', '400'),
            ],
            parameters: [param('input', 'CreatePasswordResetDto', [decorator('Body')])],
            returnType: 'void',
            statements: code('this.resets.request(input.email, input.link);'),
          },
          {
            name: 'findOne',
            isAsync: true,
            docs: ['Whose password a link resets, so that the page can greet them.'],
            decorators: [
              decorator('Get', "':token'"),
              decorator('Access', "'public'"),
              decorator('LimitAttempts'),
              decorator(
                'ApiOkResponse',
                "{ description: 'Whose password the link resets', type: PasswordResetView }",
              ),
              notFound,
            ],
            parameters: [token],
            returnType: 'Promise<PasswordResetView>',
            statements: code(
              'return { user: toPublicUserView(await this.resets.findUser(token)) };',
            ),
          },
          {
            name: 'update',
            isAsync: true,
            docs: [
              "Sets the password; the link, the user's other links and their tokens stop working.",
            ],
            decorators: [
              decorator('Put', "':token'"),
              decorator('Access', "'public'"),
              decorator('LimitAttempts'),
              decorator(
                'ApiOkResponse',
                "{ description: 'The user, whose password is now set', type: UserView }",
              ),
              decorator('ApiErrors', '400'),
              notFound,
            ],
            parameters: [token, param('input', 'ResetPasswordDto', [decorator('Body')])],
            returnType: 'Promise<UserView>',
            statements: code(
              'return toUserView(await this.resets.complete(token, input.password));',
            ),
          },
        ],
      }),
    ],
  );
}

export function passwordResetDtoTemplate(): TypeScriptFile {
  return tsFile(
    'src/password-resets/dto/password-reset.dto.ts',
    [
      pkg('@nestjs/swagger', 'ApiProperty'),
      pkg('class-transformer', 'Transform'),
      pkg('class-validator', 'IsEmail', 'IsString', 'IsUrl', 'MaxLength'),
      { from: 'src/users/password.ts', named: ['IsGoodPassword'] },
    ],
    [
      classOf({
        name: 'CreatePasswordResetDto',
        properties: [
          property('email', 'string', [
            decorator('ApiProperty', "{ example: 'ada@example.com' }"),
            decorator(
              'Transform',
              "({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)",
            ),
            decorator('IsEmail'),
            decorator('MaxLength', '254'),
          ]),
          property('link', 'string', [
            decorator(
              'ApiProperty',
              "{ example: 'https://app.example.com/reset-password/', description: 'The token is appended to it', maxLength: 500 }",
            ),
            // require_tld: false lets http://localhost links through in development.
            decorator(
              'IsUrl',
              "{ protocols: ['http', 'https'], require_protocol: true, require_tld: false }",
              "{ message: 'link must be an http or https URL' }",
            ),
            decorator('MaxLength', '500'),
          ]),
        ],
      }),
      classOf({
        name: 'ResetPasswordDto',
        properties: [
          property('password', 'string', [
            decorator(
              'ApiProperty',
              "{ minLength: 8, maxLength: 128, description: 'At least 8 characters; not one of the most common passwords, not one character repeated' }",
            ),
            decorator('IsString'),
            decorator('MaxLength', '128'),
            decorator('IsGoodPassword'),
          ]),
        ],
      }),
    ],
  );
}

export const passwordResetsModuleTemplate = (options: ProjectOptions): TypeScriptFile =>
  featureModuleTemplate(options, {
    folder: 'password-resets',
    name: 'PasswordResetsModule',
    model: { name: 'PasswordReset', path: passwordResetModelPath(options) },
    imports: [
      { name: 'MailModule', path: 'src/mail/mail.module.ts' },
      { name: 'UsersModule', path: 'src/users/users.module.ts' },
    ],
    controller: 'PasswordResetsController',
    service: 'PasswordResetsService',
    ...(options.graphql ? { resolver: 'PasswordResetsResolver' } : {}),
  });
