// src/users/users.module.ts: the users feature: controller, service and persistence.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { pkg } from '../_shared/pieces.js';
import { classOf, code, decorator, tsFile } from '../_shared/ts.js';
import { userModelPath } from './user.entity.template.js';
import { emailConfirmationModelPath } from '../email-confirmations/email-confirmation.entity.template.js';

/** With --email-confirmation the users module also keeps the confirmation tokens and mails them. */
export function usersModuleTemplate(options: ProjectOptions): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  const confirm = options.emailConfirmation;
  const models = confirm ? ['User', 'EmailConfirmation'] : ['User'];
  const controllers = confirm ? 'UsersController, EmailConfirmationsController' : 'UsersController';
  const providers = [
    'UsersService',
    ...(confirm ? ['EmailConfirmationsService'] : []),
    ...(options.graphql ? ['UsersResolver'] : []),
  ].join(', ');
  return tsFile(
    'src/users/users.module.ts',
    [
      pkg('@nestjs/common', 'Module'),
      mongo ? pkg('@nestjs/mongoose', 'MongooseModule') : pkg('@nestjs/typeorm', 'TypeOrmModule'),
      { from: userModelPath(options), named: mongo ? ['User', 'UserSchema'] : ['User'] },
      { from: 'src/users/users.controller.ts', named: ['UsersController'] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      ...(options.graphql
        ? [{ from: 'src/users/users.resolver.ts', named: ['UsersResolver'] }]
        : []),
      ...(confirm
        ? [
            {
              from: emailConfirmationModelPath(options),
              named: mongo
                ? ['EmailConfirmation', 'EmailConfirmationSchema']
                : ['EmailConfirmation'],
            },
            {
              from: 'src/users/email-confirmations.controller.ts',
              named: ['EmailConfirmationsController'],
            },
            {
              from: 'src/users/email-confirmations.service.ts',
              named: ['EmailConfirmationsService'],
            },
            { from: 'src/mail/mail.module.ts', named: ['MailModule'] },
          ]
        : []),
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
                ? `  imports: [MongooseModule.forFeature([${models.map((model) => `{ name: ${model}.name, schema: ${model}Schema }`).join(', ')}])${confirm ? ', MailModule' : ''}],`
                : `  imports: [TypeOrmModule.forFeature([${models.join(', ')}])${confirm ? ', MailModule' : ''}],`,
              `  controllers: [${controllers}],`,
              `  providers: [${providers}],`,
              '  exports: [UsersService],',
              '}',
            ),
          ),
        ],
      }),
    ],
  );
}
