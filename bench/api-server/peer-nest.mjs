// Third baseline for bench/api-server, the peer: GET /users/:id and the admin list written the way the
// NestJS documentation (its TypeORM chapter, pipes) and `nest g resource` lead a team to write them. A
// controller, a service over TypeORM's Repository (`findOneBy` for the read; `findAndCount` with
// `Like`/`ILike`, `order`, `skip`/`take` for the list), query values through DefaultValuePipe and
// ParseIntPipe, no guards, no validation of the rest, no limits, no logging. It reads the rows of a
// generated project: its SQLite file (DATABASE_PATH) or PostgreSQL database (DATABASE_URL), on Express,
// or on Fastify with `--http=fastify`; it answers the JSON the generated project answers.
// Run with a generated project as the working directory, so that its node_modules resolve.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(join(process.cwd(), 'package.json'));
const load = (name) => import(pathToFileURL(require.resolve(name)).href);
await load('reflect-metadata');
const { NestFactory } = await load('@nestjs/core');
const common = await load('@nestjs/common');
const { TypeOrmModule, getRepositoryToken } = await load('@nestjs/typeorm');
const { EntitySchema, ILike, Like } = require('typeorm');

// src/users/entities/user.entity.ts, as a schema: this file runs as plain JavaScript.
const User = new EntitySchema({
  name: 'User',
  tableName: 'users',
  columns: {
    id: { type: String, primary: true, generated: 'uuid' },
    email: { type: String, unique: true },
    name: { type: String },
    picture: { type: String },
    password: { type: String },
    role: { type: String, default: 'user' },
    tokenVersion: { type: Number, default: 0 },
    createdAt: { createDate: true },
    updatedAt: { updateDate: true },
  },
});

const postgres = Boolean(process.env.DATABASE_URL);
// SQLite's LIKE ignores the case of ASCII letters already; PostgreSQL's does not.
const contains = (text) => (postgres ? ILike : Like)(`%${text}%`);
/** What the generated project's list answers of a user (its UserView). */
const LISTED = { id: true, name: true, picture: true, email: true, createdAt: true };

class UsersService {
  constructor(users) {
    this.users = users;
  }

  async findOne(id) {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new common.NotFoundException(`User ${id} not found`);
    return user;
  }

  findAll({ q, page, limit, sort }) {
    const field = sort.replace(/^-/, '');
    return this.users.findAndCount({
      select: LISTED,
      where: q ? [{ name: contains(q) }, { email: contains(q) }] : {},
      order: { [field in LISTED ? field : 'createdAt']: sort.startsWith('-') ? 'DESC' : 'ASC' },
      skip: (page - 1) * limit,
      take: limit,
    });
  }
}
common.Injectable()(UsersService);
common.Inject(getRepositoryToken(User))(UsersService, undefined, 0);

class UsersController {
  constructor(usersService) {
    this.usersService = usersService;
  }

  async findAll(q, page, limit, sort, response) {
    const [users, total] = await this.usersService.findAll({ q, page, limit, sort });
    response.header('X-Total-Count', String(total));
    return users;
  }

  async findOne(id) {
    const { name, picture } = await this.usersService.findOne(id);
    return { id, name, picture };
  }
}
common.Inject(UsersService)(UsersController, undefined, 0);
common.Controller('users')(UsersController);
const route = (method, path, name, ...parameters) => {
  const prototype = UsersController.prototype;
  parameters.forEach((decorator, index) => decorator(prototype, name, index));
  common[method](path)(prototype, name, Object.getOwnPropertyDescriptor(prototype, name));
};
const { DefaultValuePipe, ParseIntPipe, Query } = common;
route(
  'Get',
  '',
  'findAll',
  Query('q'),
  Query('page', new DefaultValuePipe(1), ParseIntPipe),
  Query('limit', new DefaultValuePipe(10), ParseIntPipe),
  Query('sort', new DefaultValuePipe('-createdAt')),
  common.Res({ passthrough: true }),
);
route('Get', ':id', 'findOne', common.Param('id'));

class AppModule {}
common.Module({
  imports: [
    TypeOrmModule.forRoot({
      ...(postgres
        ? { type: 'postgres', url: process.env.DATABASE_URL }
        : { type: 'better-sqlite3', database: process.env.DATABASE_PATH }),
      entities: [User],
    }),
    TypeOrmModule.forFeature([User]),
  ],
  controllers: [UsersController],
  providers: [UsersService],
})(AppModule);

const http = process.argv.find((arg) => arg.startsWith('--http='))?.slice(7) ?? 'express';
const adapter =
  http === 'fastify' ? new (await load('@nestjs/platform-fastify')).FastifyAdapter() : undefined;
const port = Number(process.env.PORT ?? 9360);
const app = adapter
  ? await NestFactory.create(AppModule, adapter, { logger: false })
  : await NestFactory.create(AppModule, { logger: false });
await app.listen(port, '127.0.0.1');
console.log(`peer nest (${http}) listening on ${port}`);
