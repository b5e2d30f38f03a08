// `test/articles.e2e-spec.ts`: every route of a resource and each of its permission cases, over HTTP.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import type { FieldOptions, ResourceOptions } from '../../src/model/resource.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';
import { unknownId } from '../test/users.e2e-spec.template.js';
import { caller, tokenOf } from './e2e-access.js';
import { routes } from './e2e-routes.js';
import {
  referenceForm,
  referenceSample,
  referenceSetUp,
  referenceTests,
} from './e2e-references.js';
import { nestedTests } from './e2e-nested.js';
import { graphqlTestImports, graphqlTests } from './e2e-graphql.js';
import { resourcePaths } from './paths.js';

const SAMPLE: Record<FieldOptions['type'], (name: string) => string> = {
  string: (name) => `\`${name} \${run}\``,
  text: (name) => `\`${name} of \${run}\``,
  number: () => '42',
  boolean: () => 'true',
  date: () => "'2024-05-01T10:00:00.000Z'",
};

/** Form bodies carry text: the same sample as a form would send it. */
const FORM: Partial<Record<FieldOptions['type'], (value: string) => string>> = {
  number: (value) => `'${value}'`,
  boolean: (value) => `'${value}'`,
};

export function e2eTemplate(project: ProjectOptions, resource: ResourceOptions): TypeScriptFile {
  const text = spec(project, resource);
  const setUp = referenceSetUp(project, resource);
  const signsUp = /\bsignUp\(/.test(text);
  return tsFile(
    resourcePaths(project, resource).e2e,
    [
      appTypeImport(project),
      ...testHttp(project).imports,
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      {
        from: 'test/app.ts',
        named: [
          ...(/\bMASTER_KEY\b/.test(text) ? ['MASTER_KEY'] : []),
          ...(/\bnewRun\(/.test(text) ? ['newRun'] : []),
          ...(signsUp ? ['signUp'] : []),
          ...(/\bconfirmEmail\(/.test(text) ? ['confirmEmail'] : []),
        ],
        types: /: SignedUp\b/.test(text) ? ['SignedUp'] : [],
      },
      ...setUp.imports,
      ...graphqlTestImports(project, resource),
    ],
    [block(text)],
  );
}

function spec(project: ProjectOptions, resource: ResourceOptions): string {
  const platform = httpNames(project);
  const value = (field: FieldOptions, sample: string) => (field.array ? `[${sample}]` : sample);
  const sample = [
    ...resource.fields.map(
      (field) => `${field.names.camel}: ${value(field, SAMPLE[field.type](field.names.camel))}`,
    ),
    ...referenceSample(resource),
  ].join(', ');
  const form = [
    ...resource.fields.map((field) => {
      const text = SAMPLE[field.type](field.names.camel);
      return `${field.names.camel}: ${FORM[field.type]?.(text) ?? text}`;
    }),
    ...referenceForm(resource),
  ].join(', ');
  const setUp = referenceSetUp(project, resource);
  const tests =
    routes(project, resource)
      .map((text) => text.trimEnd())
      .join('\n')
      .replace('__FORM__', form) +
    referenceTests(project, resource, unknownId(project)).trimEnd() +
    nestedTests(project, resource).trimEnd() +
    graphqlTests(project, resource).trimEnd();
  /** Whether the tests use a name (a pattern after a word boundary), so that only used names are declared. */
  const uses = (pattern: string) => new RegExp(`\\b${pattern}`).test(tests);
  const users = ['admin', 'ada', 'bob', 'carol'].filter(
    (name) => uses(`${name}\\.`) || uses(`${name}-`),
  );
  const creating = uses('create\\(');
  const sampling = creating || uses('sample\\(');
  const constants = [
    uses('UNKNOWN_ID\\b') ? `const UNKNOWN_ID = '${unknownId(project)}';` : '',
    uses('ISO_8601_UTC\\b')
      ? 'const ISO_8601_UTC = /^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$/;'
      : '',
  ].filter(Boolean);
  const running =
    sampling || users.length > 0 || uses('run\\b') || /\brun\b/.test(setUp.statements);
  return `
${constants.join('\n')}

describeWithDatabase('/${resource.endpoint} (e2e)', () => {${running ? '\n  const run = newRun();' : ''}${users.length > 0 ? '\n  const email = (name: string) => `${name}-${run}@example.com`;' : ''}
  let app: ${platform.app};${setUp.declarations}${users.map((name) => `\n  let ${name}: SignedUp;`).join('')}
  const http = () => ${testHttp(project).client};
  /** The Authorization header of a caller: nobody, the master key or a user's token. */
  const as = (token?: string): Record<string, string> => (token ? { Authorization: \`Bearer \${token}\` } : {});${uses('as\\(nobody\\)') ? '\n  const nobody = undefined;' : ''}${uses('as\\(master\\)') ? '\n  const master = MASTER_KEY;' : ''}
${
  sampling
    ? `  /** A valid body with every field; text fields carry a tag, so that q finds only what a test made. */
  const sample = (tag: string = run) => ({ ${sample.replaceAll('${run}', '${tag}')} });`
    : ''
}${creating ? helpers(resource) : ''}

  beforeAll(async () => {
    app = await createTestApp();${setUp.statements}${users.map((name) => `\n    ${name} = await signUp(app, email('${name}')${name === 'admin' ? ", 'admin'" : ''});${confirms(resource, name) ? `\n    await confirmEmail(app, ${name});` : ''}`).join('')}
  });

  afterAll(async () => {
    await app.close();
  });
${tests}
});
`;
}

/** With `--confirmed` methods, the callers confirm their e-mail; carol, who is refused, does not. */
const confirms = (resource: ResourceOptions, name: string): boolean =>
  (resource.confirmed?.length ?? 0) > 0 && name !== 'carol';

function helpers(resource: ResourceOptions): string {
  if (!resource.methods.create) return '';
  const creator = caller(resource, 'create');
  return `
  /** Creates an entry as the caller POST allows, and answers it. */
  const create = async (body: Record<string, unknown> = sample()) =>
    (await http().post('/${resource.endpoint}').set(as(${tokenOf(creator)})).send(body).expect(201)).body;`;
}
