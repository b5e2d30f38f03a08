// The path every printing test takes: serialize, then prove graphql-js reads the same schema back.
import dedent from 'dedent';
import {
  buildSchema,
  getDirectiveValues,
  parse,
  print,
  printSchema,
  validateSchema,
  visit,
  type ASTNode,
  type DirectiveNode,
  type GraphQLSchema,
} from 'graphql';
import { expect } from 'vitest';
import { layoutDifferences } from '../../bench/schema/layout.js';
import { SchemaSerializer, type Schema } from '../../src/schema/index.js';

/** Expected SDL written out in the test, as the serializer ends it: with one newline. */
export const sdl = (strings: TemplateStringsArray, ...values: unknown[]): string =>
  dedent.withOptions({ escapeSpecialCharacters: false })(strings, ...values) + '\n';

/**
 * Serializes a schema that validate() accepts and checks the round trip: graphql-js buildSchema
 * parses the text, validateSchema finds nothing, and its printSchema gives the same text
 * modulo the documented layout differences. printSchema prints no applied directive but
 * @deprecated, so those are checked on their own (see appliedDirectives) and left out of that
 * comparison.
 */
export function printValid(schema: Schema): string {
  expect(schema.validate().map((problem) => problem.message)).toEqual([]);
  const text = new SchemaSerializer().serialize(schema);
  const rebuilt = buildSchema(text);
  expect(validateSchema(rebuilt).map((error) => error.message)).toEqual([]);
  const { without, differences } = appliedDirectives(text, rebuilt);
  expect(differences).toEqual([]);
  expect(layoutDifferences(without, printSchema(rebuilt))).toEqual([]);
  return text;
}

const isApplied = (directive: DirectiveNode) => directive.name.value !== 'deprecated';

/**
 * Applied directives in `text`, which buildSchema has already checked (known directive, location,
 * argument names, required arguments, repeats): graphql-js must coerce their argument values, and
 * print each field or argument carrying one exactly as we do. Returns the text with them cut out.
 */
function appliedDirectives(text: string, rebuilt: GraphQLSchema) {
  const differences: string[] = [];
  const cuts: Array<[number, number]> = [];
  const compare = (node: ASTNode, from: number) => {
    const ours = text.slice(from, node.loc!.end);
    const theirs = print({ ...node, description: undefined } as ASTNode);
    if (ours !== theirs) differences.push(`ours: ${ours}\ngraphql-js: ${theirs}`);
  };
  visit(parse(text), {
    Directive(node) {
      // Throws a GraphQLError for a value the argument's type does not accept.
      getDirectiveValues(rebuilt.getDirective(node.name.value)!, { directives: [node] });
      if (isApplied(node)) cuts.push([node.loc!.start - 1, node.loc!.end]);
    },
    enter(node) {
      if (!('directives' in node) || !node.directives?.some(isApplied)) return;
      if (node.kind === 'FieldDefinition' || node.kind === 'InputValueDefinition') {
        compare(node, node.name.loc!.start);
      } else {
        for (const directive of node.directives) compare(directive, directive.loc!.start);
      }
    },
  });
  let without = text;
  for (const [start, end] of cuts.reverse()) without = without.slice(0, start) + without.slice(end);
  return { without, differences };
}

export function expectPrints(schema: Schema, expected: string): void {
  expect(printValid(schema)).toBe(expected);
}

/**
 * Serializes a schema that validate() rejects with exactly `problems` (printing it anyway, as
 * `--no-validate` does): the text must still parse as GraphQL.
 */
export function printInvalid(schema: Schema, problems: string[]): string {
  expect(schema.validate().map((problem) => problem.message)).toEqual(problems);
  const text = new SchemaSerializer().serialize(schema);
  if (text !== '') parse(text);
  return text;
}
