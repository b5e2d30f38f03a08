// A fourth baseline for bench/api-server, for the read only: a bare NestJS app (as bare-nest.mjs: the
// generated project's own @nestjs packages, no guards, no pipes, no logging) whose GET /users/:id reads
// the row, through the database's own driver with no ORM: one prepared statement of better-sqlite3 on
// the project's SQLite file (DATABASE_PATH), or one named statement of a node-postgres pool
// (DATABASE_URL); 404 when there is none. It is the least a NestJS app that reads the row can cost, for
// a goal that asks the generated read to be a share of a bare app (issue 30 asks 0.7x of one that
// answers from memory, which no app reading a database can meet). On Express, or on Fastify with
// `--http=fastify`. Run with a generated project as the working directory, so that its node_modules
// resolve; bench/api-server/ab.mjs starts it with `--b=<this file>`.
import { load, require, serveBare } from './bare-app.mjs';

const { NotFoundException } = await load('@nestjs/common');
const SQL = 'SELECT id, name, picture FROM users WHERE id = ';
let read;
if (process.env.DATABASE_URL) {
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const statement = { name: 'user-by-id', text: `${SQL}$1` };
  read = async (id) => (await pool.query({ ...statement, values: [id] })).rows[0];
} else {
  const Database = require('better-sqlite3');
  const database = new Database(process.env.DATABASE_PATH, { readonly: true });
  const statement = database.prepare(`${SQL}?`);
  read = async (id) => statement.get(id);
}

await serveBare(
  'bare nest reading the row',
  async (id) => {
    const user = await read(id);
    if (user === undefined) throw new NotFoundException(`User ${id} not found`);
    return user;
  },
  9304,
);
