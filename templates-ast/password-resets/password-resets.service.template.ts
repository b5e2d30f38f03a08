// src/password-resets/password-resets.service.ts: single-use reset tokens, mailed as a link, stored as hashes.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, constant, decorator, functionOf, injected, tsFile } from '../_shared/ts.js';
import { userModelPath, userRecordType } from '../users/user.entity.template.js';
import { passwordResetModelPath } from './password-reset.entity.template.js';

const SQL = {
  injected: injected('resets', 'Repository<PasswordReset>', [
    decorator('InjectRepository', 'PasswordReset'),
  ]),
  insert: 'await this.resets.save(this.resets.create(reset));',
  findByHash: 'this.resets.findOneBy({ tokenHash })',
  consume: '((await this.resets.delete({ tokenHash })).affected ?? 0) > 0',
  removeOfUser: 'await this.resets.delete({ userId });',
};

const MONGO = {
  injected: injected('resets', 'Model<PasswordReset>', [
    decorator('InjectModel', 'PasswordReset.name'),
  ]),
  insert: 'await this.resets.create(reset);',
  findByHash: 'this.resets.findOne({ tokenHash }).exec()',
  consume: '(await this.resets.findOneAndDelete({ tokenHash }).exec()) !== null',
  removeOfUser: 'await this.resets.deleteMany({ userId }).exec();',
};

export function passwordResetsServiceTemplate(options: ProjectOptions): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  const db = mongo ? MONGO : SQL;
  const record = userRecordType(options);
  return tsFile(
    'src/password-resets/password-resets.service.ts',
    [
      pkg('node:crypto', 'createHash', 'randomBytes'),
      pkg('@nestjs/common', 'Injectable', 'Logger', 'NotFoundException'),
      pkg('@nestjs/config', 'ConfigService'),
      ...(mongo
        ? [pkg('@nestjs/mongoose', 'InjectModel'), pkgTypes('mongoose', 'Model')]
        : [pkg('@nestjs/typeorm', 'InjectRepository'), pkgTypes('typeorm', 'Repository')]),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      { from: 'src/mail/mail.service.ts', named: ['MailService'] },
      { from: passwordResetModelPath(options), named: ['PasswordReset'] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      { from: userModelPath(options), types: [record] },
    ],
    [
      constant('MAX_TOKEN_LENGTH', '64', {
        isExported: false,
        docs: ['Tokens are 43 characters (32 random bytes); anything longer is not one of ours.'],
      }),
      functionOf({
        name: 'hashToken',
        docs: [
          'A token has 256 random bits: a fast hash is enough, and lets the database find it by index.',
        ],
        parameters: [{ name: 'token', type: 'string' }],
        returnType: 'string',
        statements: code("return createHash('sha256').update(token).digest('base64url');"),
      }),
      functionOf({
        name: 'unknownToken',
        isExported: false,
        returnType: 'NotFoundException',
        statements: code(
          "return new NotFoundException('this password reset link is unknown, used or expired: ask for a new one');",
        ),
      }),
      classOf({
        name: 'PasswordResetsService',
        decorators: [decorator('Injectable')],
        properties: [
          {
            name: 'logger',
            scope: Scope.Private,
            isReadonly: true,
            initializer: 'new Logger(PasswordResetsService.name)',
          },
        ],
        ctors: [
          {
            parameters: [
              db.injected,
              injected('users', 'UsersService'),
              injected('mail', 'MailService'),
              injected('config', 'ConfigService<Environment, true>'),
            ],
          },
        ],
        methods: [
          {
            name: 'request',
            isAsync: true,
            docs: [
              'Mails `link` followed by a new token to the user with this e-mail, if there is one. The mail',
              'leaves after the answer, so that neither the answer nor its time tells who is registered.',
            ],
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
              db.insert,
              'const text = [',
              '  `Hello ${user.name},`,',
              "  '',",
              '  `To choose a new password, follow this link within ${Math.round(seconds / 60)} minutes:`,',
              '  `${link}${token}`,',
              "  '',",
              "  'If you did not ask for it, ignore this message: your password stays as it is.',",
              "].join('\\n');",
              "void this.mail.send({ to: user.email, subject: 'Reset your password', text }).catch((error: unknown) => {",
              '  this.logger.error(`a password reset mail was not sent: ${error instanceof Error ? error.message : String(error)}`);',
              '});',
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
      }),
    ],
  );
}
