// What `--nested` adds to `test/articles.e2e-spec.ts`: each nested list answers the entries of its entry, 404 and 400.
import type { ProjectOptions } from '../../src/model/project.js';
import type { ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import { listAnswer } from '../_shared/test-http.js';
import { caller, tokenOf } from './e2e-access.js';
import { nestedPath, nestedReferences } from './nested.js';
import { targetWords } from './reference-api.js';

/** The nested lists of the resource, each walked: an entry made under it is listed there. */
export function nestedTests(project: ProjectOptions, resource: ResourceOptions): string {
  const references = nestedReferences(resource);
  if (references.length === 0) return '';
  const as = `as(${tokenOf(caller(resource, 'list'))})`;
  return `

  describe('nested lists', () => {${references.map((reference) => nestedTest(project, resource, reference, as)).join('\n')}
  });
`;
}

function nestedTest(
  project: ProjectOptions,
  resource: ResourceOptions,
  reference: ReferenceOptions,
  as: string,
): string {
  const path = (id: string) => `/${nestedPath(project, resource, reference).replace(':id', id)}`;
  const name = reference.names.camel;
  // The entries made in beforeAll, through the sample: a required reference to a resource of the project.
  const made =
    resource.methods.create &&
    !reference.many &&
    !reference.optional &&
    project.resources.some((target) => target.names.kebab === reference.target.kebab);
  const { rows } = listAnswer(resource.envelope);
  const id = `${reference.target.camel}Id`;
  const listed = made
    ? `
      const entry = await create();
      const page = await http().get(\`${path(`\${${id}}`)}\`).query({ limit: 100, sort: '-createdAt' }).set(${as}).expect(200);
      expect(${rows('page')}.map((item: { id: string }) => item.id)).toContain(entry.id);
      for (const item of ${rows('page')}) expect(item.${name}).toBe(${id});`
    : '';
  return `
    it('GET ${path(':id')} lists the entries of one ${targetWords(reference)}; 404 for none, 400 for a malformed id', async () => {${listed}
      const missing = await http().get(\`${path('${UNKNOWN_ID}')}\`).set(${as}).expect(404);
      expect(missing.body.message).toBe(\`there is no ${targetWords(reference)} with id '\${UNKNOWN_ID}'\`);
      await http().get('${path('not-an-id')}').set(${as}).expect(400);
    });`;
}
