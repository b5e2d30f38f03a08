// `--add-fields`, `--remove-fields`, `--rename-field` read against a resource's fields: the fields it will have.
import { closestName } from '../../model/names.js';
import { UserError } from '../../model/user-error.js';
import { parseReference, REFERENCE_PATTERN, referenceText } from '../../model/field-parser.js';
import type { FieldOptions, ReferenceOptions, ResourceOptions } from '../../model/resource.js';
import { parseFields } from '../resource-options.js';

export interface FieldChangeInput {
  /** `summary:text published?:boolean` */
  addFields?: string;
  /** `summary other` */
  removeFields?: string;
  /** `summary:abstract` */
  renameField?: string;
}

/** What a reference may point to: the resources of restsmith.json, and `user` with accounts. */
export interface ReferenceTargets {
  resources: string[];
  auth: boolean;
  /** Fields an earlier `--remove-fields` dropped (its migrations say which): naming one again is no typo. */
  dropped?: string[];
}

export interface FieldChange {
  fields: FieldOptions[];
  references: ReferenceOptions[];
  /** Old camel name -> new one. */
  renames: Map<string, string>;
  /** Words naming the change, for the migration: ['add', 'summary', 'to', 'articles']. */
  words: string[];
}

const describe = (field: FieldOptions | ReferenceOptions) =>
  'target' in field
    ? referenceText(field)
    : `${field.names.camel}${field.optional ? '?' : ''}:${field.type}${field.array ? '[]' : ''}`;

const referencesOf = (resource: ResourceOptions) => resource.references ?? [];

/**
 * The fields after the change; undefined when there is nothing left to do (the same edit ran
 * already), so that running an edit twice changes nothing the second time.
 */
export function changeFields(
  resource: ResourceOptions,
  input: FieldChangeInput,
  targets: ReferenceTargets,
): FieldChange | undefined {
  const given = [input.addFields, input.removeFields, input.renameField].filter(
    (value) => value !== undefined,
  );
  if (given.length > 1) {
    throw new UserError('Give one of --add-fields, --remove-fields and --rename-field at a time.', {
      hint: 'Each change writes its own migration: run them one after the other.',
    });
  }
  if (input.addFields !== undefined) return addFields(resource, input.addFields, targets);
  if (input.removeFields !== undefined) {
    return removeFields(resource, input.removeFields, targets.dropped);
  }
  if (input.renameField !== undefined) return renameField(resource, input.renameField);
  return undefined;
}

function addFields(
  resource: ResourceOptions,
  text: string,
  targets: ReferenceTargets,
): FieldChange | undefined {
  const tokens = text.split(/[\s,]+/).filter(Boolean);
  const isReference = (token: string) => REFERENCE_PATTERN.test(token);
  const scalars = tokens.filter((token) => !isReference(token));
  const wanted = [
    ...(scalars.length > 0 ? parseFields(scalars.join(' '), resource.owner) : []),
    ...tokens.filter(isReference).map(parseReference),
  ];
  const named = wanted.map((field) => field.names.camel);
  const twice = named.find(
    (name, index) => named.indexOf(name) !== index || name === resource.owner?.camel,
  );
  if (twice) {
    throw new UserError(`The field "${twice}" is named twice.`, {
      hint: 'Name each field once (the --owner field is there already).',
    });
  }
  const own = [...resource.fields, ...referencesOf(resource)];
  const fresh = wanted.filter((field) => {
    const found = own.find((existing) => existing.names.camel === field.names.camel);
    if (found && describe(found) !== describe(field)) {
      throw new UserError(
        `${resource.names.kebab} has a field "${describe(found)}" already; --add-fields asked for "${describe(field)}".`,
        { hint: 'Choose another name, or remove the field first (--remove-fields).' },
      );
    }
    return !found;
  });
  if (fresh.length === 0) return undefined;
  const references = fresh.filter((field): field is ReferenceOptions => 'target' in field);
  for (const reference of references) checkAddedReference(resource, reference, targets);
  return {
    fields: [
      ...resource.fields,
      ...fresh.filter((field): field is FieldOptions => 'type' in field),
    ],
    references: [...referencesOf(resource), ...references],
    renames: new Map(),
    words: ['add', ...fresh.map((field) => field.names.camel), 'to', resource.names.pluralCamel],
  };
}

/**
 * A reference names a resource of the project, and a single one comes optional: the rows the
 * table holds already have nothing to refer to, and a required column needs a value for each.
 */
