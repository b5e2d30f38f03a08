// src/users/users.controller.ts: the /users routes of the HTTP contract.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pagedDecorator, pkg, use } from '../_shared/pieces.js';
import { classOf, decorator, injected, tsFile } from '../_shared/ts.js';
import { userRoutes } from './users.routes.js';

export function usersControllerTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'src/users/users.controller.ts',
    [
      pkg(
        '@nestjs/common',
        'Body',
        'Controller',
        'Delete',
        'Get',
        'HttpCode',
        'Param',
        'Patch',
        'Post',
        'Put',
      ),
      pkg(
        '@nestjs/swagger',
        'ApiConflictResponse',
        'ApiCreatedResponse',
        'ApiNoContentResponse',
        'ApiOkResponse',
        'ApiTags',
      ),
      use('apiDocs', 'ApiBodies', 'ApiErrors', 'ApiListQuery'),
      ...(options.signInOnCreate
        ? [
            pkg('@nestjs/jwt', 'JwtService'),
            { from: 'src/auth/jwt.strategy.ts', named: ['tokenClaims'] },
            { from: 'src/auth/auth.service.ts', named: ['SignInResult'] },
          ]
        : []),
      use('access', 'Access'),
      use('rateLimit', 'LimitAttempts'),
      use('currentUser', 'CurrentUser', 'assertOwnerOrAdmin', 'AuthUser'),
      use('listQuery', 'ListQueryParams', 'selectFields', 'ListQuery'),
      use('paging', pagedDecorator(options.envelope), 'Page'),
      use('parseId', 'ParseIdPipe'),
      { from: 'src/users/dto/create-user.dto.ts', named: ['CreateUserDto'] },
      { from: 'src/users/dto/update-user.dto.ts', named: ['UpdateUserDto'] },
      ...(hasPassword(options)
        ? [{ from: 'src/users/dto/update-password.dto.ts', named: ['UpdatePasswordDto'] }]
        : []),
      { from: 'src/users/dto/update-role.dto.ts', named: ['UpdateRoleDto'] },
      {
        from: 'src/users/user.view.ts',
        named: ['PublicUserView', 'USER_LIST', 'UserView', 'toPublicUserView', 'toUserView'],
      },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      ...(options.emailConfirmation
        ? [
            {
              from: 'src/users/email-confirmations.service.ts',
              named: ['EmailConfirmationsService'],
            },
          ]
        : []),
    ],
    [
      classOf({
        name: 'UsersController',
        decorators: [
          decorator('ApiTags', "'users'"),
          decorator('ApiBodies'),
          decorator('Controller', "'users'"),
        ],
        ctors: [
          {
            parameters: [
              injected('users', 'UsersService'),
              ...(options.signInOnCreate ? [injected('jwt', 'JwtService')] : []),
              ...(options.emailConfirmation
                ? [injected('confirmations', 'EmailConfirmationsService')]
                : []),
            ],
          },
        ],
        methods: userRoutes(options),
      }),
    ],
  );
}
