// src/auth/jwt.strategy.ts: checks a token's signature (HS256 only) and expiry and loads its user (passport-jwt).
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { userModelPath, userRecordType } from '../users/user.entity.template.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

export function jwtStrategyTemplate(options: ProjectOptions): TypeScriptFile {
  const record = userRecordType(options);
  return tsFile(
    'src/auth/jwt.strategy.ts',
    [
      pkg('node:crypto', 'createSecretKey'),
      pkg('@nestjs/common', 'Injectable'),
      pkg('@nestjs/config', 'ConfigService'),
      pkg('@nestjs/passport', 'PassportStrategy'),
      pkg('passport-jwt', 'Strategy'),
      pkgTypes('express', 'Request'),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      use('accessToken', 'extractAccessToken'),
      { from: userModelPath(options), types: [record] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
    ],
    [
      classOf({
        name: 'JwtStrategy',
        decorators: [decorator('Injectable')],
        extends: 'PassportStrategy(Strategy)',
        ctors: [
          {
            parameters: [
              { name: 'config', type: 'ConfigService<Environment, true>' },
              injected('users', 'UsersService'),
            ],
            statements: code(
              "const secret = config.get('JWT_SECRET', { infer: true });",
              'super({',
              '  jwtFromRequest: (request: Request) => extractAccessToken(request) ?? null,',
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
          {
            name: 'validate',
            docs: ['A token of a deleted user is refused (401).'],
            parameters: [{ name: 'payload', type: '{ sub?: unknown }' }],
            returnType: `Promise<${record} | null>`,
            statements: code(
              "return typeof payload.sub === 'string' ? this.users.findById(payload.sub) : Promise.resolve(null);",
            ),
          },
        ],
      }),
    ],
  );
}
