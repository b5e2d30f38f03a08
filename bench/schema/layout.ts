// The documented layout differences between restsmith/schema and graphql-js printSchema, undone:
// used by the bench and the tests to check both print the same schema text.
import { parse } from 'graphql';
import { printString } from '../../src/schema/values.js';

const commonSchemaBlock =
  /^schema \{\n(?: {2}(?:query: Query|mutation: Mutation|subscription: Subscription)\n)*\}$/;

/** Each definition of an SDL text, keyed `type Name`, `directive @name` or `schema`, in text order. */
function definitionsOf(text: string): Map<string, string> {
  const definitions = new Map<string, string>();
  for (const node of parse(text).definitions) {
    const name = 'name' in node && node.name ? node.name.value : 'schema';
    const key = node.kind === 'DirectiveDefinition' ? `@${name}` : name;
    definitions.set(key, text.slice(node.loc!.start, node.loc!.end));
  }
  // graphql-js leaves the schema block out when the roots have the common names; so may we, here.
  if (commonSchemaBlock.test(definitions.get('schema') ?? '')) definitions.delete('schema');
  return definitions;
}

/** graphql-js's description and spacing choices, rewritten as restsmith/schema prints them. */
function inOurLayout(definition: string): string {
  return definition
    .replace(/^"""((?:[^"\n]|"(?!""))*)"""\n/, (_, text: string) => `"""\n${text}\n"""\n`)
    .replace(
      /^( +)"""\n +([^\n]*)\n +"""$/gm,
      (_, indent: string, text: string) => indent + printString(text.replaceAll('\\"""', '"""')),
    )
    .replace(
      /^( +)"""((?:[^"\n]|"(?!""))*)"""$/gm,
      (_, indent: string, text: string) => indent + printString(text.replaceAll('\\"""', '"""')),
    )
    .replace(/\n\n( +")/g, '\n$1')
    .replace(/[ \t]+$/gm, '');
}

/**
 * What differs between our text and graphql-js's for the same schema, once the documented layout
 * differences are set aside: definition order, the schema block with common root names,
 * one-line block descriptions, blank lines before described fields. Empty when they agree.
 */
export function layoutDifferences(ours: string, graphqlJs: string): string[] {
  const mine = definitionsOf(ours);
  const theirs = definitionsOf(graphqlJs);
  const differences: string[] = [];
  for (const [key, definition] of mine) {
    const other = theirs.get(key);
    if (other === undefined) differences.push(`${key}: only in ours`);
    else if (inOurLayout(other) !== definition)
      differences.push(`${key}: ours\n${definition}\ngraphql-js\n${other}`);
  }
  for (const key of theirs.keys())
    if (!mine.has(key)) differences.push(`${key}: only in graphql-js`);
  return differences;
}
