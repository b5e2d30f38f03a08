// Maps a class property (its TypeScript type and decorators) to a GraphQL field: `tags: string[]` -> `[String!]!`.
import type { PropertyShape } from './project-sources.js';

/** A field of an object or input type, by type name; list items are never null. */
export interface GraphField {
  name: string;
  /** `String`, `DateTime`, `User`, `Role`... */
  type: string;
  list: boolean;
  nullable: boolean;
}

/** What a class's property types may refer to besides the scalars. */
export interface TypeContext {
  /** Object types a property may point to (`User` for an owner). */
  objects: ReadonlySet<string>;
  enums: ReadonlySet<string>;
  /** Told about a property whose type has no GraphQL equivalent (it is printed as String). */
  warn: (message: string) => void;
}

const SCALARS: Record<string, string> = {
  string: 'String',
  String: 'String',
  number: 'Float',
  Number: 'Float',
  boolean: 'Boolean',
  Boolean: 'Boolean',
  Date: 'DateTime',
};

const OBJECT_ID = /^(?:mongoose\.)?(?:Types\.|Schema\.Types\.)?ObjectId$/;
const INTEGER_COLUMN = /type:\s*['"](?:int|integer|int2|int4|smallint|tinyint|mediumint)['"]/;
const NULLABLE_OPTION = /nullable:\s*true/;

export function graphField(
  className: string,
  property: PropertyShape,
  context: TypeContext,
): GraphField {
  const parts = unionParts(property.typeText);
  const present = parts.filter((part) => part !== 'null' && part !== 'undefined');
  const nullable = property.optional || present.length < parts.length || declaredNullable(property);
  const { inner, list } = listItem(present.length === 1 ? present[0]! : present.join(' | '));
  let type = namedType(inner, property, context);
  if (type === undefined) {
    type = 'String';
    const written = property.typeText || '(no type written)';
    context.warn(
      `${className}.${property.name}: the type ${written} has no GraphQL equivalent, so it is printed as String`,
    );
  }
  return { name: property.name, type, list, nullable };
}

/** The GraphQL type of a single (non-list) TypeScript type, or undefined when there is none. */
function namedType(
  text: string,
  property: PropertyShape,
  context: TypeContext,
): string | undefined {
  if (text === 'number' && INTEGER_COLUMN.test(columnOptions(property))) return 'Int';
  const scalar = SCALARS[text];
  if (scalar) return scalar;
  if (OBJECT_ID.test(text)) {
    const ref = /ref:\s*(?:['"](\w+)['"]|(\w+)\.name)/.exec(columnOptions(property));
    const target = ref?.[1] ?? ref?.[2];
    return target && context.objects.has(target) ? target : 'ID';
  }
  if (context.objects.has(text) || context.enums.has(text)) return text;
  return literalUnionType(text);
}

/** `'draft' | 'published'` is a String, `1 | 2` a Float. */
function literalUnionType(text: string): string | undefined {
  const parts = unionParts(text);
  if (parts.length === 0) return undefined;
  if (parts.every((part) => /^(['"`]).*\1$/.test(part))) return 'String';
  if (parts.every((part) => /^-?\d+(\.\d+)?$/.test(part))) return 'Float';
  if (parts.every((part) => part === 'true' || part === 'false')) return 'Boolean';
  return undefined;
}

function listItem(text: string): { inner: string; list: boolean } {
  const bare = text.replace(/^readonly\s+/, '');
  const array = /^(.+)\[\]$/.exec(bare) ?? /^(?:Readonly)?Array<(.+)>$/.exec(bare);
  if (!array) return { inner: bare, list: false };
  return { inner: array[1]!.replace(/^\((.*)\)$/, '$1').trim(), list: true };
}

/** The arguments of the property's @Column/@Prop/@ManyToOne... decorators, as one text. */
function columnOptions(property: PropertyShape): string {
  return [...property.decorators.values()].flat().join(' ');
}

function declaredNullable(property: PropertyShape): boolean {
  return NULLABLE_OPTION.test(columnOptions(property));
}

/** Top-level members of a union type, ignoring `|` inside `<>`, `()`, `{}` and `[]`. */
function unionParts(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if ('<({['.includes(char)) depth += 1;
    if ('>)}]'.includes(char)) depth -= 1;
    if (char === '|' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}
