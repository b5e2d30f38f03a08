// The import rules of the house (../shared/STYLE.md, docs/development.md): each a list of the imports that break it.
import { circles, partOf, type ImportEdge } from './import-graph.js';

/**
 * What a template may import besides the model: the engine's file types, and the loader, through
 * which templates get ts-morph's values (`StructureKind`, `Scope`...; src/loader/ts-morph.ts says
 * why they are required, not imported). Templates reach each other by relative imports, and
 * templates-ast/project.ts and resource.ts are their registries: all inside templates-ast.
 */
export const TEMPLATE_IMPORTS = [
  'src/engine/generated-file.ts',
  'src/loader/ts-morph.ts',
  // restsmith.json names the restsmith that wrote it (rest upgrade): the version from its package.json.
  'src/loader/version.ts',
];

/** The generators, which import the model and the engine, never each other. */
const GENERATORS = ['src/project', 'src/resource', 'src/project-schema'];

/** Where the CLI lives: only commands and hooks import it. */
const CLI = ['src/cli', 'src/commands', 'src/hooks'];

/**
 * src/schema's classes name each other in their types (a field's type is an object type, whose
 * fields are fields): circles of `import type` only, which compilation removes. A value import
 * closing such a circle is still a circle.
 */
const TYPE_CIRCLES_ALLOWED = ['src/schema'];

/**
 * The floors of the house, top to bottom (docs/development.md draws them): a part imports only the
 * parts on lower floors. A new part must be given its floor here.
 */
export const FLOORS: string[][] = [
  ['src/commands', 'src/hooks'],
  ['src/cli'],
  // rest upgrade replays what rest new and rest api write, with the AppModule editor of rest api.
  ['src/upgrade'],
  ['src/project', 'src/resource', 'src/project-schema'],
  ['templates-ast', 'src/schema-print'],
  ['src/engine'],
  ['src/schema', 'src/route'],
  ['src/model', 'src/loader'],
];

const floorOf = (part: string): number => FLOORS.findIndex((floor) => floor.includes(part));

export interface Rule {
  name: string;
  /** The imports (or circles) that break the rule, one line each. */
  broken(edges: ImportEdge[]): string[];
}

const line = ({ from, to, typeOnly }: ImportEdge) =>
  `${from} -> ${to}${typeOnly ? ' (type only)' : ''}`;

/** A rule over the imports that leave a part it `applies` to: `allowed(to part, to file)` says which may. */
const crossing = (
  name: string,
  applies: (part: string) => boolean,
  allowed: (toPart: string, to: string) => boolean,
): Rule => ({
  name,
  broken: (edges) =>
    edges
      .filter(({ from, to }) => partOf(from) !== partOf(to) && applies(partOf(from)))
      .filter(({ to }) => !allowed(partOf(to), to))
      .map(line),
});

export const RULES: Rule[] = [
  {
    name: 'every part has its floor',
    broken: (edges) => [
      ...new Set(edges.map(({ from }) => partOf(from)).filter((part) => floorOf(part) < 0)),
    ],
  },
  {
    name: 'a part imports only the parts on lower floors',
    broken: (edges) =>
      edges
        .filter(({ from, to }) => partOf(from) !== partOf(to))
        .filter(({ from, to }) => floorOf(partOf(to)) <= floorOf(partOf(from)))
        .map(line),
  },
  crossing(
    'src/model imports nothing of the rest',
    (part) => part === 'src/model',
    () => false,
  ),
  crossing(
    "a template imports only the model, the engine's file types and the loader",
    (part) => part === 'templates-ast',
    (part, to) => part === 'src/model' || TEMPLATE_IMPORTS.includes(to),
  ),
  crossing(
    'src/project, src/resource and src/project-schema never import each other',
    (part) => GENERATORS.includes(part),
    (part) => !GENERATORS.includes(part),
  ),
  crossing(
    'the engine imports only the model and the loader: no CLI, no generator, no template',
    (part) => part === 'src/engine',
    (part) => part === 'src/model' || part === 'src/loader',
  ),
  crossing(
    'only commands and hooks import the CLI',
    (part) => !CLI.includes(part),
    (part) => !CLI.includes(part),
  ),
  crossing(
    'a library (src/schema, src/route) imports nothing of the CLI, the generators or the templates',
    (part) => part === 'src/schema' || part === 'src/route',
    (part) => part === 'src/loader',
  ),
  {
    name: 'no import circles inside a part',
    broken: (edges) =>
      circles(
        edges.filter(
          ({ from, to, typeOnly }) =>
            partOf(from) === partOf(to) &&
            !(typeOnly && TYPE_CIRCLES_ALLOWED.includes(partOf(from))),
        ),
      ).map((circle) => `circle: ${circle.join(' <-> ')}`),
  },
];
