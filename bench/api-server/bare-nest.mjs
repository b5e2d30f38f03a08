// Second baseline for bench/api-server: a bare NestJS app (the generated project's own @nestjs packages,
// no database, no guards, no pipes) answering the same public user view at GET /users/:id, on Express,
// or on Fastify with `--http=fastify`. What a generated project answers beyond this is the cost of its
// own code and its database.
// Run with a generated project as the working directory, so that its node_modules resolve.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(join(process.cwd(), 'package.json'));
const load = (name) => import(pathToFileURL(require.resolve(name)).href);
await load('reflect-metadata');
const { NestFactory } = await load('@nestjs/core');
const { Controller, Get, Module, Param } = await load('@nestjs/common');

const view = {
  name: 'user199',
  picture: 'https://gravatar.com/avatar/0c83f57c786a0b4a39efab23731c7ebc?d=identicon',
};

// The decorators applied by hand: this file runs as plain JavaScript.
class UsersController {
  find(id) {
    return { id, ...view };
  }
}
Controller('users')(UsersController);
Param('id')(UsersController.prototype, 'find', 0);
Get(':id')(
  UsersController.prototype,
  'find',
  Object.getOwnPropertyDescriptor(UsersController.prototype, 'find'),
);
class AppModule {}
Module({ controllers: [UsersController] })(AppModule);

const http = process.argv.find((arg) => arg.startsWith('--http='))?.slice(7) ?? 'express';
const adapter =
  http === 'fastify' ? new (await load('@nestjs/platform-fastify')).FastifyAdapter() : undefined;
const port = Number(process.env.PORT ?? 9303);
const app = adapter
  ? await NestFactory.create(AppModule, adapter, { logger: false })
  : await NestFactory.create(AppModule, { logger: false });
await app.listen(port, '127.0.0.1');
console.log(`bare nest (${http}) listening on ${port}`);
