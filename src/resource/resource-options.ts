// Turns `rest api` input (flags or answers) into ResourceOptions, once, refusing bad input with the fix.
import { UserError } from '../model/user-error.js';
import { fieldNames, parseFieldList, RESERVED_WORDS } from '../model/field-parser.js';
import { names, type Names } from '../model/names.js';
import type { Access, FieldOptions, ReferenceOptions, ResourceOptions } from '../model/resource.js';
import { accessPerMethod, confirmedMethods } from './resource-access.js';

export { parseFields } from '../model/field-parser.js';

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
  /** Methods that also need a confirmed e-mail, e.g. `POST,PUT`. */
  confirmed?: string;
  /** Reference fields whose entries go when the referenced entry does, comma-separated. */
  cascade?: string;
  /** The list answers `{ rows, count }`; the project's choice when missing. */
  envelope?: boolean;
  /** Each reference also lists the entries of one referenced entry: `GET /categories/:id/articles`. */
  nested?: boolean;
  /** Filterable fields with an index of their own, comma-separated: `price,publishedAt`. */
  indexes?: string;
  /** `--no-graphql`: REST only in a project with GraphQL; `--graphql` (the default there) says so. */
  graphql?: boolean;
}

/** What the project already has, so that the new resource does not collide with it. */
export interface ResourceContext {
  auth: boolean;
  /** The project confirms e-mails (--email-confirmation), so methods may require it. */
  emailConfirmation?: boolean;
  /** Kebab names of the resources in restsmith.json. */
  resources: string[];
  /** Folders under the source folder (`users`, `auth`, `common`, ...). */
  modules: string[];
  /** Kebab names of the resources of restsmith.json that have an owner (`--owner`). */
  owned?: string[];
  /** Endpoints already served (`users`, `auth`, and the resources'). */
  endpoints: string[];
  /** The project's `envelope` (restsmith.json), which the resource takes unless told. */
  envelope?: boolean;
  /** Names the resource's migration; now when not given. */
  migrationTimestamp?: number;
  /** The project serves GraphQL (restsmith.json "graphql"). */
  graphql?: boolean;
  /** Kebab names of the resources of restsmith.json served by REST only (`--no-graphql`). */
  restOnly?: string[];
}

export function resourceOptions(input: ResourceInput, context: ResourceContext): ResourceOptions {
  const resourceNames = resourceName(input.name, context);
  const endpoint = endpointOf(input.endpoint ?? resourceNames.pluralKebab, resourceNames, context);
  const owner = input.owner?.trim() ? fieldNames(input.owner.trim(), 'owner') : undefined;
  if (owner && !context.auth) {
    throw new UserError('--owner needs user accounts, and this project has none (--no-auth).', {
      hint: 'Drop --owner, or generate the project with user accounts.',
    });
  }
  const { fields, references } = parseFieldList(input.fields ?? '', owner);
  if (input.confirmed?.trim() && !context.emailConfirmation) {
    throw new UserError(
      '--confirmed needs e-mail confirmation, and this project has none (restsmith.json "emailConfirmation").',
      { hint: 'Drop --confirmed, or generate the project with rest new --email-confirmation.' },
    );
  }
  const methods = accessPerMethod(input, owner !== undefined, context.auth);
  const confirmed = input.confirmed?.trim() ? confirmedMethods(input.confirmed, methods) : [];
  const checked = checkedReferences(references, input.cascade, context);
  if (input.nested) checkNested(checked, methods.list !== undefined);
  const indexes = indexedFields(input.indexes, fields, checked);
  checkGraphql(input, resourceNames, checked, context);
  return {
    names: resourceNames,
    endpoint,
    methods,
    fields,
    references: checked,
    ...(owner ? { owner } : {}),
    envelope: input.envelope ?? context.envelope ?? false,
    ...(confirmed.length > 0 ? { confirmed } : {}),
    ...(input.nested ? { nested: true } : {}),
    ...(indexes.length > 0 ? { indexes } : {}),
    ...(input.graphql === false ? { graphql: false as const } : {}),
    migrationTimestamp: context.migrationTimestamp ?? Date.now(),
  };
}

/**
 * `--graphql` needs a project that serves GraphQL; a resource GraphQL serves cannot refer to one it
 * leaves out (`--no-graphql`), whose type the schema does not have.
 */
function checkGraphql(
  input: ResourceInput,
  resource: Names,
  references: ReferenceOptions[],
  context: ResourceContext,
): void {
  if (input.graphql === true && !context.graphql) {
    throw new UserError(
      '--graphql: this project serves no GraphQL (restsmith.json has no "graphql": true).',
      {
        hint: 'Give the project GraphQL first with rest graphql, or drop --graphql.',
      },
    );
  }
  if (!context.graphql || input.graphql === false) return;
  refuseRestOnlyReference(
    resource,
    references,
    context.restOnly ?? [],
    'add it with --no-graphql too',
  );
}

