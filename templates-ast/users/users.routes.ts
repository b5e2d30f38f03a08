// The route methods of src/users/users.controller.ts: sign-up, the list, the profile, password, role, removal.
import type { OptionalKind, MethodDeclarationStructure } from 'ts-morph';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pagedDecorator } from '../_shared/pieces.js';
import { code, decorator, param } from '../_shared/ts.js';

const id = param('id', 'string', [decorator('Param', "'id'", 'ParseIdPipe')]);
const me = param('user', 'AuthUser', [decorator('CurrentUser')]);
const okUser = decorator('ApiOkResponse', '{ type: UserView }');

function createMethod(options: ProjectOptions): OptionalKind<MethodDeclarationStructure> {
  const decorators = [
    decorator('Post'),
    decorator('Access', "'client'"),
    decorator('LimitAttempts'),
    decorator(
      'ApiCreatedResponse',
      options.signInOnCreate ? '{ type: SignInResult }' : '{ type: UserView }',
    ),
    decorator('ApiErrors', '400', '409'),
  ];
  const parameters = [param('input', 'CreateUserDto', [decorator('Body')])];
  const confirm = options.emailConfirmation
    ? [
        '// The confirmation mail leaves after the answer (EmailConfirmationsService.send).',
        'await this.confirmations.send(user, input.link);',
      ]
    : [];
  if (!options.signInOnCreate) {
    return {
      name: 'create',
      isAsync: true,
      ...(options.emailConfirmation
        ? {
            docs: [
              'Mails a confirmation link to the new address (`link`, or the bare token without it).',
            ],
          }
        : {}),
      decorators,
      parameters,
      returnType: 'Promise<UserView>',
      statements: options.emailConfirmation
        ? code(
            'this.confirmations.checkLink(input.link);',
            'const user = await this.users.create(input);',
            ...confirm,
            'return toUserView(user);',
          )
        : code('return toUserView(await this.users.create(input));'),
    };
  }
  return {
    name: 'create',
    isAsync: true,
    docs: ['Signs the new user in: the answer carries a token, as POST /auth does.'],
    decorators,
    parameters,
    returnType: 'Promise<SignInResult>',
    statements: code(
      ...(options.emailConfirmation ? ['this.confirmations.checkLink(input.link);'] : []),
      'const user = await this.users.create(input);',
      ...confirm,
      'return { token: await this.jwt.signAsync(tokenClaims(user)), user: toUserView(user) };',
    ),
  };
}

/** PUT /users/:id/password: password sign-in only. */
const updatePasswordMethod: OptionalKind<MethodDeclarationStructure> = {
  name: 'updatePassword',
  isAsync: true,
  docs: [
    'HTTP Basic with the current password of that same user, checked before the body. Ends the',
    "user's earlier sessions: their tokens are refused from now on.",
  ],
  decorators: [
    decorator('Put', "':id/password'"),
    decorator('Access', "'password'"),
    decorator('LimitAttempts', "'password'"),
    okUser,
    decorator('ApiErrors', '400'),
  ],
  parameters: [id, param('input', 'UpdatePasswordDto', [decorator('Body')])],
  returnType: 'Promise<UserView>',
  statements: code(
    '// PasswordGuard has checked that the credentials are those of the user `:id` names.',
    'return toUserView(await this.users.setPassword(id, input.password));',
  ),
};

