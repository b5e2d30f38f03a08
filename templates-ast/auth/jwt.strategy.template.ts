// src/auth/jwt.strategy.ts: a token's claims, and their check: signature (HS256 only), expiry, user, token version (passport-jwt).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { httpNames, httpTypeImports } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { userModelPath, userRecordType } from '../users/user.entity.template.js';
import {
  classOf,
  code,
  decorator,
  functionOf,
  injected,
  interfaceOf,
  tsFile,
} from '../_shared/ts.js';

/** With --refresh-tokens a token also names its session (`sid`), which must still be on. */
const validateWithSession = (confirmed: string) => ({
  name: 'validate',
  isAsync: true,
  docs: [
    'A token of a deleted user, of an ended session, or one issued before a password change, is',
    'refused (401). What it returns becomes `request.user`: id, role and session, never the password hash.',
  ],
  parameters: [{ name: 'payload', type: "Partial<Record<keyof TokenClaims | 'sid', unknown>>" }],
  returnType: 'Promise<AuthUser | null>',
  statements: code(
    'const { sub, ver, sid } = payload;',
    "if (typeof sub !== 'string' || typeof ver !== 'number' || typeof sid !== 'string') return null;",
    'const [user, active] = await Promise.all([this.users.findById(sub), this.sessions.isActive(sid, sub)]);',
    `return user && active && user.tokenVersion === ver ? { id: user.id, role: user.role${confirmed}, sessionId: sid } : null;`,
  ),
});

export function jwtStrategyTemplate(options: ProjectOptions): TypeScriptFile {
  const record = userRecordType(options);
  const confirmed = options.emailConfirmation ? ', emailConfirmed: user.emailConfirmed' : '';
  return tsFile(
    'src/auth/jwt.strategy.ts',
    [
      pkg('node:crypto', 'createSecretKey'),
      pkg('@nestjs/common', 'Injectable'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/passport', 'PassportStrategy'),
      pkg('passport-jwt', 'Strategy'),
      httpTypeImports(options, 'request'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      use('accessToken', 'extractAccessToken'),
      use('currentUser', 'AuthUser'),
      { from: userModelPath(options), types: [record] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      ...(options.refreshTokens
        ? [{ from: 'src/sessions/sessions.service.ts', named: ['SessionsService'] }]
        : []),
    ],
    [
      interfaceOf({
        name: 'TokenClaims',
        properties: [
          { name: 'sub', type: 'string', docs: ['The user id.'] },
          {
            name: 'ver',
            type: 'number',
            docs: ["The user's tokenVersion when the token was issued."],
          },
        ],
      }),
      functionOf({
        name: 'tokenClaims',
        docs: ["What a user's token says: who, and under which password (see User.tokenVersion)."],
        parameters: [{ name: 'user', type: record }],
        returnType: 'TokenClaims',
        statements: code('return { sub: user.id, ver: user.tokenVersion };'),
      }),
      classOf({
        name: 'JwtStrategy',
        decorators: [decorator('Injectable')],
        extends: 'PassportStrategy(Strategy)',
        ctors: [
          {
            parameters: [
              { name: 'config', type: 'ConfigService<Environment, true>' },
              injected('users', 'UsersService'),
              ...(options.refreshTokens ? [injected('sessions', 'SessionsService')] : []),
            ],
            statements: code(
              "const secret = config.get('JWT_SECRET', { infer: true });",
              'super({',
              `  jwtFromRequest: (request: ${httpNames(options).request}) => extractAccessToken(request) ?? null,`,
              '  // A KeyObject, not the string: jsonwebtoken tries a string as a PEM public key first, a failed',
              '  // parse that costs half the time of every authenticated request. passport-jwt hands the key to',
              '  // jsonwebtoken as it is; its types only list string and Buffer.',
              '  secretOrKey: createSecretKey(Buffer.from(secret)) as unknown as Buffer,',
              "  algorithms: ['HS256'],",
              '});',
            ),
          },
        ],
        methods: [
          options.refreshTokens
            ? validateWithSession(confirmed)
            : {
                name: 'validate',
                isAsync: true,
                docs: [
                  'A token of a deleted user, or one issued before a password change, is refused (401).',
                  'What it returns becomes `request.user`: the id and role, never the password hash.',
                ],
                parameters: [
                  { name: 'payload', type: 'Partial<Record<keyof TokenClaims, unknown>>' },
                ],
                returnType: 'Promise<AuthUser | null>',
                statements: code(
                  "if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;",
                  'const user = await this.users.findById(payload.sub);',
                  `return user && user.tokenVersion === payload.ver ? { id: user.id, role: user.role${confirmed} } : null;`,
                ),
              },
        ],
      }),
    ],
  );
}
