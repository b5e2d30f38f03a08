// Every casing and number of a name, derived once (schematics' `transform()`): templates never re-derive them.
import { camelCase, kebabCase, pascalCase, snakeCase } from 'change-case';
import { distance } from 'fastest-levenshtein';
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

/** Whether `known` is close enough to what was typed to offer it: a typo, at most a third of its letters. */
export function isNear(typed: string, known: string): boolean {
  return distance(typed, known) <= Math.max(2, Math.floor(typed.length / 3));
}

/** The name of `names` closest to `typed`, when it is near enough to offer ("Did you mean ...?"). */
export function closestName(typed: string, names: readonly string[]): string | undefined {
  const [closest] = [...names].sort((a, b) => distance(typed, a) - distance(typed, b));
  return closest !== undefined && isNear(typed, closest) ? closest : undefined;
}
