// `--nested`: which references list their entries under the referenced entry, and the service's side of it.
import type { MethodDeclarationStructure, OptionalKind } from 'ts-morph';
import type { ProjectOptions } from '../../src/model/project.js';
import type { ReferenceOptions, ResourceOptions } from '../../src/model/resource.js';
import { code } from '../_shared/ts.js';
import { recordType } from './paths.js';
import { targetWords } from './reference-api.js';
import { finderName } from './reference-service.js';
import { referencesOf } from './references.js';

type Method = OptionalKind<MethodDeclarationStructure>;

/** The references that list their entries under the referenced entry: all of them with --nested. */
export const nestedReferences = (resource: ResourceOptions): ReferenceOptions[] =>
  resource.nested && resource.methods.list ? referencesOf(resource) : [];

/** `listByCategory`: the service and controller method of one nested list. */
export const nestedMethodName = (reference: ReferenceOptions): string =>
  `listBy${reference.names.pascal}`;

/** `categories/:id/articles`: under the referenced resource's endpoint (`users` for a user). */
export function nestedPath(
  project: ProjectOptions,
  resource: ResourceOptions,
  reference: ReferenceOptions,
): string {
  const { kebab, pluralKebab } = reference.target;
  const target = project.resources.find((found) => found.names.kebab === kebab);
  const endpoint = kebab === 'user' ? 'users' : (target?.endpoint ?? pluralKebab);
  return `${endpoint}/:id/${resource.endpoint}`;
}

/** The service's side: a 404 when the referenced entry does not exist, else the list filtered by it. */
export function nestedServiceMethods(project: ProjectOptions, resource: ResourceOptions): Method[] {
  return nestedReferences(resource).map((reference) => {
    const name = reference.names.camel;
    return {
      name: nestedMethodName(reference),
      isAsync: true,
      docs: [
        `The list restricted to one ${targetWords(reference)}: a filter on \`${name}\`, whose index answers it.`,
      ],
      parameters: [
        { name: 'id', type: 'string' },
        { name: 'query', type: 'ListQuery' },
      ],
      returnType: `Promise<Page<${recordType(project, resource)}>>`,
      statements: code(
        `const [found] = await this.${finderName(reference)}([id]);`,
        'if (!found) {',
        `  throw new NotFoundException(\`there is no ${targetWords(reference)} with id '\${id}'\`);`,
        '}',
        `const filter = { field: '${name}', operator: 'eq', value: id } as const;`,
        'return this.list({ ...query, filters: [...query.filters, filter] });',
      ),
    };
  });
}
