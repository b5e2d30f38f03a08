// What references add to `test/articles.e2e-spec.ts`: referenced entries made first, ids in the sample, expand and filters.
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import { listAnswer } from '../_shared/test-http.js';
import { caller, tokenOf } from './e2e-access.js';
import { resourcePaths } from './paths.js';
import { referencesOf } from './references.js';
import { serviceName } from './service.template.js';

/**
 * The resources that required references point to, and those that theirs point to, each once and
 * each after the ones it needs: an entry of each is made in beforeAll, in this order.
 */
function requiredTargets(project: ProjectOptions, resource: ResourceOptions): ResourceOptions[] {
  const ordered: ResourceOptions[] = [];
  const visiting = new Set<ResourceOptions>([resource]);
  const visit = (from: ResourceOptions) => {
    for (const reference of referencesOf(from)) {
      if (reference.many || reference.optional) continue;
      const target = project.resources.find(
        (found) => found.names.kebab === reference.target.kebab,
      );
      if (!target || visiting.has(target) || ordered.includes(target)) continue;
      visiting.add(target);
      visit(target);
      ordered.push(target);
    }
  };
  visit(resource);
  return ordered;
}

const idVariable = (target: ResourceOptions) => `${target.names.camel}Id`;

/** `category: categoryId, tags: []`: a set-up entry's required references, to entries made before it. */
const requiredReferenceValues = (target: ResourceOptions): string[] =>
  referencesOf(target)
    .filter((reference) => !reference.optional)
    .map((reference) => {
      const name = reference.names.camel;
      if (reference.many) return `${name}: []`;
      if (reference.target.kebab === 'user') return `${name}: referencesOwner.id`;
      return `${name}: ${reference.target.camel}Id`;
    });

/** Whether the set-up needs a user: an owned target, or one with a required reference to a user. */
const needsUser = (targets: ResourceOptions[]): boolean =>
  targets.some(
    (target) =>
      target.owner ||
      referencesOf(target).some(
        (reference) => !reference.optional && !reference.many && reference.target.kebab === 'user',
      ),
  );

/** `category: categoryId, series: null, tags: []`: references in a valid body. */
export function referenceSample(resource: ResourceOptions): string[] {
  return referencesOf(resource).map((reference) => {
    const name = reference.names.camel;
    if (reference.many) return `${name}: [] as string[]`;
    if (reference.optional) return `${name}: null`;
    return `${name}: ${reference.target.camel}Id`;
  });
}

/** A list of references cannot travel in a form as an empty list: no form test then. */
export const formable = (resource: ResourceOptions): boolean =>
  referencesOf(resource).every((reference) => !reference.many);

/** `category: categoryId`: the references of the form body (optional ones left out). */
export const referenceForm = (resource: ResourceOptions): string[] =>
  referencesOf(resource)
    .filter((reference) => !reference.many && !reference.optional)
    .map((reference) => `${reference.names.camel}: ${reference.target.camel}Id`);

const DATE_SAMPLE = "new Date('2024-05-01T10:00:00.000Z')";

/** Made through the referenced resource's service: the routes' access is its own business. */
export function referenceSetUp(project: ProjectOptions, resource: ResourceOptions) {
  const targets = requiredTargets(project, resource);
  const values = (target: ResourceOptions) =>
    target.fields
      .filter((field) => !field.optional)
      .map((field) => {
        const sample = {
          string: `\`${field.names.camel} \${run}\``,
          text: `\`${field.names.camel} \${run}\``,
          number: '1',
          boolean: 'true',
          date: DATE_SAMPLE,
        }[field.type];
        return `${field.names.camel}: ${field.array ? `[${sample}]` : sample}`;
      })
      .concat(requiredReferenceValues(target))
      .join(', ');
  // An owned resource's service takes the user who creates the entry: one user made for the set-up.
  const owned = needsUser(targets);
  const creator = (target: ResourceOptions) =>
    target.owner ? ", { id: referencesOwner.id, role: 'user' }" : '';
  return {
    declarations: targets.map((target) => `\n  let ${idVariable(target)}: string;`).join(''),
    statements: [
      owned ? '\n    const referencesOwner = await signUp(app, `owner-${run}@example.com`);' : '',
      ...targets.map(
        (target) =>
          `\n    ${idVariable(target)} = (await app.get(${serviceName(target)}).create({ ${values(target)} }${creator(target)})).id;`,
      ),
    ].join(''),
    imports: targets.map((target): ImportRef => ({
      from: resourcePaths(project, target).service,
      named: [serviceName(target)],
    })),
  };
}

/** A reference to an unknown entry, `expand` on one entry and a list, and a filter by reference. */
export function referenceTests(
  project: ProjectOptions,
  resource: ResourceOptions,
  unknownId: string,
): string {
  const reference = referencesOf(resource).find(
    (candidate) => !candidate.many && !candidate.optional,
  );
  if (!reference || !resource.methods.create) return '';
  const path = `/${resource.endpoint}`;
  const name = reference.names.camel;
  const id = `${reference.target.camel}Id`;
  const creator = tokenOf(caller(resource, 'create'));
  const reading = resource.methods.read
    ? `
      const one = await http().get(\`${path}/\${entry.id}\`).query({ expand: '${name}' }).set(as(${tokenOf(caller(resource, 'read'))})).expect(200);
      expect(one.body.${name}).toMatchObject({ id: ${id} });`
    : '';
  const { rows } = listAnswer(resource.envelope);
  const listing = resource.methods.list
    ? `
      const page = await http().get('${path}').query({ ${name}: ${id}, expand: '${name}' }).set(as(${tokenOf(caller(resource, 'list'))})).expect(200);
      expect(${rows('page')}.length).toBeGreaterThan(0);
      for (const item of ${rows('page')}) expect(item.${name}).toMatchObject({ id: ${id} });
      const unknown = await http().get('${path}').query({ expand: 'unknownReference' }).set(as(${tokenOf(caller(resource, 'list'))})).expect(400);
      expect(unknown.body.message).toMatch(/expand has an unknown reference 'unknownReference'/);`
    : '';
  return `

  describe('references', () => {
    it('refuses an id with no entry, and a malformed one, naming the field', async () => {
      const missing = await http().post('${path}').set(as(${creator})).send({ ...sample(), ${name}: '${unknownId}' }).expect(400);
      expect(missing.body.message).toBe("${name}: no ${targetWords(reference)} with id '${unknownId}'");
      const malformed = await http().post('${path}').set(as(${creator})).send({ ...sample(), ${name}: 'not-an-id' }).expect(400);
      expect(malformed.body.message).toEqual([expect.stringMatching(/^${name} /)]);
    });

    it('answers the id, or the entry with expand', async () => {
      const entry = await create();
      expect(entry.${name}).toBe(${id});${reading}${listing}
    });
  });
`;
}

const targetWords = (reference: ReferenceOptions) => reference.target.kebab.replace(/-/g, ' ');
