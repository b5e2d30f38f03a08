// src/mail/mail.service.ts and mail.module.ts: messages through nodemailer to SMTP_URL; in development without it, to the log.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, decorator, functionOf, interfaceOf, tsFile } from '../_shared/ts.js';
import { Scope } from '../../src/loader/ts-morph.js';
import type { ProjectOptions } from '../../src/model/project.js';

/** Whether the project sends mail: password reset links, e-mail confirmation links. */
export const sendsMail = (options: ProjectOptions): boolean =>
  options.passwordReset || options.emailConfirmation;

export function mailServiceTemplate(): TypeScriptFile {
  return tsFile(
    'src/mail/mail.service.ts',
    [
      pkg('@nestjs/common', 'BadRequestException', 'Injectable', 'Logger'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('nodemailer', 'createTransport'),
      pkgTypes('nodemailer', 'Transporter'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
    ],
    [
      interfaceOf({
        name: 'Mail',
        properties: [
          { name: 'to', type: 'string' },
          { name: 'subject', type: 'string' },
          { name: 'text', type: 'string' },
        ],
      }),
      functionOf({
        name: 'checkMailLink',
        docs: [
          "A mail's `link` must lead to a page of the app (`origins`: APP_ORIGINS, a comma list): a link",
          'elsewhere would carry a genuine token to whoever wrote it in the request. 400, before any work.',
        ],
        parameters: [
          { name: 'link', type: 'string' },
          { name: 'origins', type: 'string' },
        ],
        returnType: 'void',
        statements: code(
          "const allowed = origins.split(',').map((origin) => origin.trim()).filter(Boolean);",
          'if (!allowed.some((origin) => new URL(origin).origin === new URL(link).origin)) {',
          '  throw new BadRequestException(',
          "    `link must start with one of the app origins in APP_ORIGINS (${allowed.join(', ') || 'none set'})`,",
          '  );',
          '}',
        ),
      }),
      classOf({
        name: 'MailService',
        docs: [
          'Sends through SMTP_URL (any provider speaks SMTP). Without it, development and tests write the',
          'message to the log so that links can be followed; production writes only that nothing was sent,',
          'since a message may hold a secret link.',
        ],
        decorators: [decorator('Injectable')],
        properties: [
          {
            name: 'logger',
            scope: Scope.Private,
            isReadonly: true,
            initializer: 'new Logger(MailService.name)',
          },
          {
            name: 'transport',
            type: 'Transporter | undefined',
            scope: Scope.Private,
            isReadonly: true,
          },
          { name: 'from', type: 'string', scope: Scope.Private, isReadonly: true },
          { name: 'production', type: 'boolean', scope: Scope.Private, isReadonly: true },
        ],
        ctors: [
          {
            parameters: [{ name: 'config', type: 'ConfigService<Environment, true>' }],
            statements: code(
              "const url = config.get('SMTP_URL', { infer: true });",
              'this.transport = url ? createTransport(url) : undefined;',
              "this.from = config.get('MAIL_FROM', { infer: true });",
              "this.production = config.get('NODE_ENV', { infer: true }) === 'production';",
            ),
          },
        ],
        methods: [
          {
            name: 'send',
            isAsync: true,
            parameters: [{ name: 'mail', type: 'Mail' }],
            returnType: 'Promise<void>',
            statements: code(
              'if (this.transport) {',
              '  await this.transport.sendMail({ from: this.from, ...mail });',
              '  return;',
              '}',
              'if (this.production) {',
              "  this.logger.warn(`SMTP_URL is not set: the message '${mail.subject}' was not sent`);",
              '  return;',
              '}',
              'this.logger.log(`SMTP_URL is not set; the message instead:\\nTo: ${mail.to}\\nSubject: ${mail.subject}\\n\\n${mail.text}`);',
            ),
          },
        ],
      }),
    ],
  );
}

export function mailModuleTemplate(): TypeScriptFile {
  return tsFile(
    'src/mail/mail.module.ts',
    [pkg('@nestjs/common', 'Module'), { from: 'src/mail/mail.service.ts', named: ['MailService'] }],
    [
      classOf({
        name: 'MailModule',
        decorators: [decorator('Module', '{ providers: [MailService], exports: [MailService] }')],
      }),
    ],
  );
}
