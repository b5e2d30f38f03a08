// src/users/users.service.ts's methods of password sign-in: set a password, check HTTP Basic credentials.
import type { MethodDeclarationStructure, OptionalKind } from 'ts-morph';
import type { ProjectOptions } from '../../src/model/project.js';
import { code } from '../_shared/ts.js';
import { hasSocialSignIn } from './users.social.js';

/** PUT /users/:id/password (password sign-in only). */
export function setPasswordMethod(
  record: string,
  save: string,
): OptionalKind<MethodDeclarationStructure> {
  return {
    name: 'setPassword',
    isAsync: true,
    docs: ["Also ends the user's sessions: every token issued before is refused from now on."],
    parameters: [
      { name: 'id', type: 'string' },
      { name: 'password', type: 'string' },
    ],
    returnType: `Promise<${record}>`,
    statements: code(
      'const user = await this.findOne(id);',
      'user.password = await hashPassword(password);',
      '// Tokens carry the version they were issued under: the ones issued before now stop working.',
      'user.tokenVersion += 1;',
      `return ${save};`,
    ),
  };
}

/** PasswordGuard's check of HTTP Basic credentials (password sign-in only). */
export function verifyCredentialsMethod(
  options: ProjectOptions,
  record: string,
): OptionalKind<MethodDeclarationStructure> {
  return {
    name: 'verifyCredentials',
    isAsync: true,
    docs: ['The user with this e-mail and password, or null.'],
    parameters: [
      { name: 'email', type: 'string' },
      { name: 'password', type: 'string' },
    ],
    returnType: `Promise<${record} | null>`,
    statements: code(
      'const user = await this.findByEmail(email);',
      '// An unknown e-mail costs a hash too (verifyPassword), so the time taken tells nothing.',
      ...(hasSocialSignIn(options)
        ? [
            '// So does a user of social sign-in without a password: refused as a wrong password.',
            'const matches = await verifyPassword(password, user?.password ?? undefined);',
          ]
        : ['const matches = await verifyPassword(password, user?.password);']),
      'return user && matches ? user : null;',
    ),
  };
}
