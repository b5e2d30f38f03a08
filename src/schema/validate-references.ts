// validate(): every type a definition names is the one added to the schema, and of the right kind.
import { problem, type SchemaProblem } from './errors.js';
import type { NamedType } from './field.js';
import { describe, kindOf, withArticle, type Kind } from './kinds.js';
import type { Schema } from './schema.js';

type Position = 'output' | 'input' | 'any';

const outputKinds = new Set<Kind>([
  'ScalarType',
  'BuiltInScalarType',
  'ObjectType',
  'InterfaceType',
  'UnionType',
  'EnumType',
]);
const inputKinds = new Set<Kind>(['ScalarType', 'BuiltInScalarType', 'EnumType', 'InputType']);

const addMethods: Partial<Record<Kind, string>> = {
  ScalarType: 'addScalar',
  ObjectType: 'addObject',
  InterfaceType: 'addInterface',
  UnionType: 'addUnion',
  EnumType: 'addEnum',
  InputType: 'addInput',
};

function kindProblem(
  coordinate: string,
  type: NamedType,
  position: Position,
): SchemaProblem | null {
  const kind = kindOf(type) as Kind;
  if (position === 'output' && !outputKinds.has(kind)) {
    return problem(
      coordinate,
      `has type ${type.name}, an InputType, but fields of types and interfaces need output types: use an ObjectType`,
    );
  }
  if (position === 'input' && !inputKinds.has(kind)) {
    return problem(
      coordinate,
      `has type ${type.name}, ${withArticle(kind)}, but arguments and input fields need input types: use an InputType, a scalar or an enum`,
    );
  }
  return null;
}

/** The problem with one reference from `coordinate` to `type`, if any. */
export function referenceProblem(
  schema: Schema,
  coordinate: string,
  type: NamedType,
  position: Position,
): SchemaProblem | null {
  if (kindOf(type) === 'BuiltInScalarType') return null;
  const added = schema.getType(type.name);
  if (!added) {
    const method = addMethods[kindOf(type) as Kind] ?? 'add';
    return problem(
      coordinate,
      `refers to ${type.name}, which was never added to the schema: add it with schema.${method}(${type.name})`,
    );
  }
  if (added !== type) {
    return problem(
      coordinate,
      `refers to a different ${kindOf(type)} named ${type.name} than the ${describe(added)} added to the schema: use the added one`,
    );
  }
  return kindProblem(coordinate, type, position);
}

function fieldReferences(schema: Schema, problems: SchemaProblem[]): void {
  for (const type of [...schema.getInterfaces(), ...schema.getObjects()]) {
    for (const field of type.getFields()) {
      problems.push(referenceProblem(schema, `${type.name}.${field.name}`, field.type, 'output')!);
      for (const argument of field.getArguments()) {
        const coordinate = `${type.name}.${field.name}(${argument.name}:)`;
        problems.push(referenceProblem(schema, coordinate, argument.type, 'input')!);
      }
    }
  }
  for (const input of schema.getInputs()) {
    for (const field of input.getFields()) {
      problems.push(referenceProblem(schema, `${input.name}.${field.name}`, field.type, 'input')!);
    }
  }
}

function otherReferences(schema: Schema, problems: SchemaProblem[]): void {
  for (const object of schema.getObjects()) {
    for (const iface of object.getInterfaces())
      problems.push(referenceProblem(schema, object.name, iface, 'any')!);
  }
  for (const union of schema.getUnions()) {
    for (const member of union.getObjectTypes())
      problems.push(referenceProblem(schema, union.name, member, 'any')!);
  }
  for (const directive of schema.getDirectives()) {
    for (const argument of directive.getArguments()) {
      const coordinate = `@${directive.name}(${argument.name}:)`;
      problems.push(referenceProblem(schema, coordinate, argument.type, 'input')!);
    }
  }
}

export function referenceProblems(schema: Schema): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  fieldReferences(schema, problems);
  otherReferences(schema, problems);
  return problems.filter(Boolean);
}
