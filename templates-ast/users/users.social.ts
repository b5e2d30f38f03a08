// The part of src/users/users.service.ts that social sign-in adds: the user of a provider's profile.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import type { ImportRef } from '../../src/engine/generated-file.js';
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { code } from '../_shared/ts.js';

/** Where the profile a provider answers is read (src/auth/social/social-profiles.ts). */
export const SOCIAL_PROFILES_PATH = 'src/auth/social/social-profiles.ts';

/** Database statements of the method below, as in users.service.template.ts. */
const SQL = {
  where: 'const where: FindOptionsWhere<User> = { [field]: profile.id };',
  find: 'await this.users.findOneBy(where)',
  insert: 'await this.users.save(this.users.create(user))',
};

const MONGO = {
  where: 'const where = { [field]: profile.id };',
  find: 'await this.users.findOne(where).exec()',
  insert: 'await this.users.create(user)',
};

export const hasSocialSignIn = (options: ProjectOptions): boolean =>
  socialProviders(options).length > 0;

export function socialImports(options: ProjectOptions): ImportRef[] {
  if (!hasSocialSignIn(options)) return [];
  return [
    pkg('@nestjs/common', 'ForbiddenException'),
    ...(options.database === 'mongodb' ? [] : [pkgTypes('typeorm', 'FindOptionsWhere')]),
    { from: SOCIAL_PROFILES_PATH, types: ['SocialProfile', 'SocialProvider'] },
  ];
}

export function socialMethods(
  options: ProjectOptions,
  record: string,
): OptionalKind<MethodDeclarationStructure>[] {
  if (!hasSocialSignIn(options)) return [];
  const db = options.database === 'mongodb' ? MONGO : SQL;
  // The provider vouched for the e-mail: it needs no confirmation mail of ours.
  const confirmed = options.emailConfirmation;
  return [
    {
      name: 'findOrCreateFromProvider',
      isAsync: true,
      docs: [
        "Social sign-in: the user with this provider id; else the user with the profile's verified",
        'e-mail, linked to the provider from now on; else a new user without a password, named and',
        'pictured as at the provider. A profile without a verified e-mail cannot be linked or created (403).',
        ...(hasPassword(options)
          ? [
              confirmed
                ? 'Linking an account whose e-mail was not confirmed here ends its password and sessions.'
                : 'Linking an account ends its password and sessions: nothing here proved its e-mail.',
            ]
          : []),
        ...(confirmed ? ['The e-mail the provider verified counts as confirmed.'] : []),
      ],
      parameters: [
        { name: 'provider', type: 'SocialProvider' },
        { name: 'profile', type: 'SocialProfile' },
      ],
      returnType: `Promise<${record}>`,
      statements: code(
        'const field = `${provider}Id` as const;',
        db.where,
        `const known = ${db.find};`,
        'if (known) return known;',
        'const { email } = profile;',
        'if (!email) {',
        '  throw new ForbiddenException(',
        '    `The ${provider} account has no verified e-mail address: verify one there (and let this app read it), then sign in again`,',
        '  );',
        '}',
        'const same = await this.findByEmail(email);',
        'if (same) {',
        '  same[field] = profile.id;',
        ...(hasPassword(options)
          ? [
              '  // Nothing proved that whoever set the password owns the address: an attacker may have signed',
              '  // it up first (account pre-hijack). The owner has just proved it: the password and every',
              '  // session end; a password reset sets a new one.',
              `  if (same.password !== null${confirmed ? ' && !same.emailConfirmed' : ''}) {`,
              '    same.password = null;',
              '    same.tokenVersion += 1;',
              '  }',
            ]
          : []),
        ...(confirmed ? ['  same.emailConfirmed = true;'] : []),
        `  return ${options.database === 'mongodb' ? 'same.save()' : 'this.users.save(same)'};`,
        '}',
        'const user = {',
        '  email,',
        "  name: profile.name ?? email.split('@')[0],",
        '  picture: profile.picture ?? gravatarUrl(email),',
        "  role: 'user' as const,",
        ...(hasPassword(options) ? ['  password: null,'] : []),
        '  tokenVersion: 0,',
        ...(confirmed ? ['  emailConfirmed: true,'] : []),
        '  [field]: profile.id,',
        '};',
        'try {',
        `  return ${db.insert};`,
        '} catch (error) {',
        '  // Two first sign-ins of one account at once: the unique indexes decide, the loser finds the winner.',
        '  if (!isUniqueViolation(error)) throw error;',
        `  const winner = ${db.find};`,
        '  if (winner) return winner;',
        '  throw emailTaken(email);',
        '}',
      ),
    },
  ];
}
