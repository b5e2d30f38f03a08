// `--add-fields`, `--remove-fields`, `--rename-field` read against a resource's fields: the fields it will have.
import { UserError } from '../../cli/errors.js';
import type { FieldOptions, ResourceOptions } from '../options.js';
import { parseFields } from '../resource-options.js';

export interface FieldChangeInput {
  /** `summary:text published?:boolean` */
  addFields?: string;
  /** `summary other` */
  removeFields?: string;
  /** `summary:abstract` */
  renameField?: string;
}

export interface FieldChange {
  fields: FieldOptions[];
  /** Old camel name -> new one. */
  renames: Map<string, string>;
  /** Words naming the change, for the migration: ['add', 'summary', 'to', 'articles']. */
  words: string[];
}

const describe = (field: FieldOptions) =>
  `${field.names.camel}${field.optional ? '?' : ''}:${field.type}${field.array ? '[]' : ''}`;

/**
 * The fields after the change; undefined when there is nothing left to do (the same edit ran
 * already), so that running an edit twice changes nothing the second time.
 */
export function changeFields(
  resource: ResourceOptions,
  input: FieldChangeInput,
): FieldChange | undefined {
  const given = [input.addFields, input.removeFields, input.renameField].filter(
    (value) => value !== undefined,
  );
  if (given.length > 1) {
    throw new UserError('Give one of --add-fields, --remove-fields and --rename-field at a time.', {
      hint: 'Each change writes its own migration: run them one after the other.',
    });
  }
  if (input.addFields !== undefined) return addFields(resource, input.addFields);
  if (input.removeFields !== undefined) return removeFields(resource, input.removeFields);
  if (input.renameField !== undefined) return renameField(resource, input.renameField);
  return undefined;
}

function addFields(resource: ResourceOptions, text: string): FieldChange | undefined {
  const reference = text.split(/[\s,]+/).find((token) => /:ref(:|\[|$)/i.test(token));
  if (reference) {
    throw new UserError(
      `"${reference}" is a reference field, and --add-fields adds scalar fields only for now.`,
      {
        hint: 'Add string, text, number, boolean or date fields here; add the reference by hand, or generate the resource again with it.',
      },
    );
  }
  const wanted = parseFields(text, resource.owner);
  const fresh = wanted.filter((field) => {
    const found = resource.fields.find((own) => own.names.camel === field.names.camel);
    if (found && describe(found) !== describe(field)) {
      throw new UserError(
        `${resource.names.kebab} has a field "${describe(found)}" already; --add-fields asked for "${describe(field)}".`,
        { hint: 'Choose another name, or remove the field first (--remove-fields).' },
      );
    }
    return !found;
  });
  if (fresh.length === 0) return undefined;
  return {
    fields: [...resource.fields, ...fresh],
    renames: new Map(),
    words: ['add', ...fresh.map((field) => field.names.camel), 'to', resource.names.pluralCamel],
  };
}

function removeFields(resource: ResourceOptions, text: string): FieldChange | undefined {
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
  const gone = resource.fields.filter((field) => named.includes(field.names.camel));
  if (gone.length === 0) return undefined;
  const fields = resource.fields.filter((field) => !gone.includes(field));
  if (fields.length === 0) {
    throw new UserError(`${resource.names.kebab} would have no field left.`, {
      hint: 'A resource needs at least one field: add the new one first (--add-fields).',
    });
  }
  return {
    fields,
    renames: new Map(),
    words: ['drop', ...gone.map((field) => field.names.camel), 'from', resource.names.pluralCamel],
  };
}

function renameField(resource: ResourceOptions, text: string): FieldChange | undefined {
  const [from, to, ...rest] = text.trim().split(':');
  if (!from || !to || rest.length > 0) {
    throw new UserError(`"${text}" is not a rename.`, {
      hint: 'Write it as old:new, e.g. --rename-field summary:abstract',
    });
  }
  const [renamed] = parseFields(to, resource.owner);
  const target = renamed!.names;
  const has = (name: string) => resource.fields.some((field) => field.names.camel === name);
  if (!has(from) && has(target.camel)) return undefined;
  if (!has(from)) {
    throw new UserError(`${resource.names.kebab} has no field "${from}".`, {
      hint: `Its fields: ${resource.fields.map((field) => field.names.camel).join(', ')}.`,
    });
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
    renames: new Map([[from, target.camel]]),
    words: ['rename', from, 'to', target.camel, 'in', resource.names.pluralCamel],
  };
}
