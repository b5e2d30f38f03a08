// In-process companion of bench/api-server: CPU per call of the generated project's findPage (one statement,
// built once per shape of query) against TypeORM's getManyAndCount of the same list query (what findPage
// ran before), on one SQLite database in memory with the bench's users. Interleaved rounds, best of each.
// Run from the generated project (after run.ts has built it): cd .tmp/bench-api-server/bench-api &&
// node ../../../bench/api-server/find-page.mjs
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
require('reflect-metadata');
const { DataSource } = require('typeorm');
const dist = (path) => require(join(process.cwd(), 'dist', path));
const { databaseOptions } = dist('database/database-options.js');
const { User } = dist('users/entities/user.entity.js');
const { findPage } = dist('common/find-page.js');
const { parseListQuery } = dist('common/list-query.js');
const { USER_LIST } = dist('users/user.view.js');

/** The list query as getManyAndCount runs it: two statements built per call, entities hydrated by TypeORM. */
async function getManyAndCount(repository, query) {
  const builder = repository.createQueryBuilder('item');
  const search = `"${repository.metadata.tableName}_search"`;
  builder.where(`item.rowid IN (SELECT rowid FROM ${search} WHERE ${search} MATCH :phrase)`, {
    phrase: `"${query.q}"`,
  });
  for (const key of query.sort) {
    builder.addOrderBy(`item.${key.field}`, key.descending ? 'DESC' : 'ASC');
  }
  builder.addOrderBy('item.id', 'ASC');
  const [items, total] = await builder
    .skip((query.page - 1) * query.limit)
    .take(query.limit)
    .getManyAndCount();
  return { items, total, page: query.page, limit: query.limit };
}

/** Best CPU time per call, in µs, over `rounds` rounds of `calls` calls. */
async function cpuPerCall(run, rounds = 3, calls = 300) {
  let best = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    for (let call = 0; call < 50; call += 1) await run();
    const start = process.cpuUsage();
    for (let call = 0; call < calls; call += 1) await run();
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / calls);
  }
  return best;
}

const source = new DataSource({
  ...databaseOptions(':memory:'),
  entities: [User],
  migrationsRun: true,
});
await source.initialize();
const users = source.getRepository(User);
for (let index = 0; index <= 200; index += 1) {
  const name = index === 0 ? 'admin' : `user${index}`;
  await users.save(
    users.create({
      email: `${name}@bench.test`,
      name,
      picture: 'https://example.com/p',
      password: 'x',
    }),
  );
}
const query = parseListQuery({ q: 'user', page: '2', limit: '10', sort: '-createdAt' }, USER_LIST);
const [before, after] = [
  await getManyAndCount(users, query),
  await findPage(users, query, USER_LIST),
];
if (JSON.stringify(before) !== JSON.stringify(after))
  throw new Error('findPage answers another page');
// Interleaved, so that a busy moment of a shared machine weighs on both alike.
const times = { getManyAndCount: Infinity, findPage: Infinity };
for (let pass = 0; pass < 3; pass += 1) {
  const old = await cpuPerCall(() => getManyAndCount(users, query));
  times.getManyAndCount = Math.min(times.getManyAndCount, old);
  times.findPage = Math.min(
    times.findPage,
    await cpuPerCall(() => findPage(users, query, USER_LIST)),
  );
}
console.log(
  `GET /users?q=user&page=2&limit=10&sort=-createdAt, 201 users, CPU per call (best of 9 rounds of 300):`,
);
console.log(`  getManyAndCount: ${times.getManyAndCount.toFixed(0)} µs`);
console.log(`  findPage:        ${times.findPage.toFixed(0)} µs`);
await source.destroy();
