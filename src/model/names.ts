// Every casing and number of a name, derived once (schematics' `transform()`): templates never re-derive them.
import { camelCase, kebabCase, pascalCase, snakeCase } from 'change-case';
import pluralize from 'pluralize';

export interface Names {
  /** as given: `blogPost` */
  raw: string;
  /** `blog-post` */
  kebab: string;
  /** `blogPost` */
  camel: string;
  /** `BlogPost` */
  pascal: string;
  /** `blog_post` */
  snake: string;
  /** `blog-posts` */
  pluralKebab: string;
  /** `blogPosts` */
  pluralCamel: string;
  /** `BlogPosts` */
  pluralPascal: string;
  /** `blog_posts` */
  pluralSnake: string;
}

export function names(raw: string): Names {
  const singular = pluralize.singular(camelCase(raw));
  const plural = pluralize.plural(singular);
  return {
    raw,
    kebab: kebabCase(singular),
    camel: camelCase(singular),
    pascal: pascalCase(singular),
    snake: snakeCase(singular),
    pluralKebab: kebabCase(plural),
    pluralCamel: camelCase(plural),
    pluralPascal: pascalCase(plural),
    pluralSnake: snakeCase(plural),
  };
}