function checkAddedReference(
  resource: ResourceOptions,
  reference: ReferenceOptions,
  targets: ReferenceTargets,
): void {
  const text = referenceText(reference);
  const known =
    targets.resources.includes(reference.target.kebab) ||
    (reference.target.kebab === 'user' && targets.auth);
  if (!known) {
    throw new UserError(
      `"${text}" refers to "${reference.target.kebab}", which is not a resource of this project.`,
      {
        hint: `Add it first (rest api ${reference.target.kebab} --fields ...), or refer to one of: ${[...targets.resources, ...(targets.auth ? ['user'] : [])].join(', ')}.`,
      },
    );
  }
  if (!reference.many && !reference.optional) {
    throw new UserError(
      `"${text}" would be required, and the ${resource.names.pluralKebab} stored already have no ${reference.target.kebab.replace(/-/g, ' ')} to refer to.`,
      {
        hint: `Add it as optional: --add-fields "${reference.names.camel}?:ref:${reference.target.kebab}" (stored entries get null, and new ones may name one).`,
      },
    );
  }
}

function removeFields(
  resource: ResourceOptions,
  text: string,
  dropped: string[] = [],
): FieldChange | undefined {
  const named = text.split(/[\s,]+/).filter(Boolean);
  if (named.length === 0) {
    throw new UserError('--remove-fields names no field.', {
      hint: 'e.g. --remove-fields summary',
    });
  }
  if (resource.owner && named.includes(resource.owner.camel)) {
    throw new UserError(`"${resource.owner.camel}" is the owner of ${resource.names.kebab}.`, {
      hint: 'The owner decides who may change an entry; it cannot be removed this way.',
    });
  }
  const own = [...resource.fields, ...referencesOf(resource)].map((field) => field.names.camel);
  const unknown = named.find((name) => !own.includes(name) && !dropped.includes(name));
  if (unknown !== undefined) throw noSuchField(resource, unknown, own);
  const gone = resource.fields.filter((field) => named.includes(field.names.camel));
  const goneReferences = referencesOf(resource).filter((reference) =>
    named.includes(reference.names.camel),
  );
  // Every name was dropped before: the same removal again has nothing to do.
  if (gone.length === 0 && goneReferences.length === 0) return undefined;
  const fields = resource.fields.filter((field) => !gone.includes(field));
  if (fields.length === 0) {
    throw new UserError(`${resource.names.kebab} would have no field left.`, {
      hint: 'A resource needs at least one field that is not a reference: add the new one first (--add-fields).',
    });
  }
  return {
    fields,
    references: referencesOf(resource).filter((reference) => !goneReferences.includes(reference)),
    renames: new Map(),
    words: [
      'drop',
      ...[...gone, ...goneReferences].map((field) => field.names.camel),
      'from',
      resource.names.pluralCamel,
    ],
  };
}

function renameField(resource: ResourceOptions, text: string): FieldChange | undefined {
  const [from, to, ...rest] = text.trim().split(':');
  if (!from || !to || rest.length > 0) {
    throw new UserError(`"${text}" is not a rename.`, {
      hint: 'Write it as old:new, e.g. --rename-field summary:teaser',
    });
  }
  const [renamed] = parseFields(to, resource.owner);
  const target = renamed!.names;
  if (referencesOf(resource).some((reference) => reference.names.camel === from)) {
    throw new UserError(
      `"${from}" is a reference field, and --rename-field renames stored values only.`,
      {
        hint: 'Keep its name, or rename it by hand in every file and a migration of your own.',
      },
    );
  }
  const has = (name: string) =>
    [...resource.fields, ...referencesOf(resource)].some((field) => field.names.camel === name);
  if (!has(from) && has(target.camel)) return undefined;
  if (!has(from)) {
    throw noSuchField(
      resource,
      from,
      resource.fields.map((field) => field.names.camel),
    );
  }
  if (has(target.camel)) {
    throw new UserError(`${resource.names.kebab} has a field "${target.camel}" already.`, {
      hint: 'Choose another name, or remove that field first (--remove-fields).',
    });
  }
  return {
    fields: resource.fields.map((field) =>
      field.names.camel === from ? { ...field, names: target } : field,
    ),
    references: referencesOf(resource),
    renames: new Map([[from, target.camel]]),
    words: ['rename', from, 'to', target.camel, 'in', resource.names.pluralCamel],
  };
}

/**
 * A name the resource has no field of: a typo, most often, so the closest name is offered first. (A
 * field removed already is one too: running the same removal twice is an error, not a silent no-op.)
 */
function noSuchField(resource: ResourceOptions, name: string, own: string[]): UserError {
  const closest = closestName(name, own);
  return new UserError(`${resource.names.kebab} has no field "${name}".`, {
    hint: `${closest ? `Did you mean "${closest}"? ` : ''}Its fields: ${own.join(', ') || '(none)'}.`,
  });
}
