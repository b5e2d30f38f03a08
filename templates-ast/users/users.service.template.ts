// src/users/users.service.ts: user accounts in the project's database.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { pkg, pkgTypes, use } from '../_shared/pieces.js';
import { classOf, code, decorator, injected, tsFile } from '../_shared/ts.js';
import { userModelPath, userRecordType } from './user.entity.template.js';
import { FIND_BY_ID } from '../database/find-by-id.template.js';
import { confirmEmailMethod } from '../email-confirmations/email-confirmations.service.template.js';
import { socialImports, socialMethods } from './users.social.js';
import { setPasswordMethod, verifyCredentialsMethod } from './users.password.js';
import { createMethod, signUpFunctions } from './users.sign-up.js';

const SQL = {
  injected: injected('users', 'Repository<User>', [decorator('InjectRepository', 'User')]),
  exists: 'await this.users.existsBy({ email })',
  insert: 'await this.users.save(this.users.create(user))',
  findById: 'this.byId(id)',
  findByEmail: 'this.users.findOneBy({ email })',
  findMany: 'this.users.findBy({ id: In([...ids]) })',
  list: 'findPage(this.users, query, USER_LIST)',
  save: 'this.users.save(user)',
  removeChange: '(users) => users.remove(user)',
  demoteChange: '(users) => users.update({ id: user.id }, { role })',
};

const MONGO = {
  injected: injected('users', 'Model<User>', [decorator('InjectModel', 'User.name')]),
  exists: '(await this.users.exists({ email })) !== null',
  insert: 'await this.users.create(user)',
  findById: 'this.users.findById(id).exec()',
  findByEmail: 'this.users.findOne({ email }).exec()',
  findMany: 'this.users.find({ _id: { $in: ids } }).exec()',
  list: 'findPage(this.users, query, USER_LIST)',
  save: 'user.save()',
  // The user's entries (owners) and tokens go with the account, as the foreign keys do on SQL.
  removeChange: '() => deleteFollowingRules(this.users, [user._id])',
  demoteChange: '(users) => users.updateOne({ _id: user._id }, { role }).exec()',
};

export function usersServiceTemplate(options: ProjectOptions): TypeScriptFile {
  const mongo = options.database === 'mongodb';
  const db = mongo ? MONGO : SQL;
  const record = userRecordType(options);
  const password = hasPassword(options);
  return tsFile(
    'src/users/users.service.ts',
    [
      pkg('node:crypto', 'createHash'),
      pkg('@nestjs/common', 'ConflictException', 'Injectable', 'NotFoundException'),
      ...(mongo
        ? [
            pkg('@nestjs/mongoose', 'InjectModel'),
            pkgTypes('mongoose', 'Model'),
            use('deleteRules', 'deleteFollowingRules'),
          ]
        : [
            pkg('@nestjs/typeorm', 'InjectRepository'),
            pkg('typeorm', ...(options.graphql ? ['In'] : []), 'QueryFailedError'),
            pkgTypes(
              'typeorm',
              ...(options.database === 'sqlite' ? [] : ['EntityManager']),
              'Repository',
            ),
            { from: FIND_BY_ID, named: ['findByIdQuery'] },
          ]),
      {
        from: userModelPath(options),
        named: ['User'],
        types: mongo ? ['Role', 'UserDocument'] : ['Role'],
      },
      { from: 'src/users/dto/create-user.dto.ts', types: ['CreateUserDto'] },
      { from: 'src/users/dto/update-user.dto.ts', types: ['UpdateUserDto'] },
      ...(password
        ? [{ from: 'src/users/password.ts', named: ['hashPassword', 'verifyPassword'] }]
        : []),
      { from: 'src/users/user.view.ts', named: ['USER_LIST'] },
      use('findPage', 'findPage'),
      use('listQuery', 'ListQuery'),
      use('paging', 'Page'),
      ...socialImports(options),
    ],
    [
      ...signUpFunctions(options),
      classOf({
        name: 'UsersService',
        decorators: [decorator('Injectable')],
        properties: [
          ...(mongo
            ? []
            : [
                {
                  name: 'byId',
                  docs: ['findOneBy({ id }), built once: it runs on every signed-in request.'],
                  type: '(id: string) => Promise<User | null>',
                  scope: Scope.Private,
                  isReadonly: true,
                },
              ]),
          ...(options.database === 'sqlite' || mongo
            ? [
                {
                  name: 'adminChanges',
                  docs: [
                    'The last demotion or deletion of an admin, which the next one waits for.',
                  ],
                  type: 'Promise<void>',
                  scope: Scope.Private,
                  initializer: 'Promise.resolve()',
                },
              ]
            : []),
        ],
        ctors: [
          {
            parameters: [db.injected],
            statements: mongo ? undefined : code('this.byId = findByIdQuery(users);'),
          },
        ],
        methods: [
          createMethod(options, record, db),
          {
            name: 'findById',
            parameters: [{ name: 'id', type: 'string' }],
            returnType: `Promise<${record} | null>`,
            statements: code(`return ${db.findById};`),
          },
          ...(options.graphql
            ? [
                {
                  name: 'findMany',
                  docs: ['The users with these ids, in one query (GraphQL loads references so).'],
                  parameters: [{ name: 'ids', type: 'readonly string[]' }],
                  returnType: `Promise<${record}[]>`,
                  statements: code(`return ${db.findMany};`),
                },
              ]
            : []),
          {
            name: 'findByEmail',
            docs: ['The user with this e-mail (trimmed, lower-cased), or null.'],
            parameters: [{ name: 'email', type: 'string' }],
            returnType: `Promise<${record} | null>`,
            statements: code(
              `return ${db.findByEmail.replace('{ email }', '{ email: email.trim().toLowerCase() }')};`,
            ),
          },
          {
            name: 'findOne',
            isAsync: true,
            docs: ['A 404 when there is no such user.'],
            parameters: [{ name: 'id', type: 'string' }],
            returnType: `Promise<${record}>`,
            statements: code(
              'const user = await this.findById(id);',
              "if (!user) throw new NotFoundException(`there is no user with id '${id}'`);",
              'return user;',
            ),
          },
          {
            name: 'list',
            parameters: [{ name: 'query', type: 'ListQuery' }],
            returnType: `Promise<Page<${record}>>`,
            statements: code(`return ${db.list};`),
          },
          {
            name: 'update',
            isAsync: true,
            docs: [
              'PATCH: what is sent changes, the rest stays; `null` puts a field back to its default',
              "(the name to the part of the e-mail before @, the picture to the e-mail's Gravatar).",
            ],
            parameters: [
              { name: 'id', type: 'string' },
              { name: 'changes', type: 'UpdateUserDto' },
            ],
            returnType: `Promise<${record}>`,
            statements: code(
              'const user = await this.findOne(id);',
              "if (changes.name !== undefined) user.name = changes.name ?? user.email.split('@')[0];",
              'if (changes.picture !== undefined) user.picture = changes.picture ?? gravatarUrl(user.email);',
              `return ${db.save};`,
            ),
          },
          {
            name: 'replace',
            docs: ['PUT: the profile as sent; a field left out takes its default, as at sign-up.'],
            parameters: [
              { name: 'id', type: 'string' },
              { name: 'profile', type: 'UpdateUserDto' },
            ],
            returnType: `Promise<${record}>`,
            statements: code(
              'return this.update(id, { name: profile.name ?? null, picture: profile.picture ?? null });',
            ),
          },
          ...(password ? [setPasswordMethod(record, db.save)] : []),
          {
            name: 'remove',
            isAsync: true,
            parameters: [{ name: 'id', type: 'string' }],
            returnType: 'Promise<void>',
            statements: code(
              'const user = await this.findOne(id);',
              `await this.keepingAnAdmin(user, ${db.removeChange});`,
            ),
          },
          {
            name: 'setRole',
            isAsync: true,
            docs: [
              'PUT /users/:id/role and `npm run create-admin`: the last admin stays one (409).',
            ],
            parameters: [
              { name: 'id', type: 'string' },
              { name: 'role', type: 'Role' },
            ],
            returnType: `Promise<${record}>`,
            statements: code(
              'const user = await this.findOne(id);',
              "if (role === 'admin') {",
              '  user.role = role;',
              `  return ${db.save};`,
              '}',
              `await this.keepingAnAdmin(user, ${db.demoteChange});`,
              'return this.findOne(id);',
            ),
          },
          ...(options.emailConfirmation ? [confirmEmailMethod(record, db.save)] : []),
          keepingAnAdminMethod(options, record),
          ...(password ? [verifyCredentialsMethod(options, record)] : []),
          ...socialMethods(options, record),
        ],
      }),
    ],
  );
}

