// src/users/entities/user.entity.ts (SQL) or src/users/schemas/user.schema.ts (MongoDB): how a user is stored.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, socialProviders, type ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, constant, decorator, property, tsFile, typeAlias } from '../_shared/ts.js';
import { fullTextIndexName, searchIndexName } from '../database/sql-names.js';
import { providerIdColumn } from './users.migration.template.js';

export const userModelPath = (options: ProjectOptions): string =>
  options.database === 'mongodb'
    ? 'src/users/schemas/user.schema.ts'
    : 'src/users/entities/user.entity.ts';

/** The type the users service hands out: the entity, or the hydrated Mongoose document. */
export const userRecordType = (options: ProjectOptions): string =>
  options.database === 'mongodb' ? 'UserDocument' : 'User';

const tokenVersionDocs = (options: ProjectOptions): string[] => [
  hasPassword(options)
    ? 'Raised by every password change; a token carries the version it was issued under (claim `ver`).'
    : "A token carries the version it was issued under (claim `ver`): raising it ends the user's tokens.",
];

const EMAIL_CONFIRMED_DOCS = [
  "Set by POST /users/confirm with the token mailed at sign-up; `@Access(..., 'confirmed')` routes need it.",
];

const roles = [
  constant('ROLES', "['user', 'admin'] as const"),
  typeAlias('Role', '(typeof ROLES)[number]'),
];

/**
 * PostgreSQL's search index of a column, made by the migration (TypeORM cannot describe it):
 * named here so that `migration:generate` leaves it alone. SQLite searches an FTS5 table instead.
 */
export const searchIndex = (options: ProjectOptions, table: string, column: string) =>
  options.database === 'postgres'
    ? [decorator('Index', `'${searchIndexName(table, column)}'`, '{ synchronize: false }')]
    : [];

/**
 * MySQL's FULLTEXT index over a table's searched columns, made by the migration (mysql.dialect.ts):
 * named on the first of them so that `migration:generate` leaves it alone.
 */
export const fullTextIndex = (options: ProjectOptions, table: string, first: boolean) =>
  options.database === 'mysql' && first
    ? [decorator('Index', `'${fullTextIndexName(table)}'`, '{ synchronize: false }')]
    : [];

/**
 * The MongoDB text index that `q` searches (find-page.ts), named `<collection>_search`: no
 * language, so words are indexed as typed (no stemming, no stop words); text index version 3
 * folds case and accents.
 */
export const textIndex = (
  schema: string,
  collection: string,
  fields: readonly string[],
): string[] =>
  fields.length === 0
    ? []
    : [
        '// What `q` searches: words as typed (no language, so no stemming), case and accents folded.',
        "// language_override names no field, so a field called `language` stays text, not the index's language.",
        [
          `${schema}.index(`,
          `  { ${fields.map((field) => `${field}: 'text'`).join(', ')} },`,
          `  { name: '${collection}_search', default_language: 'none', language_override: '_searchLanguage' },`,
          ');',
        ].join('\n'),
      ];

const PASSWORD_DOCS = ['A scrypt hash (see password.ts), never sent to a client.'];
const SOCIAL_PASSWORD_DOCS = [
  'A scrypt hash (see password.ts), never sent to a client; null for a user made by social sign-in,',
  'whom password sign-in refuses until they set one.',
];

/** The user's id at each provider of social sign-in, found by its unique index. */
const providerIdDocs = (provider: string) => [
  `The user's id at ${provider}, once they signed in there (POST /auth/${provider}).`,
];

export function userEntityTemplate(options: ProjectOptions): TypeScriptFile {
  return options.database === 'mongodb' ? userSchema(options) : userEntity(options);
}

