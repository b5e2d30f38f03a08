// Turns `rest api` input (flags or answers) into ResourceOptions, once, refusing bad input with the fix.
import { camelCase, kebabCase, pascalCase, snakeCase } from 'change-case';
import pluralize from 'pluralize';
import { UserError } from '../cli/errors.js';
import { names, type Names } from './names.js';
import {
  FIELD_TYPES,
  type Access,
  type FieldOptions,
  type FieldType,
  type ResourceOptions,
} from './options.js';
import { accessPerMethod } from './resource-access.js';

/** What the user said, as text: every part but the name may be missing. */
export interface ResourceInput {
  name: string;
  endpoint?: string;
  /** Methods to generate, e.g. `POST,GET,PUT,DELETE`; all when missing. */
  methods?: string;
  /** Per access level, the methods it guards, e.g. `{ user: 'POST', admin: 'DELETE' }`. */
  access?: Partial<Record<Access, string>>;
  /** `title:string content:text views?:number tags:string[]` */
  fields?: string;
  /** Field that stores the creating user. */
  owner?: string;
}

/** What the project already has, so that the new resource does not collide with it. */
export interface ResourceContext {
  auth: boolean;
  /** Kebab names of the resources in restsmith.json. */
  resources: string[];
  /** Folders under the source folder (`users`, `auth`, `common`, ...). */
  modules: string[];
  /** Endpoints already served (`users`, `auth`, and the resources'). */
  endpoints: string[];
  /** Names the resource's migration; now when not given. */
  migrationTimestamp?: number;
}

// Keywords that cannot name a variable or class, and the type names that would read as one.
const RESERVED_WORDS = new Set(
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

export function resourceOptions(input: ResourceInput, context: ResourceContext): ResourceOptions {
  const resourceNames = resourceName(input.name, context);
  const endpoint = endpointOf(input.endpoint ?? resourceNames.pluralKebab, resourceNames, context);
  const owner = input.owner?.trim() ? fieldNames(input.owner.trim(), 'owner') : undefined;
  if (owner && !context.auth) {
    throw new UserError('--owner needs user accounts, and this project has none (--no-auth).', {
      hint: 'Drop --owner, or generate the project with user accounts.',
    });
  }
  const fields = parseFields(input.fields ?? '', owner);
  const methods = accessPerMethod(input, owner !== undefined, context.auth);
  return {
    names: resourceNames,
    endpoint,
    methods,
    fields,
    ...(owner ? { owner } : {}),
    migrationTimestamp: context.migrationTimestamp ?? Date.now(),
  };
}

function resourceName(raw: string, context: ResourceContext): Names {
  const trimmed = raw.trim();
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(trimmed)) {
    throw new UserError(`"${raw}" is not a resource name.`, {
      hint: 'Use letters, digits, "-" or "_", starting with a letter, e.g. "article" or "blog-post".',
    });
  }
  const result = names(trimmed);
  for (const word of [result.camel, result.pluralCamel]) {
    if (RESERVED_WORDS.has(word)) {
      throw new UserError(
        `"${word}" is a reserved word in TypeScript and cannot name a resource.`,
        {
          hint: `Choose another name, e.g. "${result.kebab}-item".`,
        },
      );
    }
  }
  if (context.resources.includes(result.kebab)) {
    throw new UserError(`The resource "${result.kebab}" exists already (restsmith.json).`, {
      hint: 'Nothing was changed. Choose another name, or pass --force to write its files again.',
    });
  }
  if (context.modules.includes(result.pluralKebab)) {
    throw new UserError(`"${result.kebab}" collides with the module in ${result.pluralKebab}/.`, {
      hint: `Choose another name, e.g. "${result.kebab}-entry".`,
    });
  }
  return result;
}

function endpointOf(raw: string, resource: Names, context: ResourceContext): string {
  const endpoint = raw.trim().replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/.test(endpoint)) {
    throw new UserError(`"${raw}" is not an endpoint path.`, {
      hint: `Use lower-case words separated by "-" or "/", e.g. "/${resource.pluralKebab}".`,
    });
  }
  if (context.endpoints.includes(endpoint)) {
    throw new UserError(`The endpoint "/${endpoint}" is served already.`, {
      hint: `Choose another path with --endpoint, e.g. "/${resource.kebab}-entries".`,
    });
  }
  return endpoint;
}

/** Names of a field as written: unlike a resource name, `tags` stays plural. */
function fieldNames(raw: string, what: string): Names {
  const camel = camelCase(raw);
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(raw) || !camel) {
    throw new UserError(`"${raw}" is not a valid ${what} name.`, {
      hint: 'Use letters, digits, "-" or "_", starting with a letter, e.g. "publishedAt".',
    });
  }
  if (RESERVED_WORDS.has(camel) || BUILT_IN_FIELDS.has(camel)) {
    throw new UserError(`"${camel}" cannot be a ${what} name: it is reserved or built in.`, {
      hint: `Every resource has id, createdAt and updatedAt already; choose another name, e.g. "${camel}Value".`,
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

/** `title:string content:text views?:number tags:string[]` (spaces or commas between fields). */
export function parseFields(text: string, owner?: Names): FieldOptions[] {
  const fields = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(parseField);
  if (fields.length === 0) {
    throw new UserError('A resource needs at least one field.', {
      hint: 'Name its fields, e.g. --fields "title:string content:text views?:number".',
    });
  }
  const seen = new Set<string>(owner ? [owner.camel] : []);
  for (const field of fields) {
    if (seen.has(field.names.camel)) {
      throw new UserError(`The field "${field.names.camel}" is named twice.`, {
        hint: owner?.camel === field.names.camel ? 'The --owner field is added for you.' : '',
      });
    }
    seen.add(field.names.camel);
  }
  return fields;
}

function parseField(token: string): FieldOptions {
  const match = FIELD_PATTERN.exec(token);
  if (!match) {
    throw new UserError(`"${token}" is not a field.`, {
      hint: 'Write fields as name:type, e.g. "title:string", "views?:number" or "tags:string[]".',
    });
  }
  const [, name = '', optional, type = 'string', array] = match;
  if (!(FIELD_TYPES as readonly string[]).includes(type.toLowerCase())) {
    throw new UserError(`"${type}" (field "${name}") is not a field type.`, {
      hint: `Use one of: ${FIELD_TYPES.join(', ')} (add [] for a list, e.g. "tags:string[]").`,
    });
  }
  return {
    names: fieldNames(name, 'field'),
    type: type.toLowerCase() as FieldType,
    array: array !== undefined,
    optional: optional !== undefined,
  };
}