/** The routes in the order the controller declares them; password routes only with password sign-in. */
/** PUT (replace) or PATCH (update) of the profile, at /users/me and at /users/:id (that user or an admin). */
function profileRoutes(
  verb: 'Put' | 'Patch',
  service: 'replace' | 'update',
  names: { me: string; id: string; docs: string },
): OptionalKind<MethodDeclarationStructure>[] {
  const body = param('changes', 'UpdateUserDto', [decorator('Body')]);
  return [
    {
      name: names.me,
      isAsync: true,
      docs: [names.docs],
      decorators: [
        decorator(verb, "'me'"),
        decorator('Access', "'user'"),
        okUser,
        decorator('ApiErrors', '400'),
      ],
      parameters: [me, body],
      returnType: 'Promise<UserView>',
      statements: code(`return toUserView(await this.users.${service}(user.id, changes));`),
    },
    {
      name: names.id,
      isAsync: true,
      docs: [names.docs],
      decorators: [
        decorator(verb, "':id'"),
        decorator('Access', "'user'"),
        okUser,
        decorator('ApiErrors', '400', '403', '404'),
      ],
      parameters: [me, id, body],
      returnType: 'Promise<UserView>',
      statements: code(
        'assertOwnerOrAdmin(user, id);',
        `return toUserView(await this.users.${service}(id, changes));`,
      ),
    },
  ];
}

export const userRoutes = (options: ProjectOptions): OptionalKind<MethodDeclarationStructure>[] => [
  createMethod(options),
  {
    name: 'list',
    isAsync: true,
    decorators: [
      decorator('Get'),
      decorator('Access', "'admin'"),
      decorator(pagedDecorator(options.envelope), 'UserView'),
      decorator('ApiListQuery', 'USER_LIST'),
    ],
    parameters: [param('query', 'ListQuery', [decorator('ListQueryParams', 'USER_LIST')])],
    returnType: 'Promise<Page<Partial<UserView>>>',
    statements: code(
      'const page = await this.users.list(query);',
      'return { ...page, items: page.items.map((user) => selectFields(toUserView(user), query)) };',
    ),
  },
  {
    name: 'findMe',
    isAsync: true,
    decorators: [decorator('Get', "'me'"), decorator('Access', "'user'"), okUser],
    parameters: [me],
    returnType: 'Promise<UserView>',
    statements: code('return toUserView(await this.users.findOne(user.id));'),
  },
  {
    name: 'findOne',
    isAsync: true,
    decorators: [
      decorator('Get', "':id'"),
      decorator('Access', "'public'"),
      decorator('ApiOkResponse', '{ type: PublicUserView }'),
      decorator('ApiErrors', '400', '404'),
    ],
    parameters: [id],
    returnType: 'Promise<PublicUserView>',
    statements: code('return toPublicUserView(await this.users.findOne(id));'),
  },
  ...profileRoutes('Put', 'replace', {
    me: 'updateMe',
    id: 'update',
    docs: 'Replaces the profile: a field left out takes its default (the name from the e-mail, the Gravatar).',
  }),
  ...profileRoutes('Patch', 'update', {
    me: 'patchMe',
    id: 'patch',
    docs: 'Changes what is sent and keeps the rest; `null` puts a field back to its default.',
  }),
  ...(hasPassword(options) ? [updatePasswordMethod] : []),
  {
    name: 'updateRole',
    isAsync: true,
    docs: ['Makes a user an admin or a user; the last admin stays one (409).'],
    decorators: [
      decorator('Put', "':id/role'"),
      decorator('Access', "'admin'"),
      okUser,
      decorator('ApiErrors', '400', '404'),
      decorator('ApiConflictResponse', "{ description: 'The last admin cannot be demoted' }"),
    ],
    parameters: [id, param('input', 'UpdateRoleDto', [decorator('Body')])],
    returnType: 'Promise<UserView>',
    statements: code('return toUserView(await this.users.setRole(id, input.role));'),
  },
  {
    name: 'remove',
    isAsync: true,
    decorators: [
      decorator('Delete', "':id'"),
      decorator('Access', "'admin'"),
      decorator('HttpCode', '204'),
      decorator('ApiNoContentResponse'),
      decorator('ApiErrors', '400', '404'),
      decorator('ApiConflictResponse', "{ description: 'The last admin cannot be deleted' }"),
    ],
    parameters: [id],
    returnType: 'Promise<void>',
    statements: code('await this.users.remove(id);'),
  },
];
