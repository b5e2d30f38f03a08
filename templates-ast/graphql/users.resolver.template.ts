// `src/users/users.resolver.ts`: users in GraphQL (the list, a user, `me`, sign-up, the profile, removal), as their REST routes.
import type { MethodDeclarationStructure, OptionalKind } from 'ts-morph';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';

type Method = OptionalKind<MethodDeclarationStructure>;

export function usersResolverTemplate(options: ProjectOptions): TypeScriptFile {
  const confirm = options.emailConfirmation;
  return tsFile(
    'src/users/users.resolver.ts',
    [
      use('access', 'Access'),
      use('currentUser', 'assertOwnerOrAdmin', 'AuthUser'),
      use('rateLimit', 'LimitAttempts'),
      use('graphql', 'BatchLoad', 'Mutation', 'Query', 'Resolver'),
      use('graphqlContext', 'GraphqlContext'),
      use('graphqlInput', 'checkedId', 'checkedInput', 'listQueryOf', 'pageAnswer', 'PageAnswer'),
      { from: 'src/users/dto/create-user.dto.ts', named: ['CreateUserDto'] },
      { from: 'src/users/dto/update-user.dto.ts', named: ['UpdateUserDto'] },
      {
        from: 'src/users/user.view.ts',
        named: ['USER_LIST', 'toPublicUserView', 'toUserView'],
        types: ['PublicUserView', 'UserView'],
      },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
      ...(confirm
        ? [
            {
              from: 'src/users/email-confirmations.service.ts',
              named: ['EmailConfirmationsService'],
            },
            {
              from: 'src/users/dto/confirm-email.dto.ts',
              named: ['ConfirmEmailDto', 'ResendConfirmationDto'],
            },
          ]
        : []),
    ],
    [
      classOf({
        name: 'UsersResolver',
        docs: [
          'Users in GraphQL, as the REST routes show them: anyone sees a name and a picture; the user',
          'and admins also the e-mail and the date of sign-up (null for anyone else).',
        ],
        decorators: [decorator('Resolver')],
        ctors: [
          {
            parameters: [
              injected('users', 'UsersService'),
              ...(confirm ? [injected('confirmations', 'EmailConfirmationsService')] : []),
            ],
          },
        ],
        methods: [
          ...queries(),
          createUser(options),
          ...changes(),
          ...(confirm ? confirmation() : []),
          byIds(),
        ],
      }),
    ],
  );
}

function queries(): Method[] {
  return [
    {
      name: 'list',
      isAsync: true,
      decorators: [decorator('Query', "'users'"), decorator('Access', "'admin'")],
      parameters: [{ name: 'args', type: 'Record<string, unknown>' }],
      returnType: 'Promise<UserView[]>',
      statements: code(
        'const page = await this.users.list(listQueryOf(args, USER_LIST));',
        'return page.items.map((user) => toUserView(user));',
      ),
    },
    {
      name: 'page',
      isAsync: true,
      docs: [
        "The list's page with its count and the next page's cursor, as REST's headers give them.",
      ],
      decorators: [decorator('Query', "'usersPage'"), decorator('Access', "'admin'")],
      parameters: [{ name: 'args', type: 'Record<string, unknown>' }],
      returnType: 'Promise<PageAnswer<UserView>>',
      statements: code(
        'return pageAnswer(await this.users.list(listQueryOf(args, USER_LIST)), toUserView);',
      ),
    },
    {
      name: 'findOne',
      isAsync: true,
      decorators: [decorator('Query', "'user'"), decorator('Access', "'public'")],
      parameters: [{ name: 'args', type: '{ id: string }' }],
      returnType: 'Promise<PublicUserView>',
      statements: code('return toPublicUserView(await this.users.findOne(checkedId(args.id)));'),
    },
    {
      name: 'me',
      isAsync: true,
      decorators: [decorator('Query', "'me'"), decorator('Access', "'user'")],
      parameters: [
        { name: '_args', type: 'unknown' },
        { name: 'context', type: 'GraphqlContext' },
      ],
      returnType: 'Promise<UserView>',
      statements: code(
        'return toUserView(await this.users.findOne((context.user as AuthUser).id));',
      ),
    },
  ];
}

