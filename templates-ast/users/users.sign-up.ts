// src/users/users.service.ts's sign-up: the new user's defaults, and a taken e-mail as a 409 even when two sign-ups race.
import type {
  FunctionDeclarationStructure,
  MethodDeclarationStructure,
  OptionalKind,
} from 'ts-morph';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { code, functionOf } from '../_shared/ts.js';
import { UNIQUE_VIOLATION } from '../database/sql-dialects.js';

/** The file's functions that `create` calls: the 409, the unique-index race, the default picture. */
export const signUpFunctions = (options: ProjectOptions): FunctionDeclarationStructure[] => [
  functionOf({
    name: 'emailTaken',
    isExported: false,
    parameters: [{ name: 'email', type: 'string' }],
    returnType: 'ConflictException',
    statements: code("return new ConflictException(`email '${email}' is already registered`);"),
  }),
  functionOf({
    name: 'isUniqueViolation',
    isExported: false,
    parameters: [{ name: 'error', type: 'unknown' }],
    returnType: 'boolean',
    statements:
      options.database === 'mongodb'
        ? code('return (error as { code?: unknown } | null)?.code === 11000;')
        : code(
            'const code = error instanceof QueryFailedError ? (error.driverError as { code?: unknown }).code : undefined;',
            `return code === '${UNIQUE_VIOLATION[options.database]}';`,
          ),
  }),
  functionOf({
    name: 'gravatarUrl',
    docs: ['The picture of a user who gave none: their Gravatar, or a generated pattern.'],
    parameters: [{ name: 'email', type: 'string' }],
    returnType: 'string',
    statements: code(
      "return `https://gravatar.com/avatar/${createHash('md5').update(email).digest('hex')}?d=identicon`;",
    ),
  }),
];

/** `create`; `exists` and `insert` are the database's statements (users.service.template.ts). */
export function createMethod(
  options: ProjectOptions,
  record: string,
  db: { exists: string; insert: string },
): OptionalKind<MethodDeclarationStructure> {
  const password = hasPassword(options);
  return {
    name: 'create',
    isAsync: true,
    docs: [
      'The e-mail arrives trimmed and lower-cased (CreateUserDto); a taken one is a 409.',
      ...(password
        ? []
        : [
            'The user signs in with a provider whose verified e-mail is this one (findOrCreateFromProvider).',
          ]),
    ],
    parameters: [{ name: 'input', type: 'CreateUserDto' }],
    returnType: `Promise<${record}>`,
    statements: code(
      'const { email } = input;',
      `if (${db.exists}) throw emailTaken(email);`,
      'const user = {',
      '  email,',
      "  name: input.name ?? email.split('@')[0],",
      '  picture: input.picture ?? gravatarUrl(email),',
      "  role: input.role ?? 'user',",
      ...(password ? ['  password: await hashPassword(input.password),'] : []),
      '  tokenVersion: 0,',
      ...(options.emailConfirmation ? ['  emailConfirmed: false,'] : []),
      '};',
      'try {',
      `  return ${db.insert};`,
      '} catch (error) {',
      '  // Two sign-ups with one e-mail at once: the unique index decides, still a 409.',
      '  if (isUniqueViolation(error)) throw emailTaken(email);',
      '  throw error;',
      '}',
    ),
  };
}
