// The `--fields` syntax (`title views?:number tags:string[] category?:ref:category tags:ref:tag[]`), parsed into scalar fields and references.
import { camelCase, kebabCase, pascalCase, snakeCase } from 'change-case';
import pluralize from 'pluralize';
import { UserError } from './user-error.js';
import { names, type Names } from './names.js';
import {
  FIELD_TYPES,
  type FieldOptions,
  type FieldType,
  type ReferenceOptions,
} from './resource.js';

/** What `--fields` declares: the stored values, and the links to other resources. */
export interface ParsedFields {
  fields: FieldOptions[];
  references: ReferenceOptions[];
}

// Keywords that cannot name a variable or class, and the type names that would read as one.
export const RESERVED_WORDS = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false ' +
    'finally for function if import in instanceof new null return super switch this throw true try ' +
    'typeof var void while with implements interface let package private protected public static ' +
    'yield await any boolean number string symbol bigint object unknown never undefined type ' +
    'namespace module declare abstract as async constructor get set of readonly keyof infer is ' +
    'require satisfies override prototype'
  ).split(' '),
);

/** Fields every resource has already, or that would break an object's prototype. */
const BUILT_IN_FIELDS = new Set(['id', '_id', '__v', 'createdAt', 'updatedAt', '__proto__']);

/** Names of a field as written: unlike a resource name, `tags` stays plural. */
export function fieldNames(raw: string, what: string): Names {
  const camel = camelCase(raw);
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(raw) || !camel) {
    throw new UserError(`"${raw}" is not a valid ${what} name.`, {
      hint: 'Use letters, digits, "-" or "_", starting with a letter, e.g. "publishedAt".',
    });
  }
  if (BUILT_IN_FIELDS.has(camel)) {
    throw new UserError(`"${camel}" cannot be a ${what} name: it is reserved or built in.`, {
      hint: `Every resource has id, createdAt and updatedAt already; choose another name, e.g. "${camel}Value".`,
    });
  }
  if (RESERVED_WORDS.has(camel)) {
    throw new UserError(`"${camel}" cannot be a ${what} name: it is reserved or built in.`, {
      hint: `"${camel}" is a word of TypeScript, which the generated code could not use as a name; choose another, e.g. "${camel}Text".`,
    });
  }
  const plural = pluralize.plural(camel);
  return {
    raw,
    kebab: kebabCase(camel),
    camel,
    pascal: pascalCase(camel),
    snake: snakeCase(camel),
    pluralKebab: kebabCase(plural),
    pluralCamel: camelCase(plural),
    pluralPascal: pascalCase(plural),
    pluralSnake: snakeCase(plural),
  };
}

const FIELD_PATTERN = /^([^?:]+)(\?)?(?::([A-Za-z]+)(\[\])?)?$/;
export const REFERENCE_PATTERN = /^([^?:]+)(\?)?:ref:([A-Za-z][A-Za-z0-9_-]*)(\[\])?$/i;

/**
 * Every field and reference of `text` (spaces or commas between them), each name once.
 * @example parseFieldList('title category?:ref:category tags:ref:tag[]')
 */
export function parseFieldList(text: string, owner?: Names): ParsedFields {
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  const parsed = tokens.map((token) =>
    REFERENCE_PATTERN.test(token) ? parseReference(token) : parseField(token),
  );
  const fields = parsed.filter((item): item is FieldOptions => 'type' in item);
  const references = parsed.filter((item): item is ReferenceOptions => 'target' in item);
  if (fields.length === 0) {
    throw new UserError('A resource needs at least one field that is not a reference.', {
      hint: 'Name its fields, e.g. --fields "title:string content:text views?:number".',
    });
  }
  const seen = new Set<string>(owner ? [owner.camel] : []);
  for (const { names: field } of parsed) {
    if (seen.has(field.camel)) {
      throw new UserError(`The field "${field.camel}" is named twice.`, {
        hint: owner?.camel === field.camel ? 'The --owner field is added for you.' : '',
      });
    }
    seen.add(field.camel);
  }
  return { fields, references };
}

/** The scalar fields of `text` (its references are read by parseFieldList). */
export const parseFields = (text: string, owner?: Names): FieldOptions[] =>
  parseFieldList(text, owner).fields;

function parseField(token: string): FieldOptions {
  const match = FIELD_PATTERN.exec(token);
  if (!match) {
    throw new UserError(`"${token}" is not a field.`, {
      hint: 'Write fields as name:type, e.g. "title:string", "views?:number", "tags:string[]" or "category:ref:category".',
    });
  }
  const [, name = '', optional, type = 'string', array] = match;
  if (!(FIELD_TYPES as readonly string[]).includes(type.toLowerCase())) {
    throw new UserError(`"${type}" (field "${name}") is not a field type.`, {
      hint: `Use one of: ${FIELD_TYPES.join(', ')} (add [] for a list, e.g. "tags:string[]"), or ref:<resource> for a reference.`,
    });
  }
  return {
    names: fieldNames(name, 'field'),
    type: type.toLowerCase() as FieldType,
    array: array !== undefined,
    optional: optional !== undefined,
  };
}

/** `category:ref:category`, `category?:ref:category` (optional), `tags:ref:tag[]` (a list). */
export function parseReference(token: string): ReferenceOptions {
  const [, name = '', optional, target = '', array] = REFERENCE_PATTERN.exec(token) ?? [];
  const many = array !== undefined;
  if (many && optional) {
    throw new UserError(`"${token}": a list of references cannot be optional.`, {
      hint: `An empty list means none: write "${name}:ref:${target}[]".`,
    });
  }
  return {
    names: fieldNames(name, 'field'),
    target: names(target),
    many,
    optional: optional !== undefined,
    onDelete: many ? 'cascade' : optional ? 'set null' : 'restrict',
  };
}

/** The field as restsmith.json records it, in the `--fields` syntax. */
export function referenceText(reference: ReferenceOptions): string {
  const { names: field, target, many, optional } = reference;
  return `${field.camel}${optional ? '?' : ''}:ref:${target.kebab}${many ? '[]' : ''}`;
}
