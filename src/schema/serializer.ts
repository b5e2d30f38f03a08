// Schema-definition text from a Schema: one small printer per construct, after graphql-js printSchema.
import type { AppliedDirective } from './applied-directives.js';
import type { DirectiveType } from './directive-type.js';
import type { EnumType } from './enum-type.js';
import { printDefinitionDescription, printFieldDescription } from './description.js';
import { SchemaError } from './errors.js';
import type { Argument, Field } from './field.js';
import { assertSchema, type Schema } from './schema.js';
import type { InputType, InterfaceType, ObjectType } from './object-types.js';
import type { ScalarType } from './scalars.js';
import { unprintableProblems } from './unprintable.js';
import type { UnionType } from './union-type.js';
import type { Value } from './values.js';
import { printString } from './values.js';

/**
 * @example
 * const url = new ScalarType('Url');
 * const query = new ObjectType('Query').addField(new Field('home', url));
 * const schema = new Schema().addScalar(url).addObject(query).setQuery(query);
 * new SchemaSerializer().serialize(schema);
 * // 'scalar Url\n\ntype Query {\n  home: Url\n}\n\nschema {\n  query: Query\n}\n'
 */
export class SchemaSerializer {
  /** The SDL of `schema`; throws a SchemaError for what GraphQL cannot express (an empty type, ...). */
  serialize(schema: Schema): string {
    assertSchema(schema, 'serialize argument');
    const [first] = unprintableProblems(schema);
    if (first) throw new SchemaError(first.message);
    return printSchema(schema);
  }
}

function printSchema(schema: Schema): string {
  // Joined once, as fields are joined per type: one string grown across the whole schema keeps a
  // deep rope alive, and collecting it cost more than the printing itself (see bench/schema).
  const definitions: string[] = [];
  for (const directive of schema.getDirectives()) definitions.push(printDirective(directive));
  for (const iface of schema.getInterfaces()) definitions.push(printInterface(iface));
  for (const scalar of schema.getScalars()) definitions.push(printScalar(scalar));
  for (const enumType of schema.getEnums()) definitions.push(printEnum(enumType));
  for (const union of schema.getUnions()) definitions.push(printUnion(union));
  for (const object of schema.getObjects()) definitions.push(printObject(object));
  for (const input of schema.getInputs()) definitions.push(printInput(input));
  const schemaBlock = printSchemaBlock(schema);
  if (schemaBlock !== '') definitions.push(schemaBlock);
  // Definitions are separated by one blank line; the text ends with a single newline.
  return definitions.length === 0 ? '' : definitions.join('\n\n') + '\n';
}

function printDirective(directive: DirectiveType): string {
  return (
    printDefinitionDescription(directive.description) +
    'directive @' +
    directive.name +
    printArguments(directive.getArguments()) +
    (directive.isRepeatable() ? ' repeatable' : '') +
    ' on ' +
    directive.getLocations().join(' | ')
  );
}

function printInterface(iface: InterfaceType): string {
  return (
    printDefinitionDescription(iface.description) +
    'interface ' +
    iface.name +
    printDirectives(iface.getDirectives()) +
    printFields(iface.getFields())
  );
}

function printScalar(scalar: ScalarType): string {
  return printDefinitionDescription(scalar.description) + 'scalar ' + scalar.name;
}

function printEnum(enumType: EnumType): string {
  const values = '  ' + enumType.getValues().join('\n  ');
  return (
    printDefinitionDescription(enumType.description) +
    'enum ' +
    enumType.name +
    ' {\n' +
    values +
    '\n}'
  );
}

function printUnion(union: UnionType): string {
  const members = union.getObjectTypes().map((member) => member.name);
  return (
    printDefinitionDescription(union.description) +
    'union ' +
    union.name +
    ' = ' +
    members.join(' | ')
  );
}

function printObject(object: ObjectType): string {
  return (
    printDefinitionDescription(object.description) +
    'type ' +
    object.name +
    printImplements(object.getInterfaces()) +
    printDirectives(object.getDirectives()) +
    printFields(object.getFields())
  );
}

function printInput(input: InputType): string {
  return (
    printDefinitionDescription(input.description) +
    'input ' +
    input.name +
    printDirectives(input.getDirectives()) +
    printFields(input.getFields())
  );
}

function printImplements(interfaces: readonly InterfaceType[]): string {
  if (interfaces.length === 0) return '';
  return ' implements ' + interfaces.map((iface) => iface.name).join(' & ');
}

function printFields(fields: readonly Field[]): string {
  return ' {\n' + fields.map(printField).join('\n') + '\n}';
}

function printField(field: Field): string {
  return (
    printFieldDescription(field.description, '  ') +
    '  ' +
    field.name +
    printArguments(field.getArguments()) +
    ': ' +
    field.typeText +
    printDirectives(field.getDirectives()) +
    printDeprecated(field)
  );
}

function printArguments(args: readonly Argument[]): string {
  if (args.length === 0) return '';
  return '(' + args.map(printArgument).join(', ') + ')';
}

function printArgument(argument: Argument): string {
  return (
    argument.name +
    ': ' +
    argument.typeText +
    printDefault(argument.defaultValue) +
    printDirectives(argument.getDirectives())
  );
}

function printDefault(value: Value | null): string {
  return value === null ? '' : ' = ' + value.toString();
}

/** ` @auth @cost(weight: 2)`, as graphql-js prints directives: arguments in the order given. */
function printDirectives(applied: readonly AppliedDirective[]): string {
  if (applied.length === 0) return '';
  let text = '';
  for (const { directive, args } of applied) text += ' @' + directive.name + printValues(args);
  return text;
}

function printValues(args: Readonly<Record<string, Value>>): string {
  const names = Object.keys(args);
  if (names.length === 0) return '';
  return '(' + names.map((name) => name + ': ' + args[name].toString()).join(', ') + ')';
}

function printDeprecated(field: Field): string {
  if (!field.isDeprecated()) return '';
  const reason = field.deprecationReason;
  return reason === null ? ' @deprecated' : ' @deprecated(reason: ' + printString(reason) + ')';
}

function printSchemaBlock(schema: Schema): string {
  const query = schema.getQuery();
  const mutation = schema.getMutation();
  const subscription = schema.getSubscription();
  if (!query && !mutation && !subscription) return '';
  return (
    'schema {\n' +
    (query ? '  query: ' + query.name + '\n' : '') +
    (mutation ? '  mutation: ' + mutation.name + '\n' : '') +
    (subscription ? '  subscription: ' + subscription.name + '\n' : '') +
    '}'
  );
}