/** Sign-up, with POST /users's key, attempt limit and (with --email-confirmation) its mail. */
function createUser(options: ProjectOptions): Method {
  return {
    name: 'create',
    isAsync: true,
    docs: ['Sign-up: the client key, or the master key, which alone may set a role.'],
    decorators: [
      decorator('Mutation', "'createUser'"),
      decorator('Access', "'client'"),
      decorator('LimitAttempts'),
    ],
    parameters: [{ name: 'args', type: '{ input?: unknown }' }],
    returnType: 'Promise<UserView>',
    statements: options.emailConfirmation
      ? code(
          'const input = await checkedInput(CreateUserDto, args.input);',
          'this.confirmations.checkLink(input.link);',
          'const user = await this.users.create(input);',
          'await this.confirmations.send(user, input.link);',
          'return toUserView(user);',
        )
      : code(
          'return toUserView(await this.users.create(await checkedInput(CreateUserDto, args.input)));',
        ),
  };
}

function changes(): Method[] {
  return [
    {
      name: 'update',
      isAsync: true,
      docs: ["The user themself or an admin; PATCH's rules: a field left out keeps its value."],
      decorators: [decorator('Mutation', "'updateUser'"), decorator('Access', "'user'")],
      parameters: [
        { name: 'args', type: '{ id: string; input?: unknown }' },
        { name: 'context', type: 'GraphqlContext' },
      ],
      returnType: 'Promise<UserView>',
      statements: code(
        'const id = checkedId(args.id);',
        'assertOwnerOrAdmin(context.user as AuthUser, id);',
        'return toUserView(await this.users.update(id, await checkedInput(UpdateUserDto, args.input)));',
      ),
    },
    {
      name: 'remove',
      isAsync: true,
      decorators: [decorator('Mutation', "'deleteUser'"), decorator('Access', "'admin'")],
      parameters: [{ name: 'args', type: '{ id: string }' }],
      returnType: 'Promise<boolean>',
      statements: code('await this.users.remove(checkedId(args.id));', 'return true;'),
    },
  ];
}

/** --email-confirmation: POST /users/confirm and POST /users/confirm/resend, with their checks and limits. */
function confirmation(): Method[] {
  return [
    {
      name: 'confirmEmail',
      isAsync: true,
      docs: [
        'Confirms the e-mail of the token mailed at sign-up (or by resendConfirmation); once per token.',
      ],
      decorators: [
        decorator('Mutation', "'confirmEmail'"),
        decorator('Access', "'public'"),
        decorator('LimitAttempts'),
      ],
      parameters: [{ name: 'args', type: '{ token: string }' }],
      returnType: 'Promise<UserView>',
      statements: code(
        'const input = await checkedInput(ConfirmEmailDto, args);',
        'return toUserView(await this.confirmations.confirm(input.token));',
      ),
    },
    {
      name: 'resendConfirmation',
      isAsync: true,
      docs: [
        'A new confirmation mail to a registered user who has not confirmed yet: true either way, in the',
        'same time; the mail leaves after the answer.',
      ],
      decorators: [
        decorator('Mutation', "'resendConfirmation'"),
        decorator('Access', "'client'"),
        decorator('LimitAttempts'),
      ],
      parameters: [{ name: 'args', type: '{ email: string; link?: string | null }' }],
      returnType: 'Promise<boolean>',
      statements: code(
        'const input = await checkedInput(ResendConfirmationDto, args);',
        'this.confirmations.resend(input.email, input.link);',
        'return true;',
      ),
    },
  ];
}

/** References to users (`author:ref:user`) load what anyone may see of them, in one query. */
function byIds(): Method {
  return {
    name: 'byIds',
    isAsync: true,
    decorators: [decorator('BatchLoad', "'User'")],
    parameters: [{ name: 'ids', type: 'readonly string[]' }],
    returnType: 'Promise<PublicUserView[]>',
    statements: code(
      'return (await this.users.findMany(ids)).map((user) => toPublicUserView(user));',
    ),
  };
}
