import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/cli/errors.js';
import { parseMethods } from '../../src/resource/resource-access.js';
import {
  parseFields,
  resourceOptions,
  type ResourceContext,
  type ResourceInput,
} from '../../src/resource/resource-options.js';

const project: ResourceContext = {
  auth: true,
  resources: ['note'],
  modules: ['users', 'auth', 'common', 'config', 'notes'],
  endpoints: ['users', 'auth', 'notes'],
};

const options = (input: Partial<ResourceInput>, context = project) =>
  resourceOptions({ name: 'article', fields: 'title', ...input }, context);

/** The message and hint of the UserError that `run` throws. */
function refusal(run: () => unknown): { message: string; hint?: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UserError);
    const { message, hint } = error as UserError;
    return { message, hint };
  }
  throw new Error('expected a refusal');
}

describe('resourceOptions: names and endpoint', () => {
  it('derives every casing from any casing, and the plural endpoint', () => {
    for (const raw of ['blogPost', 'BlogPost', 'blog-post', 'blog_posts', 'BlogPosts']) {
      const result = options({ name: raw });
      expect(result.names).toMatchObject({
        kebab: 'blog-post',
        camel: 'blogPost',
        pascal: 'BlogPost',
        pluralKebab: 'blog-posts',
        pluralPascal: 'BlogPosts',
      });
      expect(result.endpoint).toBe('blog-posts');
    }
  });

  it('takes an endpoint with or without slashes', () => {
    expect(options({ endpoint: '/posts/' }).endpoint).toBe('posts');
    expect(options({ endpoint: 'blog/posts' }).endpoint).toBe('blog/posts');
  });

  it('refuses a bad endpoint or one served already, with the fix', () => {
    expect(refusal(() => options({ endpoint: '/Posts?x' }))).toEqual({
      message: '"/Posts?x" is not an endpoint path.',
      hint: 'Use lower-case words separated by "-" or "/", e.g. "/articles".',
    });
    expect(refusal(() => options({ endpoint: 'users' })).message).toBe(
      'The endpoint "/users" is served already.',
    );
  });

  it('refuses reserved words with a name to use instead', () => {
    expect(refusal(() => options({ name: 'class' }))).toEqual({
      message: '"class" is a reserved word in TypeScript and cannot name a resource.',
      hint: 'Choose another name, e.g. "class-item".',
    });
    expect(refusal(() => options({ name: 'Delete' })).message).toContain('"delete" is a reserved');
  });

  it('refuses names that are not identifiers', () => {
    expect(refusal(() => options({ name: '1st-post' })).message).toBe(
      '"1st-post" is not a resource name.',
    );
  });

  it('says an existing resource exists and that nothing changed', () => {
    expect(refusal(() => options({ name: 'Notes' }))).toEqual({
      message: 'The resource "note" exists already (restsmith.json).',
      hint: 'Nothing was changed. Choose another name, or pass --force to write its files again.',
    });
  });

  it('refuses a name whose folder is an existing module (users)', () => {
    expect(refusal(() => options({ name: 'user' }))).toEqual({
      message: '"user" collides with the module in users/.',
      hint: 'Choose another name, e.g. "user-entry".',
    });
  });
});

