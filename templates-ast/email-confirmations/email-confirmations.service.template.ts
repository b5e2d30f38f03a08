// src/users/email-confirmations.service.ts: single-use confirmation tokens, mailed at sign-up, stored as hashes.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { Scope } from '../../src/loader/ts-morph.js';
import { code } from '../_shared/ts.js';
import { tokenServiceTemplate } from '../_shared/token-service.js';
import { emailConfirmationModelPath } from './email-confirmation.entity.template.js';

const SQL = {
  insert: 'await this.confirmations.save(this.confirmations.create(confirmation));',
  findByHash: 'this.confirmations.findOneBy({ tokenHash })',
  consume: '((await this.confirmations.delete({ tokenHash })).affected ?? 0) > 0',
  removeOfUser: 'await this.confirmations.delete({ userId: user.id });',
  // The user's expired tokens go when a new one is mailed (userId is indexed).
  sweep: ['await this.confirmations.delete({ userId: user.id, expiresAt: LessThan(new Date()) });'],
};

const MONGO = {
  insert: 'await this.confirmations.create(confirmation);',
  findByHash: 'this.confirmations.findOne({ tokenHash }).exec()',
  consume: '(await this.confirmations.findOneAndDelete({ tokenHash }).exec()) !== null',
  removeOfUser: 'await this.confirmations.deleteMany({ userId: user.id }).exec();',
  sweep: [], // the TTL index on expiresAt deletes expired tokens (token-model.ts)
};

/** UsersService.confirmEmail: the flag set once a token was taken. */
export const confirmEmailMethod = (
  record: string,
  save: string,
): OptionalKind<MethodDeclarationStructure> => ({
  name: 'confirmEmail',
  isAsync: true,
  docs: ['POST /users/confirm, once the token was taken: the e-mail is confirmed from now on.'],
  parameters: [{ name: 'id', type: 'string' }],
  returnType: `Promise<${record}>`,
  statements: code(
    'const user = await this.findOne(id);',
    'user.emailConfirmed = true;',
    `return ${save};`,
  ),
});

const mailText = [
  'const text = [',
  '  `Hello ${user.name},`,',
  "  '',",
  '  link',
  '    ? `To confirm your e-mail address, follow this link within ${valid}:`',
  '    : `To confirm your e-mail address, enter this code within ${valid}:`,',
  "  `${link ?? ''}${token}`,",
  "  '',",
  "  'If you did not sign up, ignore this message.',",
  "].join('\\n');",
];

const methods = (db: typeof SQL, record: string): OptionalKind<MethodDeclarationStructure>[] => [
  {
    name: 'issue',
    isAsync: true,
    docs: ['A new token for `user`, stored as its hash; what the mail carries (and tests use).'],
    parameters: [{ name: 'user', type: record }],
    returnType: 'Promise<string>',
    statements: code(
      "const token = randomBytes(32).toString('base64url');",
      'const confirmation = { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + this.ttl() * 1000) };',
      ...db.sweep,
      db.insert,
      'return token;',
    ),
  },
  {
    name: 'send',
    isAsync: true,
    docs: [
      'Mails `user` a new token, after `link` when given. The mail leaves after the answer: a slow or',
      'failing SMTP server neither delays nor fails the sign-up (the user can ask again).',
    ],
    parameters: [
      { name: 'user', type: record },
      { name: 'link', type: 'string', hasQuestionToken: true },
    ],
    returnType: 'Promise<void>',
    statements: code(
      'const token = await this.issue(user);',
      'const seconds = this.ttl();',
      'const valid = seconds >= 7200 ? `${Math.round(seconds / 3600)} hours` : `${Math.round(seconds / 60)} minutes`;',
      ...mailText,
      "void this.mail.send({ to: user.email, subject: 'Confirm your e-mail address', text }).catch((error: unknown) => {",
      '  this.logger.error(`a confirmation mail was not sent: ${error instanceof Error ? error.message : String(error)}`);',
      '});',
    ),
  },
  {
    name: 'resend',
    docs: [
      'Mails a new token to the user with this e-mail if they have not confirmed it. Only the link is',
      'checked before the answer; the lookup, the token and the mail come after it, so that neither the',
      'answer nor its time tells who is registered.',
    ],
    parameters: [
      { name: 'email', type: 'string' },
      { name: 'link', type: 'string', hasQuestionToken: true },
    ],
    returnType: 'void',
    statements: code(
      'this.checkLink(link);',
      'setImmediate(() => {',
      '  this.resendNow(email, link).catch((error: unknown) => {',
      '    this.logger.error(`a confirmation mail was not sent: ${error instanceof Error ? error.message : String(error)}`);',
      '  });',
      '});',
    ),
  },
  {
    name: 'resendNow',
    scope: Scope.Private,
    isAsync: true,
    docs: ['What `resend` does after the answer.'],
    parameters: [
      { name: 'email', type: 'string' },
      { name: 'link', type: 'string', hasQuestionToken: true },
    ],
    returnType: 'Promise<void>',
    statements: code(
      'const user = await this.users.findByEmail(email);',
      'if (user && !user.emailConfirmed) await this.send(user, link);',
    ),
  },
  {
    name: 'checkLink',
    docs: [
      'A `link` must lead to one of the app origins (APP_ORIGINS); checked before any work (400).',
    ],
    parameters: [{ name: 'link', type: 'string', hasQuestionToken: true }],
    returnType: 'void',
    statements: code(
      "if (link !== undefined) checkMailLink(link, this.config.get('APP_ORIGINS', { infer: true }));",
    ),
  },
  {
    name: 'confirm',
    isAsync: true,
    docs: [
      "Confirms the e-mail of the token's user. The token is taken once (even by two requests at the",
      "same time) and the user's other tokens go with it; any other token is a 404.",
    ],
    parameters: [{ name: 'token', type: 'string' }],
    returnType: `Promise<${record}>`,
    statements: code(
      'if (token.length > MAX_TOKEN_LENGTH) throw unknownToken();',
      'const tokenHash = hashToken(token);',
      `const confirmation = await ${db.findByHash};`,
      'if (!confirmation || confirmation.expiresAt.getTime() <= Date.now()) throw unknownToken();',
      `if (!(${db.consume})) throw unknownToken();`,
      'const user = await this.users.confirmEmail(confirmation.userId);',
      db.removeOfUser,
      'return user;',
    ),
  },
  {
    name: 'ttl',
    scope: Scope.Private,
    docs: ['Seconds a token stays valid (EMAIL_CONFIRMATION_TTL).'],
    returnType: 'number',
    statements: code("return Number(this.config.get('EMAIL_CONFIRMATION_TTL', { infer: true }));"),
  },
];

export function emailConfirmationsServiceTemplate(options: ProjectOptions): TypeScriptFile {
  const db = options.database === 'mongodb' ? MONGO : SQL;
  return tokenServiceTemplate(options, {
    path: 'src/users/email-confirmations.service.ts',
    className: 'EmailConfirmationsService',
    model: { name: 'EmailConfirmation', path: emailConfirmationModelPath(options) },
    field: 'confirmations',
    exportHash: false,
    unknown:
      'this confirmation token is unknown, used or expired: ask for a new one (POST /users/confirm/resend)',
    methods: (record) => methods(db, record),
  });
}
