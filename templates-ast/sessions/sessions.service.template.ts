// src/sessions/sessions.service.ts: sessions and their refresh tokens: started, rotated, checked, ended.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';
import { userModelPath, userRecordType } from '../users/user.entity.template.js';
import { sessionModelPath, sessionRecordType } from './session.entity.template.js';
import { refreshTokenPieces } from './sessions.refresh-token.js';

const SQL = {
  injected: injected('sessions', 'Repository<Session>', [decorator('InjectRepository', 'Session')]),
  id: '/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i',
  insert: 'await this.sessions.save(this.sessions.create(session))',
  findById: 'await this.sessions.findOneBy({ id })',
  /** Sets the next secret only if the current one is still `secretHash`: of two racing refreshes, one wins. */
  swap: [
    'const { affected } = await this.sessions.update(',
    '  { id: session.id, secretHash: session.secretHash },',
    '  { secretHash: hashSecret(next), expiresAt: this.expiry() },',
    ');',
    'const swapped = affected === 1;',
  ],
  removeOne: 'await this.sessions.delete({ id, userId });',
  removeById: 'await this.sessions.delete({ id });',
  removeAll: 'const { affected } = await this.sessions.delete({ userId });',
  removed: 'affected ?? 0',
  removeExpired:
    'await this.sessions.delete({ userId: user.id, expiresAt: LessThan(new Date()) });',
  owner: 'session.userId',
};

const MONGO = {
  injected: injected('sessions', 'Model<Session>', [decorator('InjectModel', 'Session.name')]),
  id: '/^[0-9a-f]{24}$/i',
  insert: 'await this.sessions.create(session)',
  findById: 'await this.sessions.findById(id).exec()',
  swap: [
    'const { modifiedCount } = await this.sessions',
    '  .updateOne(',
    '    { _id: session.id, secretHash: session.secretHash },',
    '    { secretHash: hashSecret(next), expiresAt: this.expiry() },',
    '  )',
    '  .exec();',
    'const swapped = modifiedCount === 1;',
  ],
  removeOne: 'await this.sessions.deleteOne({ _id: id, userId }).exec();',
  removeById: 'await this.sessions.deleteOne({ _id: id }).exec();',
  removeAll: 'const { deletedCount } = await this.sessions.deleteMany({ userId }).exec();',
  removed: 'deletedCount',
  removeExpired: '', // a TTL index deletes them (session.schema.ts)
  owner: 'String(session.userId)',
};