describe('resourceOptions: fields', () => {
  it('parses every type, optional and list fields', () => {
    const fields = parseFields(
      'title:string content:text published:boolean views?:number tags:string[] publishedAt:date',
    );
    expect(
      fields.map((field) => [field.names.camel, field.type, field.optional, field.array]),
    ).toEqual([
      ['title', 'string', false, false],
      ['content', 'text', false, false],
      ['published', 'boolean', false, false],
      ['views', 'number', true, false],
      ['tags', 'string', false, true],
      ['publishedAt', 'date', false, false],
    ]);
  });

  it('accepts commas, a missing type (string) and any casing of names', () => {
    const fields = parseFields('title, cover_image:string,Body:TEXT');
    expect(fields.map((field) => [field.names.camel, field.names.snake, field.type])).toEqual([
      ['title', 'title', 'string'],
      ['coverImage', 'cover_image', 'string'],
      ['body', 'body', 'text'],
    ]);
  });

  it('refuses unknown types, bad names, duplicates, built-in fields and no fields', () => {
    expect(refusal(() => parseFields('title:varchar'))).toEqual({
      message: '"varchar" (field "title") is not a field type.',
      hint: 'Use one of: string, text, number, boolean, date (add [] for a list, e.g. "tags:string[]"), or ref:<resource> for a reference.',
    });
    expect(refusal(() => parseFields('title:string:x')).message).toBe(
      '"title:string:x" is not a field.',
    );
    expect(refusal(() => parseFields('title title:text')).message).toBe(
      'The field "title" is named twice.',
    );
    expect(refusal(() => parseFields('createdAt:date')).message).toBe(
      '"createdAt" cannot be a field name: it is reserved or built in.',
    );
    expect(refusal(() => parseFields('__proto__:string')).message).toContain(
      'is not a valid field',
    );
    expect(refusal(() => parseFields('  ')).hint).toBe(
      'Name its fields, e.g. --fields "title:string content:text views?:number".',
    );
  });

  it('refuses a field that repeats the owner', () => {
    expect(refusal(() => options({ fields: 'title author', owner: 'author' }))).toEqual({
      message: 'The field "author" is named twice.',
      hint: 'The --owner field is added for you.',
    });
  });
});

describe('resourceOptions: methods and access', () => {
  it('defaults to every method, public, as yo rest:api did', () => {
    expect(options({}).methods).toEqual({
      create: 'public',
      list: 'public',
      read: 'public',
      update: 'public',
      delete: 'public',
    });
  });

  it('reads HTTP words and route kinds in any case', () => {
    expect(parseMethods('post, GET', '--methods')).toEqual(['create', 'list', 'read']);
    expect(parseMethods('get list,PATCH,delete', '--methods')).toEqual([
      'list',
      'update',
      'delete',
    ]);
    expect(parseMethods('read', '--methods')).toEqual(['read']);
  });

  it('gives each listed method its access level and leaves the rest public', () => {
    const result = options({
      methods: 'POST,GET,PUT',
      access: { master: 'POST', user: 'PUT', admin: 'get list' },
    });
    expect(result.methods).toEqual({
      create: 'master',
      list: 'admin',
      read: 'public',
      update: 'user',
    });
  });

  it('refuses a method in two lists, a method not generated and an unknown word', () => {
    expect(refusal(() => options({ access: { user: 'POST', admin: 'post' } }))).toEqual({
      message: 'POST is in both --user and --admin.',
      hint: 'Give each method one access level.',
    });
    expect(refusal(() => options({ methods: 'GET', access: { admin: 'DELETE' } }))).toEqual({
      message: '--admin names DELETE /:id, which --methods leaves out.',
      hint: 'Add it to --methods or remove it from --admin.',
    });
    expect(refusal(() => options({ access: { user: 'FETCH' } })).message).toBe(
      '--user: "FETCH" is not a method.',
    );
  });

  it('refuses user and admin access on a project without accounts', () => {
    const noAuth = { ...project, auth: false };
    expect(refusal(() => options({ access: { user: 'POST' } }, noAuth)).message).toBe(
      '--user needs user accounts, and this project has none (--no-auth).',
    );
    expect(options({ access: { master: 'POST' } }, noAuth).methods.create).toBe('master');
  });
});

describe('resourceOptions: owner', () => {
  it('makes create, update and delete signed-in by default', () => {
    const result = options({ owner: 'author', access: { admin: 'DELETE' } });
    expect(result.owner?.camel).toBe('author');
    expect(result.methods).toEqual({
      create: 'user',
      list: 'public',
      read: 'public',
      update: 'user',
      delete: 'admin',
    });
  });

  it('refuses an owner with a public create or update, or without POST', () => {
    expect(refusal(() => options({ owner: 'author', access: { public: 'POST' } }))).toEqual({
      message: 'With --owner, POST must be signed in (--user or --admin), not --public.',
      hint: 'Move POST to --user, or drop --owner.',
    });
    expect(refusal(() => options({ owner: 'author', access: { master: 'PUT' } })).message).toBe(
      'With --owner, PUT/PATCH /:id must be signed in (--user or --admin), not --master.',
    );
    expect(refusal(() => options({ owner: 'author', methods: 'GET' })).message).toBe(
      '--owner records who created an entry, so it needs the POST method.',
    );
    expect(refusal(() => options({ owner: 'author' }, { ...project, auth: false })).message).toBe(
      '--owner needs user accounts, and this project has none (--no-auth).',
    );
  });
});

