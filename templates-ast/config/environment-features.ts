// src/config/environment.ts's variables of the features a project may have: mail, social sign-in, operations.
import { socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { apiUrlVariable, DEFAULT_API_URLS } from '../auth/social-providers.js';
import { decorator, property } from '../_shared/ts.js';
import { sendsMail } from '../mail/mail.template.js';

const seconds = (name: string, initializer: string, minimum: string, docs: string) =>
  property(
    name,
    'number',
    [decorator('Type', '() => Number'), decorator('IsInt'), decorator('Min', minimum)],
    { initializer, docs: [docs] },
  );

/** Mail (src/mail/mail.service.ts) and how long the links it carries last. */
export function mailProperties(options: ProjectOptions) {
  if (!sendsMail(options)) return [];
  return [
    property(
      'SMTP_URL',
      'string',
      [
        decorator('IsOptional'),
        decorator(
          'Matches',
          '/^smtps?:\\/\\/\\S+$/',
          "{ message: 'SMTP_URL must be an smtp:// or smtps:// URL' }",
        ),
      ],
      { hasQuestionToken: true },
    ),
    property('MAIL_FROM', 'string', [decorator('IsString'), decorator('IsNotEmpty')], {
      initializer: `'${options.name.split('/').pop()} <no-reply@localhost>'`,
    }),
    property(
      'APP_ORIGINS',
      'string',
      [
        decorator(
          'Matches',
          '/^(\\s*https?:\\/\\/[^\\s,/]+\\s*)(,\\s*https?:\\/\\/[^\\s,/]+\\s*)*$|^$/',
          "{ message: 'APP_ORIGINS must be a comma list of origins such as https://app.example.com' }",
        ),
      ],
      {
        initializer: "''",
        docs: [
          'The origins whose pages mail links may lead to (a comma list); a link elsewhere is 400.',
        ],
      },
    ),
    ...(options.passwordReset
      ? [seconds('PASSWORD_RESET_TTL', '3600', '60', 'Seconds a password reset link stays valid.')]
      : []),
    ...(options.emailConfirmation
      ? [
          seconds(
            'EMAIL_CONFIRMATION_TTL',
            '86400',
            '60',
            'Seconds an e-mail confirmation link stays valid.',
          ),
        ]
      : []),
  ];
}

/** The provider APIs of social sign-in (src/auth/social/social-profiles.ts). */
export function socialProperties(options: ProjectOptions) {
  return socialProviders(options).map((provider) =>
    property(
      apiUrlVariable(provider),
      'string',
      [
        decorator(
          'Matches',
          '/^https?:\\/\\/[^\\s?#]+$/',
          `{ message: '${apiUrlVariable(provider)} must be an http(s) URL without query, such as ${DEFAULT_API_URLS[provider]}' }`,
        ),
      ],
      { initializer: `'${DEFAULT_API_URLS[provider]}'` },
    ),
  );
}

/** Logging, the OpenAPI page and Redis: optional, with safe defaults. */
export function operationProperties() {
  return [
    property(
      'LOG_LEVEL',
      "'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'",
      [decorator('IsIn', "['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']")],
      { initializer: "'info'" },
    ),
    property(
      'DOCS',
      'boolean',
      [
        decorator(
          'Transform',
          "({ value }: { value: unknown }) => value === true || value === 'true'",
        ),
        decorator('IsBoolean'),
      ],
      { initializer: 'false', docs: ['Serve the OpenAPI page at /docs outside development too.'] },
    ),
    property(
      'REDIS_URL',
      'string',
      [
        decorator('IsOptional'),
        decorator(
          'Matches',
          '/^rediss?:\\/\\/\\S+$/',
          "{ message: 'REDIS_URL must be a redis:// URL' }",
        ),
      ],
      { hasQuestionToken: true },
    ),
  ];
}