/**
 * Runs a demotion or deletion of `user` unless it would leave no admin (409). On PostgreSQL and MySQL the
 * admins' rows are locked until it commits, so two admins demoting each other at once, on one instance or
 * two, take turns and the second finds itself the last; SQLite (one connection) and MongoDB take such
 * changes one at a time in the process.
 */
function keepingAnAdminMethod(options: ProjectOptions, record: string) {
  const store = options.database === 'mongodb' ? 'Model<User>' : 'Repository<User>';
  const conflict = [
    "  throw new ConflictException('This is the last admin: make another user admin first');",
  ];
  const locking = options.database === 'postgres' || options.database === 'mysql';
  return {
    name: 'keepingAnAdmin',
    isAsync: true,
    scope: Scope.Private,
    docs: [
      'Without an admin nobody could manage users any more: the last one is neither demoted nor',
      locking
        ? 'deleted. The admins stay locked until `change` commits: two admins demoting each other at once'
        : 'deleted. Such changes take turns in this process: two admins demoting each other at once',
      'cannot both pass.',
    ],
    parameters: [
      { name: 'user', type: record },
      { name: 'change', type: `(users: ${store}) => Promise<unknown>` },
    ],
    returnType: 'Promise<void>',
    statements: locking
      ? code(
          "if (user.role !== 'admin') {",
          '  await change(this.users);',
          '  return;',
          '}',
          'await this.users.manager.transaction(async (manager: EntityManager) => {',
          '  const users = manager.getRepository(User);',
          "  const admins = await users.find({ select: { id: true }, where: { role: 'admin' }, lock: { mode: 'pessimistic_write' } });",
          '  if (admins.length <= 1 && admins.some((admin: { id: string }) => admin.id === user.id)) {',
          ...conflict.map((line) => `  ${line}`),
          '  }',
          '  await change(users);',
          '});',
        )
      : code(
          'const turn = this.adminChanges.then(async () => {',
          options.database === 'mongodb'
            ? "  const admins = await this.users.find({ role: 'admin' }, { _id: 1 }).exec();"
            : "  const admins = await this.users.find({ select: { id: true }, where: { role: 'admin' } });",
          '  if (admins.length <= 1 && admins.some((admin: { id: string }) => admin.id === user.id)) {',
          ...conflict.map((line) => `  ${line}`),
          '  }',
          '  await change(this.users);',
          '});',
          '// The next change waits for this one, whether it passed or not.',
          'this.adminChanges = turn.catch(() => undefined);',
          'await turn;',
        ),
  };
}
