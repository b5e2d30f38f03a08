// restsmith/schema: build a GraphQL type-system schema from objects and print it as SDL.
export { Schema, isSchema, assertSchema } from './schema.js';
export type { DefinedType } from './schema.js';
export { SchemaSerializer } from './serializer.js';
export { SchemaError } from './errors.js';
export type { SchemaProblem } from './errors.js';
export {
  ScalarType,
  BooleanType,
  FloatType,
  IDType,
  IntegerType,
  StringType,
  BuiltInScalarType,
  isScalarType,
  assertScalarType,
  isBuiltInScalarType,
  assertBuiltInScalarType,
} from './scalars.js';
export type { BuiltInScalarName } from './scalars.js';
export {
  ObjectType,
  InterfaceType,
  InputType,
  isObjectType,
  assertObjectType,
  isInterfaceType,
  assertInterfaceType,
  isInputType,
  assertInputType,
} from './object-types.js';
export { UnionType, isUnionType, assertUnionType } from './union-type.js';
export { EnumType, isEnumType, assertEnumType } from './enum-type.js';
export { DirectiveType, isDirectiveType, assertDirectiveType } from './directive-type.js';
export { DirectiveLocation, isDirectiveLocation } from './directive-location.js';
export {
  Field,
  Argument,
  isField,
  assertField,
  isArgument,
  assertArgument,
  isNamedType,
} from './field.js';
export type { NamedType } from './field.js';
export type { AppliedDirective } from './applied-directives.js';
export { TypeModifier, isTypeModifier, assertTypeModifier } from './type-modifier.js';
export {
  ValueBoolean,
  ValueEnum,
  ValueFloat,
  ValueInteger,
  ValueNull,
  ValueString,
  isValue,
  assertValue,
  isValueEnum,
  assertValueEnum,
} from './values.js';
export type { Value } from './values.js';
