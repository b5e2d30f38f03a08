// GraphQL name rules: the pattern, the reserved `__` prefix, and names an enum value cannot take.
import { SchemaError } from './errors.js';

const namePattern = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Throws unless `name` is a GraphQL name; `what` says what is being named (`object type`, `field`). */
export function assertName(name: unknown, what: string): string {
  if (typeof name !== 'string' || !namePattern.test(name)) {
    throw new SchemaError(
      `${what} name ${JSON.stringify(name)} is not a GraphQL name: use letters, digits and _, not starting with a digit`,
    );
  }
  if (name.startsWith('__')) {
    throw new SchemaError(
      `${what} name "${name}" begins with "__", which GraphQL reserves for introspection: rename it`,
    );
  }
  return name;
}

export function assertEnumValueName(name: unknown, enumName: string): string {
  assertName(name, `enum ${enumName} value`);
  if (name === 'true' || name === 'false' || name === 'null') {
    throw new SchemaError(
      `enum ${enumName} value "${name}" would read as a literal in GraphQL: choose another name`,
    );
  }
  return name as string;
}

export function assertDescription(description: unknown, what: string): string | null {
  if (description === null || description === undefined) return null;
  if (typeof description !== 'string') {
    throw new SchemaError(
      `${what} description must be a string or null, got ${typeof description}`,
    );
  }
  return assertPrintableText(description, `${what} description`);
}

// A lone UTF-16 surrogate has no GraphQL spelling, not even as an escape.
const loneSurrogate = /\p{Surrogate}/u;

export function assertPrintableText(text: string, what: string): string {
  if (loneSurrogate.test(text)) {
    throw new SchemaError(
      `${what} contains a lone UTF-16 surrogate, which GraphQL cannot represent: fix the text`,
    );
  }
  return text;
}

/** Built-in scalar names a schema may not define again. */
export const builtInScalarNames: ReadonlySet<string> = new Set([
  'Boolean',
  'Float',
  'ID',
  'Int',
  'String',
]);

/** Directives GraphQL defines itself: a schema cannot declare them again, nor apply them with addDirective. */
export const builtInDirectiveNames: ReadonlySet<string> = new Set([
  'skip',
  'include',
  'deprecated',
  'specifiedBy',
  'oneOf',
]);
