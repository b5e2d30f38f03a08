// src/users/user.view.ts: what clients see of a user (never the password or the role), and the users list spec.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg, use } from '../_shared/pieces.js';
import { classOf, code, constant, functionOf, tsFile, viewProperty } from '../_shared/ts.js';
import { userModelPath, userRecordType } from './user.entity.template.js';

export function userViewTemplate(options: ProjectOptions): TypeScriptFile {
  const record = userRecordType(options);
  return tsFile(
    'src/users/user.view.ts',
    [
      pkg('@nestjs/swagger', 'ApiProperty'),
      { from: userModelPath(options), types: [record] },
      use('listQuery', 'ListSpec'),
    ],
    [
      classOf({
        name: 'PublicUserView',
        docs: ['What anyone may see of a user.'],
        properties: [
          viewProperty('id', "{ type: String, example: '1' }"),
          viewProperty('name', "{ type: String, example: 'Ada' }"),
          viewProperty('picture', "{ type: String, format: 'uri' }"),
        ],
      }),
      classOf({
        name: 'UserView',
        docs: ['What the user and admins see of a user.'],
        extends: 'PublicUserView',
        properties: [
          viewProperty('email', "{ type: String, format: 'email' }"),
          viewProperty('createdAt', "{ type: Date, format: 'date-time' }", 'Date'),
          ...(options.emailConfirmation
            ? [
                viewProperty(
                  'emailConfirmed',
                  "{ type: Boolean, description: 'Whether the e-mail was confirmed (POST /users/confirm)' }",
                  'boolean',
                ),
              ]
            : []),
        ],
      }),
      constant(
        'USER_LIST',
        `{ fields: ['id', 'name', 'picture', 'email', 'createdAt'${options.emailConfirmation ? ", 'emailConfirmed'" : ''}], sort: ['id', 'email', 'createdAt'], search: ['name', 'email'], filters: {}, expand: [] }`,
        {
          type: 'ListSpec',
          docs: [
            '`GET /users`: `q` searches names and e-mails; these fields can be selected, the indexed ones sorted.',
          ],
        },
      ),
      functionOf({
        name: 'toUserView',
        parameters: [{ name: 'user', type: record }],
        returnType: 'UserView',
        statements: code(
          `return { id: user.id, name: user.name, picture: user.picture, email: user.email, createdAt: user.createdAt${options.emailConfirmation ? ', emailConfirmed: user.emailConfirmed' : ''} };`,
        ),
      }),
      functionOf({
        name: 'toPublicUserView',
        parameters: [{ name: 'user', type: record }],
        returnType: 'PublicUserView',
        statements: code('return { id: user.id, name: user.name, picture: user.picture };'),
      }),
    ],
  );
}
