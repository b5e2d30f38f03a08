// src/users/dto/*.dto.ts: what POST /users, PUT and PATCH /users/:id and PUT /users/:id/password accept.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pkg } from '../_shared/pieces.js';
import { classOf, decorator, property, tsFile } from '../_shared/ts.js';
import { userModelPath } from './user.entity.template.js';
import { confirmationLinkProperty } from '../email-confirmations/confirm-email.dto.template.js';

/** A field with a default (`name`, `picture`): left out or `null`, it takes the default. */
const defaulted = (what: string, ...rules: ReturnType<typeof decorator>[]) => ({
  type: 'string | null',
  rules: [
    decorator('ApiPropertyOptional', `{ type: String, nullable: true, description: '${what}' }`),
    decorator('IsOptional'),
    ...rules,
  ],
});

const nameRules = [decorator('IsString'), decorator('IsNotEmpty'), decorator('MaxLength', '255')];
const pictureRules = [
  decorator('IsUrl', "{ protocols: ['http', 'https'], require_protocol: true }"),
];
/** NIST SP 800-63B (src/users/password.ts): 8 characters or more, not a common password. */
const passwordRules = [
  decorator(
    'ApiProperty',
    "{ minLength: 8, maxLength: 128, description: 'At least 8 characters; not one of the most common passwords, not one character repeated' }",
  ),
  decorator('IsString'),
  decorator('MaxLength', '128'),
  decorator('IsGoodPassword'),
];

export function createUserDtoTemplate(options: ProjectOptions): TypeScriptFile {
  const name = defaulted('left out or null: the part of the e-mail before @', ...nameRules);
  const picture = defaulted(
    'left out or null: the Gravatar of the e-mail (an identicon without one)',
    ...pictureRules,
  );
  const password = hasPassword(options);
  return tsFile(
    'src/users/dto/create-user.dto.ts',
    [
      pkg('@nestjs/swagger', 'ApiProperty', 'ApiPropertyOptional'),
      pkg('class-transformer', 'Transform'),
      pkg(
        'class-validator',
        'IsEmail',
        'IsIn',
        'IsNotEmpty',
        'IsOptional',
        'IsString',
        'IsUrl',
        'MaxLength',
      ),
      ...(password ? [{ from: 'src/users/password.ts', named: ['IsGoodPassword'] }] : []),
      { from: userModelPath(options), named: ['ROLES'], types: ['Role'] },
    ],
    [
      classOf({
        name: 'CreateUserDto',
        ...(password
          ? {}
          : {
              docs: [
                'No password: the user signs in with a provider whose verified e-mail is this one.',
              ],
            }),
        properties: [
          property('email', 'string', [
            decorator('ApiProperty', "{ example: 'ada@example.com' }"),
            decorator(
              'Transform',
              "({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)",
            ),
            decorator('IsEmail'),
            decorator('MaxLength', '254'),
          ]),
          ...(password ? [property('password', 'string', passwordRules)] : []),
          property('name', name.type, name.rules, { hasQuestionToken: true }),
          property('picture', picture.type, picture.rules, { hasQuestionToken: true }),
          property(
            'role',
            'Role',
            [
              decorator('ApiPropertyOptional', "{ enum: ROLES, default: 'user' }"),
              decorator('IsOptional'),
              decorator('IsIn', 'ROLES'),
            ],
            { hasQuestionToken: true },
          ),
          ...(options.emailConfirmation ? [confirmationLinkProperty()] : []),
        ],
      }),
    ],
  );
}

export function updateUserDtoTemplate(): TypeScriptFile {
  return tsFile(
    'src/users/dto/update-user.dto.ts',
    [
      pkg('@nestjs/swagger', 'PickType'),
      { from: 'src/users/dto/create-user.dto.ts', named: ['CreateUserDto'] },
    ],
    [
      classOf({
        name: 'UpdateUserDto',
        docs: [
          'The name and the picture, the profile a user changes, with the rules of sign-up (PickType: one',
          'rule for both). PUT gives a field it leaves out its default, PATCH keeps it; `null` puts it back',
          'to its default.',
        ],
        extends: "PickType(CreateUserDto, ['name', 'picture'] as const)",
      }),
    ],
  );
}

export function updatePasswordDtoTemplate(): TypeScriptFile {
  return tsFile(
    'src/users/dto/update-password.dto.ts',
    [
      pkg('@nestjs/swagger', 'ApiProperty'),
      pkg('class-validator', 'IsString', 'MaxLength'),
      { from: 'src/users/password.ts', named: ['IsGoodPassword'] },
    ],
    [
      classOf({
        name: 'UpdatePasswordDto',
        properties: [property('password', 'string', passwordRules)],
      }),
    ],
  );
}

export function updateRoleDtoTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/users/dto/update-role.dto.ts',
    [
      pkg('@nestjs/swagger', 'ApiProperty'),
      pkg('class-validator', 'IsIn'),
      { from: userModelPath(options), named: ['ROLES'], types: ['Role'] },
    ],
    [
      classOf({
        name: 'UpdateRoleDto',
        properties: [
          property('role', 'Role', [
            decorator('ApiProperty', '{ enum: ROLES }'),
            decorator('IsIn', 'ROLES'),
          ]),
        ],
      }),
    ],
  );
}