/**
 * A resource GraphQL serves cannot refer to one it leaves out (`--no-graphql`): the schema has no type
 * to show. `leaveOut` is the other way out, as the command that asked would put it.
 */
export function refuseRestOnlyReference(
  resource: Names,
  references: readonly ReferenceOptions[],
  restOnly: readonly string[],
  leaveOut: string,
): void {
  const reference = references.find((found) => restOnly.includes(found.target.kebab));
  if (!reference) return;
  const target = reference.target.kebab;
  throw new UserError(
    `${reference.names.camel} refers to ${target}, which GraphQL leaves out ("graphql": false in restsmith.json), so ${resource.kebab}'s GraphQL type cannot show it.`,
    { hint: `First give ${target} GraphQL (rest api ${target} --graphql), or ${leaveOut}.` },
  );
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

/** Each reference names a resource of restsmith.json (or `user`); `--cascade` names references. */
function checkedReferences(
  references: ReferenceOptions[],
  cascade: string | undefined,
  context: ResourceContext,
): ReferenceOptions[] {
  for (const { names: field, target } of references) {
    const known =
      context.resources.includes(target.kebab) || (target.kebab === 'user' && context.auth);
    if (!known) {
      throw new UserError(
        `The field "${field.camel}" refers to "${target.kebab}", which is not a resource of this project.`,
        {
          hint: `Add it first (rest api ${target.kebab} --fields ...), or refer to one of: ${[...context.resources, ...(context.auth ? ['user'] : [])].join(', ') || '(none yet)'}.`,
        },
      );
    }
  }
  const cascaded = (cascade ?? '').split(/[\s,]+/).filter(Boolean);
  for (const name of cascaded) {
    const reference = references.find((found) => found.names.camel === name && !found.many);
    if (!reference) {
      throw new UserError(`--cascade names "${name}", which is not a single reference field.`, {
        hint: `Name one of: ${
          references
            .filter((found) => !found.many)
            .map((found) => found.names.camel)
            .join(', ') || '(no reference fields)'
        }.`,
      });
    }
  }
  return references.map((reference) =>
    cascaded.includes(reference.names.camel) || pinsAnOwnersEntry(reference, context)
      ? { ...reference, onDelete: 'cascade' }
      : reference,
  );
}

/**
 * A required reference to an entry that has an owner (an entry of an owned resource, or a user) would
 * let anyone who may write here keep that owner from deleting it, and an admin from deleting the
 * owner (409). It goes with the entry it names instead (cascade); an optional one is cleared.
 */
const pinsAnOwnersEntry = (reference: ReferenceOptions, context: ResourceContext): boolean =>
  !reference.many &&
  !reference.optional &&
  (reference.target.kebab === 'user' || (context.owned ?? []).includes(reference.target.kebab));

/**
 * `--nested` lists the entries of one referenced entry under its endpoint, as the list does: it needs
 * the list, a reference, and one reference per referenced resource (else two routes share a path).
 */
function checkNested(references: ReferenceOptions[], listed: boolean): void {
  if (!listed) {
    throw new UserError('--nested lists entries as GET does, and this resource has no list.', {
      hint: 'Add GET to --methods, or drop --nested.',
    });
  }
  if (references.length === 0) {
    throw new UserError('--nested needs a reference field, and there is none.', {
      hint: 'Add one to --fields, e.g. "category:ref:category", or drop --nested.',
    });
  }
  references.forEach((reference, index) => {
    const twin = references
      .slice(index + 1)
      .find((other) => other.target.kebab === reference.target.kebab);
    if (twin) {
      throw new UserError(
        `--nested: "${reference.names.camel}" and "${twin.names.camel}" both refer to ${reference.target.kebab}, so its nested list would be either.`,
        { hint: `Refer to ${reference.target.kebab} from one field only, or drop --nested.` },
      );
    }
  });
}

/** The fields `--indexes` names: each a field that the list filters by, and not indexed already. */
function indexedFields(
  given: string | undefined,
  fields: FieldOptions[],
  references: ReferenceOptions[],
): string[] {
  const named = [...new Set((given ?? '').split(/[\s,]+/).filter(Boolean))];
  const filterable = fields.filter((field) => !field.array && field.type !== 'text');
  return named.map((name) => {
    const field = fields.find((found) => found.names.camel === name || found.names.raw === name);
    if (field && filterable.includes(field)) return field.names.camel;
    const indexed = references.some((reference) => reference.names.camel === name);
    const why = indexed
      ? 'is a reference, whose column is indexed already'
      : field
        ? `is a ${field.array ? 'list' : 'text'} field, which the list does not filter by`
        : 'is not a field of this resource';
    throw new UserError(`--indexes names "${name}", which ${why}.`, {
      hint: `Name fields the list filters by: ${filterable.map((found) => found.names.camel).join(', ') || '(none)'}; createdAt and references are indexed already.`,
    });
  });
}
