// Run in a generated SQL project (cwd): its migrations, TypeORM's drift check, and the rows the matrix keeps.
// Reads the project's data source as transpiled into .matrix-build/ (test/matrix/fast-build.ts), so no
// full `tsc` build is needed per step. Prints one JSON line.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(process.cwd(), 'package.json'));
const dataSource = require(join(process.cwd(), '.matrix-build/database/data-source.js')).default;

/**
 * `migration:run`, then what `migration:generate --check` asks TypeORM: the statements that would make
 * the database match the entities (none when the migrations made what the entities describe).
 */
async function migrate() {
  const executed = await dataSource.runMigrations({ transaction: 'each' });
  const log = await dataSource.driver.createSchemaBuilder().log();
  return {
    executed: executed.map((migration) => migration.name),
    drift: log.upQueries.map((query) => query.query),
  };
}

/** An article (with its author when owned), a tag, and a comment referring to both as the row allows. */
async function insert({ owned, reference, tags }) {
  const repository = (name) => dataSource.getRepository(name);
  const author = owned
    ? await repository('User').save({
        email: `kept-${Date.now()}@example.com`,
        name: 'kept',
        picture: '',
        password: 'not a hash: never signs in',
        emailConfirmed: true,
      })
    : undefined;
  const article = await repository('Article').save({
    title: 'kept',
    price: 42,
    body: 'kept body',
    ...(author ? { author: { id: author.id } } : {}),
  });
  const tag = tags ? await repository('Tag').save({ label: 'kept' }) : undefined;
  const comment = await repository('Comment').save({
    body: 'kept comment',
    ...(reference ? { articleId: article.id } : {}),
    ...(tag ? { tags: [{ id: tag.id }] } : {}),
  });
  return { article: article.id, comment: comment.id };
}

/** The kept rows as the database has them now. */
async function read({ article, comment }) {
  return {
    article: await dataSource.getRepository('Article').findOneBy({ id: article }),
    comment: await dataSource.getRepository('Comment').findOneBy({ id: comment }),
  };
}

const commands = { migrate, insert, read };
const [command, argument] = process.argv.slice(2);
await dataSource.initialize();
try {
  const result = await commands[command](argument ? JSON.parse(argument) : {});
  console.log(JSON.stringify(result));
} finally {
  await dataSource.destroy();
}
