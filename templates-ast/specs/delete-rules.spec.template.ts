// src/database/delete-rules.spec.ts (MongoDB): the delete rules read from real schemas, and the queries a
// delete sends, recorded by stand-ins for the query methods: it needs no MongoDB server.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { pkg, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';
import { REFERRED_MESSAGE } from '../database/delete-rules.template.js';

export function deleteRulesSpecTemplate(): TypeScriptFile {
  return tsFile(
    'src/database/delete-rules.spec.ts',
    [
      pkg('mongoose', 'createConnection', 'Schema', 'Types'),
      use('deleteRules', 'deleteFollowingRules', 'referrersOf'),
    ],
    [
      block(String.raw`
/** A graph of models on a connection that never connects, declared as the generated schemas are. */
function graph() {
  const connection = createConnection();
  const ref = (model: string, onDelete?: string) => ({ type: Types.ObjectId, ref: model, onDelete });
  const models = {
    User: connection.model('User', new Schema({ email: String })),
    Category: connection.model('Category', new Schema({ name: String })),
    Tag: connection.model('Tag', new Schema({ name: String })),
    Article: connection.model(
      'Article',
      new Schema({
        author: { type: Types.ObjectId, ref: 'User' },
        category: ref('Category', 'restrict'),
        series: ref('Category', 'set null'),
        tags: { type: [{ type: Types.ObjectId, ref: 'Tag' }], default: [] },
      }),
    ),
    Comment: connection.model('Comment', new Schema({ article: ref('Article', 'cascade') })),
  };
  return { connection, models };
}

type Call = [model: string, operation: string, ...args: unknown[]];

/**
 * Stand-ins for the queries of every model (no server here): each call is recorded; exists finds
 * what "referred" names, distinct answers the ids in "cascaded".
 */
function recordQueries(
  models: Record<string, object>,
  referred: string[] = [],
  cascaded: Record<string, unknown[]> = {},
): Call[] {
  const calls: Call[] = [];
  for (const [name, model] of Object.entries(models)) {
    const answer =
      (operation: string, value: (...args: unknown[]) => unknown) =>
      (...args: unknown[]) => {
        calls.push([name, operation, ...args]);
        return Promise.resolve(value(...args));
      };
    // A fresh graph per test: replacing its models' methods touches no other test.
    Object.assign(model, {
      exists: answer('exists', () => (referred.includes(name) ? { _id: 1 } : null)),
      distinct: answer('distinct', () => cascaded[name] ?? []),
      updateMany: answer('updateMany', () => ({})),
      deleteMany: answer('deleteMany', () => ({})),
    });
  }
  return calls;
}

describe('delete rules on MongoDB (queries recorded by stand-ins: no server needed)', () => {
  let world: ReturnType<typeof graph>;
  beforeEach(() => (world = graph()));
  afterEach(() => world.connection.close());

  it("reads each reference's rule from its schema; an owner, which names none, is a cascade", () => {
    const rules = (model: string) =>
      referrersOf(world.connection.models, model).map(({ model, path, rule }) => [model.modelName, path, rule]);
    expect(rules('Category')).toEqual([
      ['Article', 'category', 'restrict'],
      ['Article', 'series', 'set null'],
    ]);
    expect(rules('User')).toEqual([['Article', 'author', 'cascade']]);
    expect(rules('Tag')).toEqual([['Article', 'tags', 'pull']]);
    expect(rules('Comment')).toEqual([]);
  });

  it('refuses with 409 while a restrict reference names the entry, and changes nothing', async () => {
    const calls = recordQueries(world.connection.models, ['Article']);
    const id = new Types.ObjectId();
    await expect(deleteFollowingRules(world.models.Category, [id])).rejects.toMatchObject({
      status: 409,
      message: '${REFERRED_MESSAGE}',
    });
    expect(calls.filter(([, operation]) => operation !== 'exists')).toEqual([]);
  });

  it('empties the set-null references, then deletes', async () => {
    const calls = recordQueries(world.connection.models);
    const id = new Types.ObjectId();
    await deleteFollowingRules(world.models.Category, [id]);
    expect(calls).toEqual([
      ['Article', 'exists', { category: { $in: [id] } }],
      ['Article', 'updateMany', { series: { $in: [id] } }, { $set: { series: null } }],
      ['Category', 'deleteMany', { _id: { $in: [id] } }],
    ]);
  });

  it("deletes a user's entries with the account, and what cascades from them, one query per level", async () => {
    const user = new Types.ObjectId();
    const articles = [new Types.ObjectId(), new Types.ObjectId()];
    const calls = recordQueries(world.connection.models, [], { Article: articles });
    await deleteFollowingRules(world.models.User, [user]);
    expect(calls).toEqual([
      ['Article', 'distinct', '_id', { author: { $in: [user] } }],
      ['Comment', 'distinct', '_id', { article: { $in: articles } }],
      ['Article', 'deleteMany', { _id: { $in: articles } }],
      ['User', 'deleteMany', { _id: { $in: [user] } }],
    ]);
  });

  it('takes a deleted tag out of every list that holds it', async () => {
    const calls = recordQueries(world.connection.models);
    const tag = new Types.ObjectId();
    await deleteFollowingRules(world.models.Tag, [tag]);
    expect(calls).toEqual([
      ['Article', 'updateMany', { tags: { $in: [tag] } }, { $pull: { tags: { $in: [tag] } } }],
      ['Tag', 'deleteMany', { _id: { $in: [tag] } }],
    ]);
  });
});
`),
    ],
  );
}
