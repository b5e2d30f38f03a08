// src/users/users.service.ts: user accounts in the project's database.
import { Scope } from '../../src/loader/ts-morph.js';
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/project/options.js';
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
  list: 'findPage(this.users, query, USER_LIST)',
  save: 'this.users.save(user)',
  remove: 'await this.users.remove(user);',
  countAdmins: "await this.users.countBy({ role: 'admin' })",
};

const MONGO = {
  injected: injected('users', 'Model<User>', [decorator('InjectModel', 'User.name')]),
  exists: '(await this.users.exists({ email })) !== null',
  insert: 'await this.users.create(user)',
  findById: 'this.users.findById(id).exec()',
  findByEmail: 'this.users.findOne({ email }).exec()',
  list: 'findPage(this.users, query, USER_LIST)',
  save: 'user.save()',
  // The user's entries (owners) and tokens go with the account, as the foreign keys do on SQL.
  remove: 'await deleteFollowingRules(this.users, [user._id]);',
  countAdmins: "await this.users.countDocuments({ role: 'admin' }).exec()",
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
            pkg('typeorm', 'QueryFailedError'),
            pkgTypes('typeorm', 'Repository'),
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
        properties: mongo
          ? []
          : [
              {
                name: 'byId',
                docs: ['findOneBy({ id }), built once: it runs on every signed-in request.'],
                type: '(id: string) => Promise<User | null>',
                scope: Scope.Private,
                isReadonly: true,
              },
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
            parameters: [
              { name: 'id', type: 'string' },
              { name: 'changes', type: 'UpdateUserDto' },
            ],
            returnType: `Promise<${record}>`,
            statements: code(
              'const user = await this.findOne(id);',
              'if (changes.name !== undefined) user.name = changes.name;',
              'if (changes.picture !== undefined) user.picture = changes.picture;',
              `return ${db.save};`,
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
              'await this.keepAnAdmin(user);',
              db.remove,
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
              "if (role !== 'admin') await this.keepAnAdmin(user);",
              'user.role = role;',
              `return ${db.save};`,
            ),
          },
          ...(options.emailConfirmation ? [confirmEmailMethod(record, db.save)] : []),
          {
            name: 'keepAnAdmin',
            isAsync: true,
            scope: Scope.Private,
            docs: [
              'Without an admin nobody could manage users any more: the last one is neither demoted nor',
              'deleted. (Two admins demoting each other at the same instant can both pass; rare, and',
              '`npm run create-admin` brings one back.)',
            ],
            parameters: [{ name: 'user', type: record }],
            returnType: 'Promise<void>',
            statements: code(
              `if (user.role === 'admin' && ${db.countAdmins} <= 1) {`,
              "  throw new ConflictException('This is the last admin: make another user admin first');",
              '}',
            ),
          },
          ...(password ? [verifyCredentialsMethod(options, record)] : []),
          ...socialMethods(options, record),
        ],
      }),
    ],
  );
}
