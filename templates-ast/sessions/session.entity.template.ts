// src/sessions/entities/session.entity.ts (SQL) or src/sessions/schemas/session.schema.ts (MongoDB): one signed-in device.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes } from '../_shared/pieces.js';
import { referenceIdColumn } from '../database/sql-dialects.js';
import { classOf, constant, decorator, property, tsFile, typeAlias } from '../_shared/ts.js';
import { userModelPath } from '../users/user.entity.template.js';

export const sessionModelPath = (options: ProjectOptions): string =>
  options.database === 'mongodb'
    ? 'src/sessions/schemas/session.schema.ts'
    : 'src/sessions/entities/session.entity.ts';

export const sessionRecordType = (options: ProjectOptions): string =>
  options.database === 'mongodb' ? 'SessionDocument' : 'Session';

const SECRET_DOCS = [
  "The SHA-256 of the current refresh token's random part: a token of 32 random bytes needs no slow hash.",
];
const VERSION_DOCS = ["The user's tokenVersion at sign-in: a password change ends the session."];

export function sessionModelTemplate(options: ProjectOptions): TypeScriptFile {
  return options.database === 'mongodb' ? sessionSchema(options) : sessionEntity(options);
}

function sessionEntity(options: ProjectOptions): TypeScriptFile {
  const postgres = options.database === 'postgres';
  const time = postgres ? "{ type: 'timestamptz' }" : "{ type: 'datetime' }";
  const column = (...args: string[]) => decorator('Column', ...args);
  return tsFile(
    sessionModelPath(options),
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
        'UpdateDateColumn',
      ),
      { from: userModelPath(options), named: ['User'] },
    ],
    [
      classOf({
        name: 'Session',
        docs: ['A sign-in and its refresh tokens. Ending it (deleting the row) ends its tokens.'],
        decorators: [decorator('Entity', "'sessions'")],
        properties: [
          property('id', 'string', [decorator('PrimaryGeneratedColumn', "'uuid'")]),
          property('userId', 'string', [
            decorator('Index'),
            column(`{ ${referenceIdColumn(options.database)} }`),
          ]),
          property(
            'user',
            'User',
            [
              decorator('ManyToOne', '() => User', "{ nullable: false, onDelete: 'CASCADE' }"),
              decorator('JoinColumn', "{ name: 'userId' }"),
            ],
            { hasQuestionToken: true, docs: ['Sessions go with their user.'] },
          ),
          property('secretHash', 'string', [column()], { docs: SECRET_DOCS }),
          property('tokenVersion', 'number', [column("{ type: 'integer' }")], {
            docs: VERSION_DOCS,
          }),
          property('expiresAt', 'Date', [column(time)]),
          property('createdAt', 'Date', [
            decorator('CreateDateColumn', ...(postgres ? [time] : [])),
          ]),
          property('updatedAt', 'Date', [
            decorator('UpdateDateColumn', ...(postgres ? [time] : [])),
          ]),
        ],
      }),
    ],
  );
}

function sessionSchema(options: ProjectOptions): TypeScriptFile {
  const prop = (...args: string[]) => decorator('Prop', ...args);
  return tsFile(
    sessionModelPath(options),
    [
      pkg('@nestjs/mongoose', 'Prop', 'Schema', 'SchemaFactory'),
      pkg('mongoose', 'Types'),
      pkgTypes('mongoose', 'HydratedDocument'),
      { from: userModelPath(options), named: ['User'] },
    ],
    [
      classOf({
        name: 'Session',
        docs: [
          'A sign-in and its refresh tokens. Ending it (deleting the document) ends its tokens.',
        ],
        decorators: [decorator('Schema', '{ timestamps: true }')],
        properties: [
          property(
            'userId',
            'string',
            [prop('{ type: Types.ObjectId, ref: User.name, required: true, index: true }')],
            { docs: ['Stored as an ObjectId; Mongoose casts the id string both ways.'] },
          ),
          property('secretHash', 'string', [prop('{ required: true }')], { docs: SECRET_DOCS }),
          property('tokenVersion', 'number', [prop('{ type: Number, required: true }')], {
            docs: VERSION_DOCS,
          }),
          property('expiresAt', 'Date', [prop('{ type: Date, required: true }')]),
          property('createdAt', 'Date'),
          property('updatedAt', 'Date'),
        ],
      }),
      typeAlias('SessionDocument', 'HydratedDocument<Session>'),
      constant('SessionSchema', 'SchemaFactory.createForClass(Session)'),
      '// MongoDB deletes a session once it has expired.',
      'SessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });',
    ],
  );
}
