// validate(): each applied directive is the one added to the schema, may stand where it is, and gets the arguments it declares.
import type { AppliedDirective } from './applied-directives.js';
import type { DirectiveLocation } from './directive-location.js';
import type { DirectiveType } from './directive-type.js';
import { problem, type SchemaProblem } from './errors.js';
import type { Argument, Field } from './field.js';
import type { InputType, InterfaceType, ObjectType } from './object-types.js';
import type { Schema } from './schema.js';
import { isRequired, shapeOf } from './type-shape.js';
import { valueMismatch } from './validate-defaults.js';

/** Directives applied at one place: `Query.me` on FIELD_DEFINITION. */
interface Site {
  readonly coordinate: string;
  readonly location: DirectiveLocation;
  readonly applied: readonly AppliedDirective[];
}

function argumentSites(owner: string, args: readonly Argument[]): Site[] {
  return args.map((argument) => ({
    coordinate: `${owner}(${argument.name}:)`,
    location: 'ARGUMENT_DEFINITION',
    applied: argument.getDirectives(),
  }));
}

function typeSites(
  type: ObjectType | InterfaceType | InputType,
  location: DirectiveLocation,
  fieldLocation: DirectiveLocation,
): Site[] {
  const fieldSites = (field: Field): Site[] => [
    {
      coordinate: `${type.name}.${field.name}`,
      location: fieldLocation,
      applied: field.getDirectives(),
    },
    ...argumentSites(`${type.name}.${field.name}`, field.getArguments()),
  ];
  return [
    { coordinate: type.name, location, applied: type.getDirectives() },
    ...type.getFields().flatMap(fieldSites),
  ];
}

/** Every place that can carry applied directives, in the order validate() reports them. */
function sites(schema: Schema): Site[] {
  return [
    ...schema.getInterfaces().flatMap((t) => typeSites(t, 'INTERFACE', 'FIELD_DEFINITION')),
    ...schema.getObjects().flatMap((t) => typeSites(t, 'OBJECT', 'FIELD_DEFINITION')),
    ...schema.getInputs().flatMap((t) => typeSites(t, 'INPUT_OBJECT', 'INPUT_FIELD_DEFINITION')),
    ...schema.getDirectives().flatMap((d) => argumentSites(`@${d.name}`, d.getArguments())),
  ].filter((site) => site.applied.length > 0);
}

/** The problem when `directive` is not the one the schema has under its name, else null. */
function addedProblem(schema: Schema, site: Site, directive: DirectiveType): SchemaProblem | null {
  const { name } = directive;
  const added = schema.getDirectives().find((known) => known.name === name);
  if (!added) {
    return problem(
      site.coordinate,
      `applies @${name}, which was never added to the schema: add it with schema.addDirective(${name})`,
    );
  }
  if (added === directive) return null;
  return problem(
    site.coordinate,
    `applies a different DirectiveType named @${name} than the one added to the schema: apply the added one`,
  );
}

function locationProblem(site: Site, directive: DirectiveType): SchemaProblem | null {
  if (directive.getLocations().includes(site.location)) return null;
  const { name } = directive;
  const declared = directive.getLocations().join(' | ') || 'none';
  return problem(
    site.coordinate,
    `applies @${name}, which is not declared on ${site.location} (its locations: ${declared}): add DirectiveLocation.${site.location} to @${name} with addLocation(), or remove it here`,
  );
}

function argumentProblems(site: Site, { directive, args }: AppliedDirective): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const at = `${site.coordinate} @${directive.name}`;
  const declared = directive.getArguments();
  for (const [name, value] of Object.entries(args)) {
    const argument = declared.find((known) => known.name === name);
    const mismatch = argument
      ? valueMismatch(argument, value, 'value')
      : declared.length === 0
        ? `@${directive.name} takes no arguments: remove ${name}, or declare it on @${directive.name} with addArgument()`
        : `@${directive.name} declares no argument ${name}: use one of ${declared.map((known) => known.name).join(', ')}, or declare it with addArgument()`;
    if (mismatch) problems.push(problem(`${at}(${name}:)`, mismatch));
  }
  for (const argument of declared) {
    if (Object.hasOwn(args, argument.name)) continue;
    if (!isRequired(shapeOf(argument), argument.defaultValue)) continue;
    problems.push(
      problem(
        at,
        `@${directive.name} requires the argument ${argument.name}: ${argument.typeText}, which is missing here: pass it, or give that argument a default`,
      ),
    );
  }
  return problems;
}

function repeatProblems(site: Site, placed: readonly DirectiveType[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const directive of new Set(placed)) {
    const times = placed.filter((known) => known === directive).length;
    if (times < 2 || directive.isRepeatable()) continue;
    problems.push(
      problem(
        site.coordinate,
        `applies @${directive.name} ${times} times, but @${directive.name} is not repeatable: apply it once, or call setRepeatable(true) on it`,
      ),
    );
  }
  return problems;
}

function siteProblems(schema: Schema, site: Site): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  // A directive the schema does not have is reported once; its arguments mean nothing until it is added.
  const known = new Set<DirectiveType>();
  for (const directive of new Set(site.applied.map((applied) => applied.directive))) {
    const unknown = addedProblem(schema, site, directive);
    if (unknown) problems.push(unknown);
    else known.add(directive);
  }
  for (const directive of known) {
    const misplaced = locationProblem(site, directive);
    if (misplaced) problems.push(misplaced);
  }
  const placed = site.applied.filter((applied) => known.has(applied.directive));
  for (const applied of placed) problems.push(...argumentProblems(site, applied));
  problems.push(
    ...repeatProblems(
      site,
      placed.map((applied) => applied.directive),
    ),
  );
  return problems;
}

export function appliedDirectiveProblems(schema: Schema): SchemaProblem[] {
  return sites(schema).flatMap((site) => siteProblems(schema, site));
}
