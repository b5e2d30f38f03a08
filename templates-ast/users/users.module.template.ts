// src/users/users.module.ts: the users feature: controller, service and persistence.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/project/options.js';
import { pkg } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';
import { userModelPath } from './user.entity.template.js';

export function usersModuleTemplate(options: ProjectOptions): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  return tsFile(
    'src/users/users.module.ts',
    [
      pkg('@nestjs/common', 'Module'),
      mongo ? pkg('@nestjs/mongoose', 'MongooseModule') : pkg('@nestjs/typeorm', 'TypeOrmModule'),
      { from: userModelPath(options), named: mongo ? ['User', 'UserSchema'] : ['User'] },
      { from: 'src/users/users.controller.ts', named: ['UsersController'] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
    ],
    [
      classOf({
        name: 'UsersModule',
        decorators: [
          decorator(
            'Module',
            code(
              '{',
              mongo
                ? '  imports: [MongooseModule.forFeature([{ name: User.name, schema: UserSchema }])],'
                : '  imports: [TypeOrmModule.forFeature([User])],',
              '  controllers: [UsersController],',
              '  providers: [UsersService],',
              '  exports: [UsersService],',
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
