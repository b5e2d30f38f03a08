// The `--fields` parser: reference fields, their delete rules, and the refusals that name the fix.
import { describe, expect, it } from 'vitest';
import { parseFieldList, referenceText } from '../../src/model/field-parser.js';
import { resourceFromRecord, resourceRecord } from '../../src/model/project-config.js';
import { resourceOptions, type ResourceContext } from '../../src/resource/resource-options.js';
import { refusal } from './resource-options-context.js';

const context: ResourceContext = {
  auth: true,
  resources: ['category', 'tag'],
  modules: ['users', 'auth', 'common', 'categories', 'tags'],
  endpoints: ['users', 'auth', 'categories', 'tags'],
  migrationTimestamp: 1_700_000_000_002,
};

const article = (fields: string, cascade?: string, given = context) =>
  resourceOptions({ name: 'article', fields, ...(cascade ? { cascade } : {}) }, given);

describe('parseFieldList: references', () => {
  it('reads one, optional and list references beside the scalar fields', () => {
    const { fields, references } = parseFieldList(
      'title category:ref:category, parent?:ref:blog-post tags:ref:tag[]',
    );
    expect(fields.map((field) => field.names.camel)).toEqual(['title']);
    expect(
      references.map((reference) => [
        reference.names.camel,
        reference.target.kebab,
        reference.target.pluralSnake,
        reference.many,
        reference.optional,
        reference.onDelete,
      ]),
    ).toEqual([
      ['category', 'category', 'categories', false, false, 'restrict'],
      ['parent', 'blog-post', 'blog_posts', false, true, 'set null'],
      ['tags', 'tag', 'tags', true, false, 'cascade'],
    ]);
  });

  it('writes each reference back in the syntax it was read from', () => {
    const text = 'category:ref:category parent?:ref:blog-post tags:ref:tag[]';
    const { references } = parseFieldList(`title ${text}`);
    expect(references.map(referenceText).join(' ')).toBe(text);
  });

  it('refuses an optional list, a duplicate name and references alone', () => {
    expect(refusal(() => parseFieldList('title tags?:ref:tag[]'))).toEqual({
      message: '"tags?:ref:tag[]": a list of references cannot be optional.',
      hint: 'An empty list means none: write "tags:ref:tag[]".',
    });
    expect(refusal(() => parseFieldList('title category category:ref:category')).message).toBe(
      'The field "category" is named twice.',
    );
    expect(refusal(() => parseFieldList('category:ref:category')).message).toBe(
      'A resource needs at least one field that is not a reference.',
    );
    expect(refusal(() => parseFieldList('title id:ref:category')).message).toBe(
      '"id" cannot be a field name: it is reserved or built in.',
    );
  });
});

describe('resourceOptions: references', () => {
  it('accepts references to resources of restsmith.json and to users', () => {
    const resource = article('title category:ref:category tags:ref:tag[] editor?:ref:user');
    expect(resource.references?.map((reference) => reference.target.kebab)).toEqual([
      'category',
      'tag',
      'user',
    ]);
  });

  it('refuses a reference to a resource the project does not have, naming it and the fix', () => {
    expect(refusal(() => article('title topic:ref:topic'))).toEqual({
      message: 'The field "topic" refers to "topic", which is not a resource of this project.',
      hint: 'Add it first (rest api topic --fields ...), or refer to one of: category, tag, user.',
    });
    const noAccounts = { ...context, auth: false };
    expect(refusal(() => article('title editor:ref:user', undefined, noAccounts)).hint).toBe(
      'Add it first (rest api user --fields ...), or refer to one of: category, tag.',
    );
  });

  it('deletes with the referenced entry the fields --cascade names, and refuses others', () => {
    const resource = article('title category:ref:category tags:ref:tag[]', 'category');
    expect(resource.references?.map((reference) => reference.onDelete)).toEqual([
      'cascade',
      'cascade',
    ]);
    expect(refusal(() => article('title tags:ref:tag[]', 'tags'))).toEqual({
      message: '--cascade names "tags", which is not a single reference field.',
      hint: 'Name one of: (no reference fields).',
    });
    expect(refusal(() => article('title category:ref:category', 'title')).hint).toBe(
      'Name one of: category.',
    );
  });

  it("deletes an entry with the owned entry or user it requires (issue 28: no entry pins another owner's)", () => {
    // category is owned (--owner): a comment of anyone must not keep its owner from deleting it.
    const owned: ResourceContext = { ...context, owned: ['category'] };
    const rules = (fields: string, given = owned) =>
      article(fields, undefined, given).references?.map((reference) => [
        reference.names.camel,
        reference.onDelete,
      ]);
    expect(rules('title category:ref:category tags:ref:tag[] writer:ref:user')).toEqual([
      ['category', 'cascade'],
      ['tags', 'cascade'],
      ['writer', 'cascade'],
    ]);
    // Optional ones are cleared; a reference to a resource nobody owns still refuses the delete.
    expect(rules('title category?:ref:category editor?:ref:user')).toEqual([
      ['category', 'set null'],
      ['editor', 'set null'],
    ]);
    expect(rules('title category:ref:category', context)).toEqual([['category', 'restrict']]);
    // Recorded, so that reading restsmith.json gives the same rule whatever the project becomes.
    const record = resourceRecord(
      article('title category:ref:category', undefined, owned),
      'sqlite',
    );
    expect(record.cascade).toEqual(['category']);
  });

  it('round-trips through restsmith.json, --cascade included', () => {
    const resource = article(
      'title category:ref:category note?:ref:tag tags:ref:tag[]',
      'category',
    );
    const record = resourceRecord(resource, 'sqlite');
    expect(record.fields).toEqual([
      'title:string',
      'category:ref:category',
      'note?:ref:tag',
      'tags:ref:tag[]',
    ]);
    expect(record.cascade).toEqual(['category']);
    expect(resourceFromRecord(record).references).toEqual(resource.references);
  });
});
