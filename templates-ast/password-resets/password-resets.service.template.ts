// src/password-resets/password-resets.service.ts: single-use reset tokens, mailed as a link, stored as hashes.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { Scope } from '../../src/loader/ts-morph.js';
import { code } from '../_shared/ts.js';
import { tokenServiceTemplate } from '../_shared/token-service.js';
import { passwordResetModelPath } from './password-reset.entity.template.js';

const SQL = {
  insert: 'await this.resets.save(this.resets.create(reset));',
  findByHash: 'this.resets.findOneBy({ tokenHash })',
  consume: '((await this.resets.delete({ tokenHash })).affected ?? 0) > 0',
  removeOfUser: 'await this.resets.delete({ userId });',
  // The user's expired tokens go when they ask for a new one (userId is indexed).
  sweep: ['await this.resets.delete({ userId: user.id, expiresAt: LessThan(new Date()) });'],
};

const MONGO = {
  insert: 'await this.resets.create(reset);',
  findByHash: 'this.resets.findOne({ tokenHash }).exec()',
  consume: '(await this.resets.findOneAndDelete({ tokenHash }).exec()) !== null',
  removeOfUser: 'await this.resets.deleteMany({ userId }).exec();',
  sweep: [], // the TTL index on expiresAt deletes expired tokens (token-model.ts)
};

export function passwordResetsServiceTemplate(options: ProjectOptions): TypeScriptFile {
  const db = options.database === 'mongodb' ? MONGO : SQL;
  return tokenServiceTemplate(options, {
    path: 'src/password-resets/password-resets.service.ts',
    className: 'PasswordResetsService',
    model: { name: 'PasswordReset', path: passwordResetModelPath(options) },
    field: 'resets',
    exportHash: true,
    unknown: 'this password reset link is unknown, used or expired: ask for a new one',
    methods: (record): OptionalKind<MethodDeclarationStructure>[] => [
      {
        name: 'request',
        docs: [
          'Mails `link` followed by a new token to the user with this e-mail, if there is one. Only the',
          'link is checked before the answer (outside APP_ORIGINS: 400, whoever the e-mail is); the lookup,',
          'the token and the mail come after it, so that neither the answer nor its time tells who is registered.',
        ],
        parameters: [
          { name: 'email', type: 'string' },
          { name: 'link', type: 'string' },
        ],
        returnType: 'void',
        statements: code(
          "checkMailLink(link, this.config.get('APP_ORIGINS', { infer: true }));",
          'setImmediate(() => {',
          '  this.mailToken(email, link).catch((error: unknown) => {',
          '    this.logger.error(`a password reset mail was not sent: ${error instanceof Error ? error.message : String(error)}`);',
          '  });',
          '});',
        ),
      },
      {
        name: 'mailToken',
        scope: Scope.Private,
        isAsync: true,
        docs: ['What `request` does after the answer.'],
        parameters: [
          { name: 'email', type: 'string' },
          { name: 'link', type: 'string' },
        ],
        returnType: 'Promise<void>',
        statements: code(
          'const user = await this.users.findByEmail(email);',
          'if (!user) return;',
          "const token = randomBytes(32).toString('base64url');",
          "const seconds = Number(this.config.get('PASSWORD_RESET_TTL', { infer: true }));",
          'const reset = { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + seconds * 1000) };',
          ...db.sweep,
          db.insert,
          'const text = [',
          '  `Hello ${user.name},`,',
          "  '',",
          '  `To choose a new password, follow this link within ${Math.round(seconds / 60)} minutes:`,',
          '  `${link}${token}`,',
          "  '',",
          "  'If you did not ask for it, ignore this message: your password stays as it is.',",
          "].join('\\n');",
          "await this.mail.send({ to: user.email, subject: 'Reset your password', text });",
        ),
      },
      {
        name: 'findUser',
        isAsync: true,
        docs: ['The user a valid token resets the password of; a 404 for any other token.'],
        parameters: [{ name: 'token', type: 'string' }],
        returnType: `Promise<${record}>`,
        statements: code(
          'if (token.length > MAX_TOKEN_LENGTH) throw unknownToken();',
          `const reset = await ${db.findByHash.replace('{ tokenHash }', '{ tokenHash: hashToken(token) }')};`,
          'const user = reset && reset.expiresAt.getTime() > Date.now() ? await this.users.findById(reset.userId) : null;',
          'if (!user) throw unknownToken();',
          'return user;',
        ),
      },
      {
        name: 'complete',
        isAsync: true,
        docs: [
          'Sets the password and ends every way in that came before: this token (taken once, even by two',
          "requests at the same time), the user's other reset tokens and their JWTs (setPassword).",
        ],
        parameters: [
          { name: 'token', type: 'string' },
          { name: 'password', type: 'string' },
        ],
        returnType: `Promise<${record}>`,
        statements: code(
          'const { id: userId } = await this.findUser(token);',
          'const tokenHash = hashToken(token);',
          `if (!(${db.consume})) throw unknownToken();`,
          'const user = await this.users.setPassword(userId, password);',
          db.removeOfUser,
          'return user;',
        ),
      },
    ],
  });
}