export function sessionsServiceTemplate(options: ProjectOptions): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  const db = mongo ? MONGO : SQL;
  const user = userRecordType(options);
  const record = sessionRecordType(options);
  return tsFile(
    'src/sessions/sessions.service.ts',
    [
      pkg('node:crypto', 'createHash', 'createHmac', 'randomBytes', 'timingSafeEqual'),
      pkg('@nestjs/common', 'Injectable', 'UnauthorizedException'),
      pkg('@nestjs/config', 'ConfigService'),
      ...(mongo
        ? [pkg('@nestjs/mongoose', 'InjectModel'), pkgTypes('mongoose', 'Model')]
        : [
            pkg('@nestjs/typeorm', 'InjectRepository'),
            pkg('typeorm', 'LessThan'),
            pkgTypes('typeorm', 'Repository'),
          ]),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      { from: sessionModelPath(options), named: ['Session'], types: mongo ? [record] : [] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      { from: userModelPath(options), types: [user] },
    ],
    [
      ...refreshTokenPieces(db.id),
      classOf({
        name: 'SessionsService',
        decorators: [decorator('Injectable')],
        ctors: [
          {
            parameters: [
              db.injected,
              injected('users', 'UsersService'),
              injected('config', 'ConfigService<Environment, true>'),
            ],
          },
        ],
        methods: [
          {
            name: 'start',
            isAsync: true,
            docs: ['A new session for a user who has just signed in.'],
            parameters: [{ name: 'user', type: user }],
            returnType: 'Promise<IssuedSession>',
            statements: code(
              ...(db.removeExpired ? [db.removeExpired] : []),
              'const secret = this.newSecret(String(user.id));',
              'const session = {',
              '  userId: user.id,',
              '  secretHash: hashSecret(secret),',
              '  tokenVersion: user.tokenVersion,',
              '  expiresAt: this.expiry(),',
              '};',
              `const { id } = ${db.insert};`,
              'return { id: String(id), refreshToken: `${String(id)}.${secret}` };',
            ),
          },
          {
            name: 'rotate',
            isAsync: true,
            docs: [
              'Trades a refresh token for the next one. A token of a live session that is not its current',
              'one was rotated away already: someone kept a copy, so the whole session ends (reuse detection).',
            ],
            parameters: [{ name: 'refreshToken', type: 'string' }],
            returnType: `Promise<{ user: ${user}; session: IssuedSession }>`,
            statements: code(
              "const [id = '', nonce = '', mac = '', ...rest] = refreshToken.split('.');",
              'const session = SESSION_ID.test(id) && nonce && rest.length === 0 ? await this.find(id) : null;',
              'if (!session) throw invalidToken();',
              'const secret = mac ? `${nonce}.${mac}` : nonce;',
              'if (!sameHash(session.secretHash, hashSecret(secret))) {',
              "  // Only a token this server issued to the session's user ends it: the session id is readable",
              "  // in any access token, so `<id>.<anything>` must not end someone's session.",
              `  if (!sameHash(this.sign(${db.owner}, nonce), mac)) throw invalidToken();`,
              `  await this.endById(id);`,
              "  throw new UnauthorizedException('This refresh token was used before: the session is ended, sign in again');",
              '}',
              `const user = await this.users.findById(${db.owner});`,
              'if (!user || user.tokenVersion !== session.tokenVersion || session.expiresAt <= new Date()) {',
              '  await this.endById(id);',
              '  throw invalidToken();',
              '}',
              `const next = this.newSecret(${db.owner});`,
              ...db.swap,
              'if (!swapped) {',
              '  // Another refresh with the same token won the race: this one is the reuse.',
              '  await this.endById(id);',
              "  throw new UnauthorizedException('This refresh token was used before: the session is ended, sign in again');",
              '}',
              'return { user, session: { id, refreshToken: `${id}.${next}` } };',
            ),
          },
          {
            name: 'isActive',
            isAsync: true,
            docs: [
              "Whether an access token's session is still on: a primary-key lookup per request.",
            ],
            parameters: [
              { name: 'id', type: 'string' },
              { name: 'userId', type: 'string' },
            ],
            returnType: 'Promise<boolean>',
            statements: code(
              'const session = SESSION_ID.test(id) ? await this.find(id) : null;',
              `return session !== null && ${db.owner} === userId && session.expiresAt > new Date();`,
            ),
          },
          {
            name: 'end',
            isAsync: true,
            docs: ["Ends one of the user's sessions (sign-out)."],
            parameters: [
              { name: 'id', type: 'string' },
              { name: 'userId', type: 'string' },
            ],
            returnType: 'Promise<void>',
            statements: code(db.removeOne),
          },
          {
            name: 'endAll',
            isAsync: true,
            docs: ['Ends every session of the user; answers how many there were.'],
            parameters: [{ name: 'userId', type: 'string' }],
            returnType: 'Promise<number>',
            statements: code(db.removeAll, `return ${db.removed};`),
          },
          {
            name: 'find',
            scope: Scope.Private,
            isAsync: true,
            parameters: [{ name: 'id', type: 'string' }],
            returnType: `Promise<${record} | null>`,
            statements: code(`return ${db.findById};`),
          },
          {
            name: 'endById',
            scope: Scope.Private,
            isAsync: true,
            parameters: [{ name: 'id', type: 'string' }],
            returnType: 'Promise<void>',
            statements: code(db.removeById),
          },
          {
            name: 'expiry',
            scope: Scope.Private,
            returnType: 'Date',
            statements: code(
              "const days = this.config.get('REFRESH_TOKEN_DAYS', { infer: true });",
              'return new Date(Date.now() + days * 24 * 60 * 60 * 1000);',
            ),
          },
          {
            name: 'newSecret',
            scope: Scope.Private,
            docs: ['`<nonce>.<signature>`: 32 random bytes, signed for the user (see sign).'],
            parameters: [{ name: 'userId', type: 'string' }],
            returnType: 'string',
            statements: code(
              "const nonce = randomBytes(32).toString('base64url');",
              'return `${nonce}.${this.sign(userId, nonce)}`;',
            ),
          },
          {
            name: 'sign',
            scope: Scope.Private,
            docs: [
              'HMAC of the nonce for the user, keyed by JWT_SECRET: tells a refresh token this server issued',
              'from a made-up one without storing the old ones.',
            ],
            parameters: [
              { name: 'userId', type: 'string' },
              { name: 'nonce', type: 'string' },
            ],
            returnType: 'string',
            statements: code(
              "const key = this.config.get('JWT_SECRET', { infer: true });",
              "return createHmac('sha256', key).update(`refresh-token.${userId}.${nonce}`).digest('base64url');",
            ),
          },
        ],
      }),
    ],
  );
}
