// resourceOptions, the names of a resource: every casing, the endpoint, and the names it refuses.
import { describe, expect, it } from 'vitest';
import { options, refusal } from './resource-options-context.js';

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
