// The bare NestJS apps of bench/api-server (bare-nest.mjs, bare-row-nest.mjs): one controller whose
// GET /users/:id answers what `find(id)` gives, in a module of its own, on Express or on Fastify with
// `--http=fastify`, no logger, listening on PORT. The generated project's own @nestjs packages: run
// with a generated project as the working directory, so that its node_modules resolve.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const require = createRequire(join(process.cwd(), 'package.json'));
export const load = (name) => import(pathToFileURL(require.resolve(name)).href);

/** Serves `find` at GET /users/:id; `name` names the app in its listening line. */
export async function serveBare(name, find, defaultPort) {
  await load('reflect-metadata');
  const { NestFactory } = await load('@nestjs/core');
  const { Controller, Get, Module, Param } = await load('@nestjs/common');
  // The decorators applied by hand: these files run as plain JavaScript.
  class UsersController {
    find(id) {
      return find(id);
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
  const port = Number(process.env.PORT ?? defaultPort);
  const app = adapter
    ? await NestFactory.create(AppModule, adapter, { logger: false })
    : await NestFactory.create(AppModule, { logger: false });
  await app.listen(port, '127.0.0.1');
  console.log(`${name} (${http}) listening on ${port}`);
}
