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
import { SdlWriter } from './sdl-writer.js';

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
  // One writer for the whole text, no string per field or per type: see SdlWriter for why.
  const out = new SdlWriter();
  for (const directive of schema.getDirectives()) printDirective(out, directive);
  for (const iface of schema.getInterfaces()) printInterface(out, iface);
  for (const scalar of schema.getScalars()) printScalar(out, scalar);
  for (const enumType of schema.getEnums()) printEnum(out, enumType);
  for (const union of schema.getUnions()) printUnion(out, union);
  for (const object of schema.getObjects()) printObject(out, object);
  for (const input of schema.getInputs()) printInput(out, input);
  printSchemaBlock(out, schema);
  // Every definition ends with a blank line; the text ends with a single newline.
  out.trimEnd(1);
  return out.toString();
}

/** What ends every definition: a blank line before the next one. */
const END = '\n\n';

function printDirective(out: SdlWriter, directive: DirectiveType): void {
  out.write(printDefinitionDescription(directive.description), 'directive @', directive.name);
  printArguments(out, directive.getArguments());
  if (directive.isRepeatable()) out.write(' repeatable');
  out.write(' on ', directive.getLocations().join(' | '), END);
}

function printInterface(out: SdlWriter, iface: InterfaceType): void {
  out.write(printDefinitionDescription(iface.description), 'interface ', iface.name);
  printDirectives(out, iface.getDirectives());
  printFields(out, iface.getFields());
}

function printScalar(out: SdlWriter, scalar: ScalarType): void {
  out.write(printDefinitionDescription(scalar.description), 'scalar ', scalar.name, END);
}

function printEnum(out: SdlWriter, enumType: EnumType): void {
  out.write(printDefinitionDescription(enumType.description), 'enum ', enumType.name, ' {\n  ');
  out.write(enumType.getValues().join('\n  '), '\n}', END);
}

function printUnion(out: SdlWriter, union: UnionType): void {
  out.write(printDefinitionDescription(union.description), 'union ', union.name, ' =');
  union.getObjectTypes().forEach((member, i) => out.write(i === 0 ? ' ' : ' | ', member.name));
  out.write(END);
}

function printObject(out: SdlWriter, object: ObjectType): void {
  out.write(printDefinitionDescription(object.description), 'type ', object.name);
  printImplements(out, object.getInterfaces());
  printDirectives(out, object.getDirectives());
  printFields(out, object.getFields());
}

function printInput(out: SdlWriter, input: InputType): void {
  out.write(printDefinitionDescription(input.description), 'input ', input.name);
  printDirectives(out, input.getDirectives());
  printFields(out, input.getFields());
}

function printImplements(out: SdlWriter, interfaces: readonly InterfaceType[]): void {
  for (let i = 0; i < interfaces.length; i++) {
    out.write(i === 0 ? ' implements ' : ' & ', interfaces[i].name);
  }
}

function printFields(out: SdlWriter, fields: readonly Field[]): void {
  out.write(' {\n');
  for (const field of fields) printField(out, field);
  out.write('}', END);
}

function printField(out: SdlWriter, field: Field): void {
  const args = field.getArguments();
  const directives = field.getDirectives();
  if (
    field.description === null &&
    args.length === 0 &&
    directives.length === 0 &&
    !field.isDeprecated()
  ) {
    return out.writeFieldLine(field.name, field.typeText);
  }
  if (field.description !== null) out.write(printFieldDescription(field.description, '  '));
  out.write('  ', field.name);
  printArguments(out, args);
  out.write(': ', field.typeText);
  printDirectives(out, directives);
  if (field.isDeprecated()) printDeprecated(out, field.deprecationReason);
  out.write('\n');
}

function printArguments(out: SdlWriter, args: readonly Argument[]): void {
  if (args.length === 0) return;
  for (let i = 0; i < args.length; i++) {
    const argument = args[i];
    out.write(i === 0 ? '(' : ', ', argument.name, ': ', argument.typeText);
    if (argument.defaultValue !== null) out.write(' = ', argument.defaultValue.toString());
    printDirectives(out, argument.getDirectives());
  }
  out.write(')');
}

/** ` @auth @cost(weight: 2)`, as graphql-js prints directives: arguments in the order given. */
function printDirectives(out: SdlWriter, applied: readonly AppliedDirective[]): void {
  for (const { directive, args } of applied) {
    out.write(' @', directive.name);
    printValues(out, args);
  }
}

function printValues(out: SdlWriter, args: Readonly<Record<string, Value>>): void {
  const names = Object.keys(args);
  if (names.length === 0) return;
  names.forEach((name, i) => out.write(i === 0 ? '(' : ', ', name, ': ', args[name].toString()));
  out.write(')');
}

function printDeprecated(out: SdlWriter, reason: string | null): void {
  if (reason === null) out.write(' @deprecated');
  else out.write(' @deprecated(reason: ', printString(reason), ')');
}

function printSchemaBlock(out: SdlWriter, schema: Schema): void {
  const query = schema.getQuery();
  const mutation = schema.getMutation();
  const subscription = schema.getSubscription();
  if (!query && !mutation && !subscription) return;
  out.write('schema {\n');
  if (query) out.write('  query: ', query.name, '\n');
  if (mutation) out.write('  mutation: ', mutation.name, '\n');
  if (subscription) out.write('  subscription: ', subscription.name, '\n');
  out.write('}', END);
}
