// The path every printing test takes: serialize, then prove graphql-js reads the same schema back.
import dedent from 'dedent';
import { buildSchema, parse, printSchema, validateSchema } from 'graphql';
import { expect } from 'vitest';
import { layoutDifferences } from '../../bench/schema/layout.js';
import { SchemaSerializer, type Schema } from '../../src/schema/index.js';

/** Expected SDL written out in the test, as the serializer ends it: with one newline. */
export const sdl = (strings: TemplateStringsArray, ...values: unknown[]): string =>
  dedent.withOptions({ escapeSpecialCharacters: false })(strings, ...values) + '\n';

/**
 * Serializes a schema that validate() accepts and checks the round trip: graphql-js buildSchema
 * parses the text, validateSchema finds nothing, and its printSchema gives the same text
 * modulo the documented layout differences.
 */
export function printValid(schema: Schema): string {
  expect(schema.validate().map((problem) => problem.message)).toEqual([]);
  const text = new SchemaSerializer().serialize(schema);
  const rebuilt = buildSchema(text);
  expect(validateSchema(rebuilt).map((error) => error.message)).toEqual([]);
  expect(layoutDifferences(text, printSchema(rebuilt))).toEqual([]);
  return text;
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
