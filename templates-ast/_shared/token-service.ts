// The service of mailed single-use tokens (password resets, e-mail confirmations): its imports, the hash of a
// token, the 404 of an unknown one, and the class with its repository or model, the users, the mailer and the
// configuration; each caller gives the methods.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { Scope } from '../../src/loader/ts-morph.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { userModelPath, userRecordType } from '../users/user.entity.template.js';
import { pkg, pkgTypes } from './pieces.js';
import { classOf, code, constant, decorator, functionOf, injected, tsFile } from './ts.js';

export interface TokenServiceSpec {
  /** `src/users/email-confirmations.service.ts` */
  path: string;
  /** `EmailConfirmationsService` */
  className: string;
  /** The stored token's class, `EmailConfirmation`, and where it is. */
  model: { name: string; path: string };
  /** The repository or model as the class holds it: `this.confirmations`. */
  field: string;
  /** Whether other files use `hashToken` (the e2e tests of password resets do). */
  exportHash: boolean;
  /** The 404 message of a token that is unknown, used or expired. */
  unknown: string;
  methods: (record: string) => OptionalKind<MethodDeclarationStructure>[];
}

/** The repository (SQL) or Mongoose model of the stored tokens, as the constructor injects it. */
export const tokenStore = (
  options: ProjectOptions,
  spec: Pick<TokenServiceSpec, 'model' | 'field'>,
) =>
  options.database === 'mongodb'
    ? injected(spec.field, `Model<${spec.model.name}>`, [
        decorator('InjectModel', `${spec.model.name}.name`),
      ])
    : injected(spec.field, `Repository<${spec.model.name}>`, [
        decorator('InjectRepository', spec.model.name),
      ]);

export function tokenServiceTemplate(
  options: ProjectOptions,
  spec: TokenServiceSpec,
): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  const record = userRecordType(options);
  return tsFile(
    spec.path,
    [
      pkg('node:crypto', 'createHash', 'randomBytes'),
      pkg('@nestjs/common', 'Injectable', 'Logger', 'NotFoundException'),
      pkg('@nestjs/config', 'ConfigService'),
      ...(mongo
        ? [pkg('@nestjs/mongoose', 'InjectModel'), pkgTypes('mongoose', 'Model')]
        : [
            pkg('@nestjs/typeorm', 'InjectRepository'),
            pkg('typeorm', 'LessThan'),
            pkgTypes('typeorm', 'Repository'),
          ]),
      { from: 'src/config/environment.ts', types: ['Environment'] },
      { from: 'src/mail/mail.service.ts', named: ['MailService', 'checkMailLink'] },
      { from: spec.model.path, named: [spec.model.name] },
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
        ...(spec.exportHash ? {} : { isExported: false }),
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
        statements: code(`return new NotFoundException('${spec.unknown}');`),
      }),
      classOf({
        name: spec.className,
        decorators: [decorator('Injectable')],
        properties: [
          {
            name: 'logger',
            scope: Scope.Private,
            isReadonly: true,
            initializer: `new Logger(${spec.className}.name)`,
          },
        ],
        ctors: [
          {
            parameters: [
              tokenStore(options, spec),
              injected('users', 'UsersService'),
              injected('mail', 'MailService'),
              injected('config', 'ConfigService<Environment, true>'),
            ],
          },
        ],
        methods: spec.methods(record),
      }),
    ],
  );
}
