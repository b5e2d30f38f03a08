// A table of mailed single-use tokens (password resets, e-mail confirmations): the SQL entity, its table
// spec and the Mongoose schema. Only a hash of each token is stored.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { referenceIdColumn } from '../database/sql-dialects.js';
import type { TableSpec } from '../database/sql-tables.js';
import { userModelPath } from '../users/user.entity.template.js';
import { pkg, pkgTypes } from './pieces.js';
import { classOf, constant, decorator, property, tsFile, typeAlias } from './ts.js';

export interface TokenModel {
  /** `PasswordReset` */
  className: string;
  /** The SQL table, `password_resets`. */
  table: string;
  path: string;
  /** What happens to them when their user goes, e.g. "A user's resets go with their account." */
  userDocs: string;
  /** The comment above the MongoDB expiry index, e.g. "a reset". */
  one: string;
}

const TOKEN_HASH_DOCS = ['SHA-256 of the token that was mailed; the token itself is never stored.'];

export const tokenTable = (name: string): TableSpec => ({
  name,
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
});

export function tokenModelTemplate(options: ProjectOptions, model: TokenModel): TypeScriptFile {
  return options.database === 'mongodb' ? schema(model) : entity(options, model);
}

function entity(options: ProjectOptions, model: TokenModel): TypeScriptFile {
  const postgres = options.database === 'postgres';
  const time = postgres ? "{ type: 'timestamptz' }" : "{ type: 'datetime' }";
  return tsFile(
    model.path,
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
        name: model.className,
        decorators: [decorator('Entity', `'${model.table}'`)],
        properties: [
          property('id', 'string', [decorator('PrimaryGeneratedColumn', "'uuid'")]),
          property('tokenHash', 'string', [decorator('Column', '{ unique: true }')], {
            docs: TOKEN_HASH_DOCS,
          }),
          property('userId', 'string', [
            decorator('Index'),
            decorator('Column', `{ ${referenceIdColumn(options.database)} }`),
          ]),
          property(
            'user',
            'User',
            [
              decorator('ManyToOne', '() => User', "{ nullable: false, onDelete: 'CASCADE' }"),
              decorator('JoinColumn', "{ name: 'userId' }"),
            ],
            { hasQuestionToken: true, docs: [model.userDocs] },
          ),
          property('expiresAt', 'Date', [decorator('Column', time)]),
          property('createdAt', 'Date', [decorator('CreateDateColumn', time)]),
        ],
      }),
    ],
  );
}

function schema(model: TokenModel): TypeScriptFile {
  const prop = (...args: string[]) => decorator('Prop', ...args);
  const name = model.className;
  return tsFile(
    model.path,
    [
      pkg('@nestjs/mongoose', 'Prop', 'Schema', 'SchemaFactory'),
      pkgTypes('mongoose', 'HydratedDocument'),
    ],
    [
      classOf({
        name,
        decorators: [decorator('Schema', '{ timestamps: { createdAt: true, updatedAt: false } }')],
        properties: [
          property('tokenHash', 'string', [prop('{ required: true, unique: true }')], {
            docs: TOKEN_HASH_DOCS,
          }),
          property('userId', 'string', [prop('{ required: true, index: true }')]),
          property('expiresAt', 'Date', [prop('{ required: true }')]),
        ],
      }),
      typeAlias(`${name}Document`, `HydratedDocument<${name}>`),
      constant(`${name}Schema`, `SchemaFactory.createForClass(${name})`),
      `// MongoDB deletes ${model.one} once it has expired.`,
      `${name}Schema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });`,
    ],
  );
}