function userEntity(options: ProjectOptions): TypeScriptFile {
  const time = options.database === 'postgres' ? "{ type: 'timestamptz' }" : '';
  const column = (...args: string[]) => decorator('Column', ...args);
  const providers = socialProviders(options);
  const social = providers.length > 0;
  return tsFile(
    userModelPath(options),
    [
      pkg(
        'typeorm',
        'Column',
        'CreateDateColumn',
        'Entity',
        'Index',
        'PrimaryGeneratedColumn',
        'UpdateDateColumn',
      ),
    ],
    [
      ...roles,
      classOf({
        name: 'User',
        decorators: [decorator('Entity', "'users'")],
        properties: [
          property('id', 'string', [decorator('PrimaryGeneratedColumn', "'uuid'")]),
          property('email', 'string', [
            ...searchIndex(options, 'users', 'email'),
            column('{ unique: true }'),
          ]),
          property('name', 'string', [
            ...fullTextIndex(options, 'users', true),
            ...searchIndex(options, 'users', 'name'),
            column(),
          ]),
          property('picture', 'string', [column()]),
          ...(!hasPassword(options)
            ? []
            : social
              ? [
                  property(
                    'password',
                    'string | null',
                    [column("{ type: 'varchar', nullable: true }")],
                    { docs: SOCIAL_PASSWORD_DOCS },
                  ),
                ]
              : [property('password', 'string', [column()], { docs: PASSWORD_DOCS })]),
          property('role', 'Role', [column("{ type: 'varchar', default: 'user' }")]),
          property('tokenVersion', 'number', [column("{ type: 'integer', default: 0 }")], {
            docs: tokenVersionDocs(options),
          }),
          ...(options.emailConfirmation
            ? [
                property('emailConfirmed', 'boolean', [column("{ type: 'boolean' }")], {
                  docs: EMAIL_CONFIRMED_DOCS,
                }),
              ]
            : []),
          ...providers.map((provider) =>
            property(
              providerIdColumn(provider),
              'string | null',
              [column("{ type: 'varchar', nullable: true, unique: true }")],
              { docs: providerIdDocs(provider) },
            ),
          ),
          property('createdAt', 'Date', [
            decorator('Index'),
            decorator('CreateDateColumn', ...(time ? [time] : [])),
          ]),
          property('updatedAt', 'Date', [decorator('UpdateDateColumn', ...(time ? [time] : []))]),
        ],
      }),
    ],
  );
}

function userSchema(options: ProjectOptions): TypeScriptFile {
  const prop = (...args: string[]) => decorator('Prop', ...args);
  const providers = socialProviders(options);
  const social = providers.length > 0;
  return tsFile(
    userModelPath(options),
    [
      pkg('@nestjs/mongoose', 'Prop', 'Schema', 'SchemaFactory'),
      pkgTypes('mongoose', 'HydratedDocument'),
    ],
    [
      ...roles,
      classOf({
        name: 'User',
        decorators: [decorator('Schema', '{ timestamps: true }')],
        properties: [
          property('email', 'string', [prop('{ required: true, unique: true }')]),
          property('name', 'string', [prop('{ required: true }')]),
          property('picture', 'string', [prop('{ required: true }')]),
          ...(!hasPassword(options)
            ? []
            : social
              ? [
                  property('password', 'string | null', [prop('{ type: String, default: null }')], {
                    docs: SOCIAL_PASSWORD_DOCS,
                  }),
                ]
              : [
                  property('password', 'string', [prop('{ required: true }')], {
                    docs: PASSWORD_DOCS,
                  }),
                ]),
          property('role', 'Role', [prop("{ type: String, enum: ROLES, default: 'user' }")]),
          property('tokenVersion', 'number', [prop('{ type: Number, default: 0 }')], {
            docs: tokenVersionDocs(options),
          }),
          ...(options.emailConfirmation
            ? [
                property('emailConfirmed', 'boolean', [prop('{ type: Boolean, default: false }')], {
                  docs: EMAIL_CONFIRMED_DOCS,
                }),
              ]
            : []),
          // Sparse: the unique index holds only the users who have an id at that provider.
          ...providers.map((provider) =>
            property(
              providerIdColumn(provider),
              'string',
              [prop('{ type: String, unique: true, sparse: true }')],
              { docs: providerIdDocs(provider), hasQuestionToken: true },
            ),
          ),
          property('createdAt', 'Date'),
          property('updatedAt', 'Date'),
        ],
      }),
      typeAlias('UserDocument', 'HydratedDocument<User>'),
      constant('UserSchema', 'SchemaFactory.createForClass(User)'),
      '// Lists sort by createdAt unless asked otherwise.',
      'UserSchema.index({ createdAt: 1 });',
      ...textIndex('UserSchema', 'users', ['name', 'email']),
    ],
  );
}
