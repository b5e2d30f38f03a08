// src/users/user.view.ts: what clients see of a user (never the password or the role), and the users list spec.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { use } from '../_shared/pieces.js';
import { code, constant, functionOf, interfaceOf, tsFile, typeAlias } from '../_shared/ts.js';
import { userModelPath, userRecordType } from './user.entity.template.js';

export function userViewTemplate(options: ProjectOptions): TypeScriptFile {
  const record = userRecordType(options);
  return tsFile(
    'src/users/user.view.ts',
    [{ from: userModelPath(options), types: [record] }, use('listQuery', 'ListSpec')],
    [
      interfaceOf({
        name: 'UserView',
        properties: ['id', 'name', 'picture', 'email']
          .map((name) => ({ name, type: 'string' }))
          .concat({ name: 'createdAt', type: 'Date' }),
      }),
      typeAlias('PublicUserView', "Pick<UserView, 'id' | 'name' | 'picture'>"),
      constant(
        'USER_LIST',
        "{ fields: ['id', 'name', 'picture', 'email', 'createdAt'], search: ['name', 'email'] }",
        {
          type: 'ListSpec',
          docs: [
            '`GET /users`: `q` searches names and e-mails; these fields can be selected and sorted.',
          ],
        },
      ),
      functionOf({
        name: 'toUserView',
        parameters: [{ name: 'user', type: record }],
        returnType: 'UserView',
        statements: code(
          'return { id: user.id, name: user.name, picture: user.picture, email: user.email, createdAt: user.createdAt };',
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
