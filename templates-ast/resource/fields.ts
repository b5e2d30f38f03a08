// What each field type becomes in TypeScript, class-validator rules, SQL columns and Mongoose props.
import type { OptionalKind, DecoratorStructure, PropertyDeclarationStructure } from 'ts-morph';
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { Database } from '../../src/model/project.js';
import type { FieldOptions, ResourceOptions } from '../../src/model/resource.js';
import { use } from '../_shared/pieces.js';
import { timestampColumn } from '../database/sql-dialects.js';

const TS_TYPES = {
  string: 'string',
  text: 'string',
  number: 'number',
  boolean: 'boolean',
  date: 'Date',
} as const;

/** The field's type in the entity or schema class: `string[]`, `Date`. */
export const tsType = (field: FieldOptions): string =>
  `${TS_TYPES[field.type]}${field.array ? '[]' : ''}`;

/** The field's type in a response body: dates are ISO strings there. */
export const jsonType = (field: FieldOptions): string =>
  field.type === 'date' ? `string${field.array ? '[]' : ''}` : tsType(field);

/** Fields `q` searches: the text ones that are not lists. */
export const searchableFields = (resource: ResourceOptions): FieldOptions[] =>
  resource.fields.filter(
    (field) => (field.type === 'string' || field.type === 'text') && !field.array,
  );

/** `--indexes price`: the field has an index of its own, for the list's sort and filters. */
export const isIndexed = (resource: ResourceOptions, field: FieldOptions): boolean =>
  resource.indexes?.includes(field.names.camel) ?? false;

/**
 * What a list sorts by: id, createdAt, the owner and the fields of `--indexes` (each has an index),
 * so that no `sort` orders the whole table; sorting by another field is a 400 naming these.
 */
export const sortableFieldNames = (resource: ResourceOptions): string[] => [
  'id',
  ...resource.fields
    .filter((field) => !field.array && isIndexed(resource, field))
    .map((field) => field.names.camel),
  ...(resource.owner ? [resource.owner.camel] : []),
  'createdAt',
];

/** Every field a list query may name in `fields`. */
export const listableFieldNames = (resource: ResourceOptions): string[] => [
  'id',
  ...resource.fields.map((field) => field.names.camel),
  ...(resource.owner ? [resource.owner.camel] : []),
  'createdAt',
  'updatedAt',
];

// class-validator rules per type; a list checks each element.
const VALIDATORS: Record<FieldOptions['type'], string> = {
  string: 'IsString',
  text: 'IsString',
  number: 'IsNumber',
  boolean: 'IsBoolean',
  date: 'IsDate',
};

/** Longest accepted value: a `string` is a short text (a title), a `text` a long one (a body). */
const MAX_LENGTH = { string: 255, text: 100_000 };

/** Longest accepted list: the items are checked one by one, and so is their number. */
const MAX_ITEMS = 100;

/** How a form's text becomes the field's type before the rules run (see src/common/form-value.ts). */
const FORM_TYPES = {
  string: 'text',
  text: 'text',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
} as const;

/**
 * A property of the create DTO (what POST takes and PUT replaces an entry with) with its
 * class-validator rules; `[]` fields check each element. An optional field may be left out or
 * null, which clears it.
 */
export function dtoProperty(field: FieldOptions): {
  property: OptionalKind<PropertyDeclarationStructure>;
  imports: ImportRef[];
} {
  const optional = field.optional;
  const each = field.array ? '{ each: true }' : undefined;
  const decorators: OptionalKind<DecoratorStructure>[] = [];
  const validators: string[] = [];
  const rule = (name: string, ...args: (string | undefined)[]) => {
    validators.push(name);
    decorators.push({ name, arguments: args.filter((arg) => arg !== undefined) });
  };
  const swagger = optional ? 'ApiPropertyOptional' : 'ApiProperty';
  // `string | null` reflects as Object: an optional field names its type.
  const schema = [
    ...(field.array
      ? [`type: [${swaggerType(field)}]`]
      : optional
        ? [`type: ${swaggerType(field)}`]
        : []),
    ...(optional ? ['nullable: true'] : []),
  ];
  decorators.push({
    name: swagger,
    arguments: schema.length ? [`{ ${schema.join(', ')} }`] : [],
  });
  const formType = `'${FORM_TYPES[field.type]}'`;
  const converts = field.array || FORM_TYPES[field.type] !== 'text';
  if (converts) {
    decorators.push({
      name: 'FormValue',
      arguments: field.array ? [formType, '{ list: true }'] : [formType],
    });
  }
  if (optional) rule('IsOptional');
  if (field.array) {
    rule('IsArray');
    rule('ArrayMaxSize', String(MAX_ITEMS));
  }
  rule(VALIDATORS[field.type], ...(field.type === 'number' && each ? ['{}', each] : [each]));
  if (field.type === 'string' || field.type === 'text') {
    if (!field.array) rule('IsNotEmpty');
    rule('MaxLength', String(MAX_LENGTH[field.type]), each);
  }
  return {
    property: {
      name: field.names.camel,
      type: optional ? `${tsType(field)} | null` : tsType(field),
      hasQuestionToken: optional,
      decorators,
    },
    imports: [
      { from: '@nestjs/swagger', named: [swagger] },
      ...(converts ? [use('formValue', 'FormValue')] : []),
      { from: 'class-validator', named: validators },
    ],
  };
}

const swaggerType = (field: FieldOptions): string =>
  ({ string: 'String', text: 'String', number: 'Number', boolean: 'Boolean', date: 'Date' })[
    field.type
  ];

/** TypeORM column options: portable between SQLite, PostgreSQL and MySQL. */
export function columnArguments(field: FieldOptions, database: Database): string {
  const nullable = field.optional ? ', nullable: true' : '';
  if (field.array) return `{ type: 'simple-json'${nullable} }`;
  const type = {
    string: "type: 'varchar', length: 255",
    text: "type: 'text'",
    number: "type: 'double precision'",
    boolean: "type: 'boolean'",
    date: timestampColumn(database),
  }[field.type];
  return `{ ${type}${nullable} }`;
}

/** Mongoose @Prop options; `indexed` for a field named by `--indexes`. */
export function propArguments(field: FieldOptions, indexed = false): string {
  const type = {
    string: 'String',
    text: 'String',
    number: 'Number',
    boolean: 'Boolean',
    date: 'Date',
  }[field.type];
  const required = field.optional ? '' : ', required: true';
  const index = indexed ? ', index: true' : '';
  return field.array ? `{ type: [${type}], default: [] }` : `{ type: ${type}${required}${index} }`;
}
