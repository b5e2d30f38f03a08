// How a password reset is stored: the SQL entity and its migration, or the Mongoose schema. Only a hash of the token.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { classOf, constant, decorator, property, tsFile, typeAlias } from '../_shared/ts.js';
import {
  migrationFile,
  migrationTemplate,
  type MigrationFile,
} from '../database/migration.template.js';
import type { TableSpec } from '../database/sql-dialects.js';
import { userModelPath } from '../users/user.entity.template.js';

export const passwordResetModelPath = (options: ProjectOptions): string =>
  options.database === 'mongodb'
    ? 'src/password-resets/schemas/password-reset.schema.ts'
    : 'src/password-resets/entities/password-reset.entity.ts';

const TOKEN_HASH_DOCS = ['SHA-256 of the token that was mailed; the token itself is never stored.'];

export const PASSWORD_RESETS_TABLE: TableSpec = {
  name: 'password_resets',
  columns: [
    { name: 'id', type: 'uuid-key' },
    { name: 'tokenHash', type: 'varchar' },
    { name: 'userId', type: 'uuid' },
    { name: 'expiresAt', type: 'time' },
    { name: 'createdAt', type: 'created' },
  ],
  unique: ['tokenHash'],
  indexes: ['userId'],
  references: [{ column: 'userId', table: 'users' }],
  search: [],
};

/** One millisecond after the users table's, so that it runs after it. */
export const passwordResetsMigrationFile = (options: ProjectOptions): MigrationFile =>
  migrationFile('password_resets', 'PasswordResets', options.migrationTimestamp + 2);

export function passwordResetsMigrationTemplate(options: ProjectOptions): TypeScriptFile {
  return migrationTemplate(
    options.database,
    passwordResetsMigrationFile(options),
    PASSWORD_RESETS_TABLE,
    'Password resets: the hash of each mailed token (unique), its user (deleted with it) and when it expires.',
  );
}

export function passwordResetModelTemplate(options: ProjectOptions): TypeScriptFile {
  return options.database === 'mongodb' ? schema(options) : entity(options);
}

function entity(options: ProjectOptions): TypeScriptFile {
  const postgres = options.database === 'postgres';
  const time = postgres ? "{ type: 'timestamptz' }" : "{ type: 'datetime' }";
  return tsFile(
    passwordResetModelPath(options),
    [
      pkg(
        'typeorm',
        'Column',
        'CreateDateColumn',
        'Entity',
        'Index',
        'JoinColumn',
        'ManyToOne',
        'PrimaryGeneratedColumn',
      ),
      { from: userModelPath(options), named: ['User'] },
    ],
    [
      classOf({
        name: 'PasswordReset',
        decorators: [decorator('Entity', "'password_resets'")],
        properties: [
          property('id', 'string', [decorator('PrimaryGeneratedColumn', "'uuid'")]),
          property('tokenHash', 'string', [decorator('Column', '{ unique: true }')], {
            docs: TOKEN_HASH_DOCS,
          }),
          property('userId', 'string', [
            decorator('Index'),
            decorator('Column', postgres ? "{ type: 'uuid' }" : "{ type: 'varchar' }"),
          ]),
          property(
            'user',
            'User',
            [
              decorator('ManyToOne', '() => User', "{ nullable: false, onDelete: 'CASCADE' }"),
              decorator('JoinColumn', "{ name: 'userId' }"),
            ],
            { hasQuestionToken: true, docs: ["A user's resets go with their account."] },
          ),
          property('expiresAt', 'Date', [decorator('Column', time)]),
          property('createdAt', 'Date', [decorator('CreateDateColumn', time)]),
        ],
      }),
    ],
  );
}

function schema(options: ProjectOptions): TypeScriptFile {
  const prop = (...args: string[]) => decorator('Prop', ...args);
  return tsFile(
    passwordResetModelPath(options),
    [
      pkg('@nestjs/mongoose', 'Prop', 'Schema', 'SchemaFactory'),
      pkgTypes('mongoose', 'HydratedDocument'),
    ],
    [
      classOf({
        name: 'PasswordReset',
        decorators: [decorator('Schema', '{ timestamps: { createdAt: true, updatedAt: false } }')],
        properties: [
          property('tokenHash', 'string', [prop('{ required: true, unique: true }')], {
            docs: TOKEN_HASH_DOCS,
          }),
          property('userId', 'string', [prop('{ required: true, index: true }')]),
          property('expiresAt', 'Date', [prop('{ required: true }')]),
        ],
      }),
      typeAlias('PasswordResetDocument', 'HydratedDocument<PasswordReset>'),
      constant('PasswordResetSchema', 'SchemaFactory.createForClass(PasswordReset)'),
      '// MongoDB deletes a reset once it has expired.',
      'PasswordResetSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });',
    ],
  );
}
