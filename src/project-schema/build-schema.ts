// Builds the restsmith/schema Schema of a project model: DateTime, Node, Role, one type and two inputs per resource, Query, Mutation, with who may call each operation.
import {
  Argument,
  BooleanType,
  DirectiveLocation,
  DirectiveType,
  EnumType,
  Field,
  FloatType,
  IDType,
  InputType,
  IntegerType,
  InterfaceType,
  ObjectType,
  ScalarType,
  Schema,
  StringType,
  TypeModifier,
  ValueEnum,
  ValueInteger,
  type NamedType,
  type Value,
} from '../schema/index.js';
import type { GraphField } from './field-types.js';
import type { Operation } from './operations.js';
import type { ProjectModel } from './project-model.js';

const BUILT_IN: Record<string, () => NamedType> = {
  String: () => new StringType(),
  Int: () => new IntegerType(),
  Float: () => new FloatType(),
  Boolean: () => new BooleanType(),
  ID: () => new IDType(),
};

export const DESCRIPTIONS = {
  dateTime: 'A date and time as an ISO 8601 string in UTC, such as 2026-01-31T09:30:00.000Z.',
  node: 'Anything stored with an id: every resource, and users.',
  role: 'What a user may do: an ADMIN may also call the operations marked @auth(requires: ADMIN).',
  auth: "Needs a signed-in user's token (access_token, or Authorization: Bearer); requires: ADMIN needs an admin's.",
  masterKey:
    "Needs the project's master key (MASTER_KEY in .env) as access_token: for trusted servers and scripts, not for users.",
  clientKey:
    "Needs the project's client key (CLIENT_KEY in .env), which apps hold, or the master key, as access_token.",
};

/** The directives that say who may call an operation: `@auth`, `@auth(requires: ADMIN)`, `@masterKey`, `@clientKey`. */
interface AccessDirectives {
  auth: DirectiveType;
  masterKey: DirectiveType;
  clientKey: DirectiveType;
}

/** `directive @auth(requires: Role = USER)` and `directive @masterKey`, both on FIELD_DEFINITION. */
function accessDirectives(role: EnumType): AccessDirectives {
  return {
    auth: new DirectiveType('auth', DESCRIPTIONS.auth)
      .addLocation(DirectiveLocation.FIELD_DEFINITION)
      .addArgument(new Argument('requires', role, null, new ValueEnum('USER'))),
    masterKey: new DirectiveType('masterKey', DESCRIPTIONS.masterKey).addLocation(
      DirectiveLocation.FIELD_DEFINITION,
    ),
    clientKey: new DirectiveType('clientKey', DESCRIPTIONS.clientKey).addLocation(
      DirectiveLocation.FIELD_DEFINITION,
    ),
  };
}

export function buildProjectSchema(model: ProjectModel): Schema {
  const schema = new Schema();
  const types = new Map<string, NamedType>();
  const role = new EnumType('Role', DESCRIPTIONS.role, ['USER', 'ADMIN']);
  const access = accessDirectives(role);
  if (model.accounts) {
    schema.addDirective(access.auth).addEnum(role);
    types.set('Role', role);
  }
  if (model.operations.some((operation) => operation.access === 'master')) {
    schema.addDirective(access.masterKey);
  }
  if (model.operations.some((operation) => operation.access === 'client')) {
    schema.addDirective(access.clientKey);
  }
  const node = new InterfaceType('Node', DESCRIPTIONS.node).addField(
    new Field('id', new IDType(), new TypeModifier(false)),
  );
  schema.addInterface(node);
  const dateTime = new ScalarType('DateTime', DESCRIPTIONS.dateTime);
  schema.addScalar(dateTime);
  types.set('DateTime', dateTime);
  addTypes(schema, model, node, types, access);
  return schema;
}

/** Object types (all implementing Node), then Query and Mutation, then inputs: the serializer's order. */
function addTypes(
  schema: Schema,
  model: ProjectModel,
  node: InterfaceType,
  types: Map<string, NamedType>,
  access: AccessDirectives,
): void {
  const objects = model.objects.map((object) =>
    object.node === false
      ? new ObjectType(object.name)
      : new ObjectType(object.name).implements(node),
  );
  const inputs = model.inputs.map((input) => new InputType(input.name));
  for (const type of [...objects, ...inputs]) types.set(type.name, type);
  const typeOf = (name: string): NamedType => {
    const type = BUILT_IN[name]?.() ?? types.get(name);
    if (!type) throw new Error(`project-schema: no type ${name} was built`);
    return type;
  };
  model.objects.forEach((object, index) => addFields(objects[index]!, object.fields, typeOf));
  model.inputs.forEach((input, index) => addFields(inputs[index]!, input.fields, typeOf));
  objects.forEach((object) => schema.addObject(object));
  addRoots(schema, model.operations, typeOf, access);
  inputs.forEach((input) => schema.addInput(input));
}

function modifier(field: { list: boolean; nullable: boolean }): TypeModifier {
  return field.list
    ? new TypeModifier(false, true, field.nullable)
    : new TypeModifier(field.nullable);
}

function addFields(
  type: ObjectType | InputType,
  fields: readonly GraphField[],
  typeOf: (name: string) => NamedType,
): void {
  for (const field of fields)
    type.addField(new Field(field.name, typeOf(field.type), modifier(field)));
}

function addRoots(
  schema: Schema,
  operations: readonly Operation[],
  typeOf: (name: string) => NamedType,
  access: AccessDirectives,
): void {
  for (const root of ['Query', 'Mutation'] as const) {
    const fields = operations.filter((operation) => operation.root === root);
    if (fields.length === 0) continue;
    const type = new ObjectType(root);
    for (const operation of fields) type.addField(operationField(operation, typeOf, access));
    schema.addObject(type);
    if (root === 'Query') schema.setQuery(type);
    else schema.setMutation(type);
  }
}

function operationField(
  operation: Operation,
  typeOf: (name: string) => NamedType,
  access: AccessDirectives,
): Field {
  const field = new Field(
    operation.name,
    typeOf(operation.returns.type),
    modifier(operation.returns),
    operation.description ?? null,
  );
  for (const argument of operation.arguments) {
    const value =
      argument.defaultInteger === undefined ? null : new ValueInteger(argument.defaultInteger);
    field.addArgument(
      new Argument(
        argument.name,
        typeOf(argument.type),
        argument.list
          ? new TypeModifier(false, true, argument.nullable)
          : new TypeModifier(argument.nullable),
        value,
      ),
    );
  }
  return markAccess(field, operation.access, access);
}

const ADMIN: Record<string, Value> = { requires: new ValueEnum('ADMIN') };

/** Who may call the operation, as a directive on its field; public operations carry none. */
function markAccess(field: Field, level: Operation['access'], access: AccessDirectives): Field {
  if (level === 'master') return field.addDirective(access.masterKey);
  if (level === 'client') return field.addDirective(access.clientKey);
  if (level === 'user') return field.addDirective(access.auth);
  if (level === 'admin') return field.addDirective(access.auth, ADMIN);
  return field;
}
