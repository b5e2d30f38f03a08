// resourceOptions and parseFields, the fields of a resource: types, lists, references, --nested and --indexes.
import { describe, expect, it } from 'vitest';
import { parseFields, type ResourceContext } from '../../src/resource/resource-options.js';
import { options, project, refusal } from './resource-options-context.js';

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
