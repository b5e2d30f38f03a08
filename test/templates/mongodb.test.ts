// What MongoDB changes in generated projects, written out: the users module and schema, the $text search, indexes.
import dedent from 'dedent';
import { describe, expect, it } from 'vitest';
import { renderProject } from './render.js';

/** Lines without their indentation: a piece of a file, wherever it is nested. */
const unindented = (text: string | undefined) => (text ?? '').replace(/^ +/gm, '');

const sqlite = () => renderProject({ database: 'sqlite' });
const mongodb = () => renderProject({ database: 'mongodb' });

describe('templates on MongoDB', () => {
  it('users.module: the Mongoose schema registered for the users feature', async () => {
    expect((await mongodb()).text('src/users/users.module.ts')).toBe(dedent`
      import { Module } from '@nestjs/common';
      import { MongooseModule } from '@nestjs/mongoose';
      import { User, UserSchema } from './schemas/user.schema';
      import { UsersController } from './users.controller';
      import { UsersService } from './users.service';

      @Module({
        imports: [
          MongooseModule.forFeature([{ name: User.name, schema: UserSchema }]),
        ],
        controllers: [UsersController],
        providers: [UsersService],
        exports: [UsersService],
      })
      export class UsersModule {}\n`);
  });

  it('user.schema: on MongoDB, the text index that q searches, without a language', async () => {
    expect((await mongodb()).text('src/users/schemas/user.schema.ts')).toContain(dedent`
      UserSchema.index(
        { name: 'text', email: 'text' },
        {
          name: 'users_search',
          default_language: 'none',
          language_override: '_searchLanguage',
        },
      );\n`);
  });

  it('find-page: on MongoDB, q is a $text search of phrases beside the field filters, sorted as asked (issues 10.2, 14.4)', async () => {
    const text = (await mongodb()).text('src/common/find-page.ts');
    expect(text).not.toContain('$regex');
    expect(unindented(text)).toContain(
      unindented(dedent`
        // Each field filter a condition of its own: views.gte and views.lte on one field both hold.
        const conditions = query.filters.map(fieldFilter);
        const filter: Record<string, unknown> = {
          ...(search === undefined ? {} : { $text: { $search: search } }),
          ...(conditions.length === 0 ? {} : { $and: conditions }),
        };
        const sort: Record<string, SortOrder | { $meta: 'textScore' }> = {};
        // The order asked for; best matches first only when none is (\`sort=\` left empty) and no
        // cursor pages by the keys.
        if (search !== undefined && query.sort.length === 0 && after === undefined) {
          sort.score = { $meta: 'textScore' };
        }
        for (const key of query.sort) {
          sort[key.field === 'id' ? '_id' : key.field] = key.descending ? -1 : 1;
        }
        sort._id ??= 1;`),
    );
    expect(text).toContain(dedent`
      function textSearch(q: string): string {
        return q
          .split('"')
          .map((phrase) => phrase.trim())
          .filter((phrase) => phrase !== '')
          .map((phrase) => \`"\${phrase}"\`)
          .join(' ');
      }\n`);
  });

  it('database.module: on MongoDB, indexes are built in production too, before the server listens', async () => {
    const text = (await mongodb()).text('src/database/database.module.ts');
    expect(text).toContain('        autoIndex: true,\n');
    expect(text).toContain(dedent`
      export class DatabaseModule implements OnApplicationBootstrap {
        constructor(@InjectConnection() private readonly connection: Connection) {}
    `);
    expect(unindented(text)).toContain(
      unindented(dedent`
        async onApplicationBootstrap(): Promise<void> {
          await Promise.all(
            this.connection
              .modelNames()
              .map((name: string) => this.connection.model(name).init()),
          );
        }`),
    );
  });

  it('q on MongoDB: the README and the OpenAPI description say it matches words, not substrings', async () => {
    const mongo = await mongodb();
    const sql = await sqlite();
    expect(mongo.text('README.md')).toContain(
      'Unlike the substring search of the SQL databases, it matches words, not parts of words: `q=lovelace` finds `Ada Lovelace`, `q=love` does not.',
    );
    expect(sql.text('README.md')).not.toContain('whole words');
    expect(mongo.text('src/common/api-docs.ts')).toContain(
      "'Search text, matched against the words of a MongoDB text index, not as a substring: lovelace finds Ada Lovelace, love does not;",
    );
    expect(sql.text('src/common/api-docs.ts')).toContain(
      "'Search text: entries whose searched fields contain it, ignoring case (Unicode); 3 to 100 characters, else 400',",
    );
  });

  it('MongoDB projects unit-test the search filter and the text index, needing no server', async () => {
    const mongo = await mongodb();
    expect(mongo.text('src/common/find-page.spec.ts')).toContain(
      'expect(asked.filter).toEqual({ $text: { $search: \'"Ada Lovelace"\' } });',
    );
    expect(unindented(mongo.text('src/users/schemas/user.schema.spec.ts'))).toContain(
      unindented(dedent`
        expect(UserSchema.indexes()).toContainEqual([
          { name: 'text', email: 'text' },
          expect.objectContaining({
            name: 'users_search',
            default_language: 'none',
          }),
        ]);`),
    );
    const paths = (await sqlite()).files.map((file) => file.path);
    expect(paths).not.toContain('src/common/find-page.spec.ts');
  });
});