describe('resourceOptions: --confirmed', () => {
  const confirming = { ...project, emailConfirmation: true };

  it("makes the named methods signed-in users' unless a list says admin, and records them", () => {
    const result = options({ confirmed: 'POST,DELETE', access: { admin: 'DELETE' } }, confirming);
    expect(result.methods).toMatchObject({ create: 'user', delete: 'admin', list: 'public' });
    expect(result.confirmed).toEqual(['create', 'delete']);
    expect(options({}, confirming)).not.toHaveProperty('confirmed');
  });

  it('refuses it without e-mail confirmation, on public or master methods, and on missing ones', () => {
    expect(refusal(() => options({ confirmed: 'POST' }))).toEqual({
      message:
        '--confirmed needs e-mail confirmation, and this project has none (restsmith.json "emailConfirmation").',
      hint: 'Drop --confirmed, or generate the project with rest new --email-confirmation.',
    });
    expect(
      refusal(() => options({ confirmed: 'PUT', access: { master: 'PUT' } }, confirming)),
    ).toEqual({
      message:
        '--confirmed names PUT/PATCH /:id, which is --master: only a signed-in user has an e-mail to confirm.',
      hint: 'Move PUT to --user or --admin, or remove it from --confirmed.',
    });
    expect(refusal(() => options({ methods: 'GET', confirmed: 'POST' }, confirming)).message).toBe(
      '--confirmed names POST, which --methods leaves out.',
    );
  });
});

describe('resourceOptions: --nested and --indexes', () => {
  const blog: ResourceContext = { ...project, resources: ['category', 'tag'] };
  const fields =
    'title views:number body:text labels:string[] category:ref:category tags:ref:tag[]';

  it('keeps --nested and the indexed fields, named as the fields are', () => {
    const result = options({ fields, nested: true, indexes: 'views, title' }, blog);
    expect(result.nested).toBe(true);
    expect(result.indexes).toEqual(['views', 'title']);
    expect(options({ fields }, blog)).not.toHaveProperty('nested');
    expect(options({ fields }, blog)).not.toHaveProperty('indexes');
  });

  it('refuses --nested without a list, without a reference, or with two references to one resource', () => {
    expect(refusal(() => options({ fields, nested: true, methods: 'POST' }, blog))).toEqual({
      message: '--nested lists entries as GET does, and this resource has no list.',
      hint: 'Add GET to --methods, or drop --nested.',
    });
    expect(refusal(() => options({ nested: true }, blog)).message).toBe(
      '--nested needs a reference field, and there is none.',
    );
    const twice = 'title category:ref:category series?:ref:category';
    expect(refusal(() => options({ fields: twice, nested: true }, blog))).toEqual({
      message:
        '--nested: "category" and "series" both refer to category, so its nested list would be either.',
      hint: 'Refer to category from one field only, or drop --nested.',
    });
  });

  it('refuses an index on a field the list does not filter by, naming it and the fields it may name', () => {
    const hint =
      'Name fields the list filters by: title, views; createdAt and references are indexed already.';
    expect(refusal(() => options({ fields, indexes: 'price' }, blog))).toEqual({
      message: '--indexes names "price", which is not a field of this resource.',
      hint,
    });
    expect(refusal(() => options({ fields, indexes: 'body' }, blog)).message).toBe(
      '--indexes names "body", which is a text field, which the list does not filter by.',
    );
    expect(refusal(() => options({ fields, indexes: 'labels' }, blog)).message).toBe(
      '--indexes names "labels", which is a list field, which the list does not filter by.',
    );
    expect(refusal(() => options({ fields, indexes: 'category' }, blog)).message).toBe(
      '--indexes names "category", which is a reference, whose column is indexed already.',
    );
  });
});
