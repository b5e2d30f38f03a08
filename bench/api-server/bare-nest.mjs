// Second baseline for bench/api-server: a bare NestJS app (the generated project's own @nestjs packages,
// no database, no guards, no pipes) answering the same public user view at GET /users/:id, on Express,
// or on Fastify with `--http=fastify`. What a generated project answers beyond this is the cost of its
// own code and its database.
// Run with a generated project as the working directory, so that its node_modules resolve.
import { serveBare } from './bare-app.mjs';

const view = {
  name: 'user199',
  picture: 'https://gravatar.com/avatar/0c83f57c786a0b4a39efab23731c7ebc?d=identicon',
};

await serveBare('bare nest', (id) => ({ id, ...view }), 9303);
