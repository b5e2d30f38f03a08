// test/<resource>.e2e-spec.ts's GraphQL tests (`--graphql`): the list as REST lists it, references in one query each, the same refusals.
import type { ImportRef } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { listAnswer } from '../_shared/test-http.js';
import { fieldNames } from '../graphql/resolver.template.js';
import { graphqlPageNames } from '../../src/model/graphql-names.js';
import { caller, tokenOf } from './e2e-access.js';
import { referencesOf } from './references.js';
import { servesGraphql, type ResourceOptions } from '../../src/model/resource.js';

/** What the GraphQL tests import: the database's handle, whose statements they count. */
export function graphqlTestImports(
  project: ProjectOptions,
  resource: ResourceOptions,
): ImportRef[] {
  if (!counts(project, resource)) return [];
  return project.database === 'mongodb'
    ? [
        { from: '@nestjs/mongoose', named: ['getConnectionToken'] },
        { from: 'mongoose', types: ['Connection'] },
      ]
    : [{ from: 'typeorm', named: ['DataSource'] }];
}

/** A list with references to count the statements of. */
const counts = (project: ProjectOptions, resource: ResourceOptions): boolean =>
  servesGraphql(project, resource) &&
  Boolean(resource.methods.list && resource.methods.create) &&
  referencesOf(resource).length > 0;

export function graphqlTests(project: ProjectOptions, resource: ResourceOptions): string {
  if (!servesGraphql(project, resource)) return '';
  const names = fieldNames(resource);
  const parts = [
    `
  describe('POST /graphql', () => {
    const graphql = (query: string, token?: string) =>
      http().post('/graphql').set(as(token)).send({ query }).expect(200);`,
    counts(project, resource)
      ? `
    /** A GraphQL answer holding a list of entries. */
    type Listed = { body: { data: Record<string, { id: string }[]> } };`
      : '',
    counts(project, resource) ? statementCounter(project) : '',
    listTest(resource, names.list),
    pageTest(resource),
    refusalTest(resource, names.create),
    '  });\n',
  ];
  return parts.join('');
}

/** `statementsOf(work)`: what `work` answered, and how many statements the database was sent meanwhile. */
function statementCounter(project: ProjectOptions): string {
  if (project.database === 'mongodb') {
    return `
    const statementsOf = async (work: () => PromiseLike<Listed>): Promise<[Listed, number]> => {
      const connection = app.get<Connection>(getConnectionToken());
      let count = 0;
      connection.set('debug', () => {
        count += 1;
      });
      try {
        return [await work(), count];
      } finally {
        connection.set('debug', false);
      }
    };`;
  }
  return `
    const statementsOf = async (work: () => PromiseLike<Listed>): Promise<[Listed, number]> => {
      const logger = app.get(DataSource).logger;
      const logQuery = logger.logQuery;
      let count = 0;
      logger.logQuery = () => {
        count += 1;
      };
      try {
        return [await work(), count];
      } finally {
        logger.logQuery = logQuery;
      }
    };`;
}

function listTest(resource: ResourceOptions, field: string): string {
  if (!resource.methods.list || !resource.methods.create) return '';
  const lister = tokenOf(caller(resource, 'list'));
  const references = referencesOf(resource);
  const selection = ['id', ...references.map((reference) => `${reference.names.camel} { id }`)];
  const { rows } = listAnswer(resource.envelope);
  const query = (limit: number) =>
    `'{ ${field}(limit: ${limit}, sort: "-createdAt") { ${selection.join(' ')} } }'`;
  const counted = references.length > 0;
  return `

    it('lists what GET /${resource.endpoint} lists${counted ? ', each reference of a page loaded in one query' : ''}', async () => {
      for (let index = 0; index < 3; index += 1) await create();${
        counted
          ? `
      const [, forOne] = await statementsOf(() => graphql(${query(1)}, ${lister}));
      const [three, forThree] = await statementsOf(() => graphql(${query(3)}, ${lister}));`
          : `
      const three = await graphql(${query(3)}, ${lister});`
      }
      const rest = await http().get('/${resource.endpoint}').query({ limit: 3, sort: '-createdAt' }).set(as(${lister})).expect(200);
      expect(three.body.data.${field}.map((entry: { id: string }) => entry.id)).toEqual(
        ${rows('rest')}.map((entry: { id: string }) => entry.id),
      );${counted ? '\n      // A page of three costs what a page of one does: no query per entry.\n      expect(forThree).toBe(forOne);' : ''}
    });`;
}

/** The page field: REST's cursor (`after`, its Link) and count (X-Total-Count), through GraphQL. */
function pageTest(resource: ResourceOptions): string {
  if (!resource.methods.list || !resource.methods.create) return '';
  const lister = tokenOf(caller(resource, 'list'));
  const field = graphqlPageNames(resource.names).field;
  const { rows, count } = listAnswer(resource.envelope);
  const rest = (after: string) =>
    `http().get('/${resource.endpoint}').query({ limit: 2, sort: '-createdAt', after: ${after} }).set(as(${lister})).expect(200)`;
  const page = (after: string) =>
    `graphql(\`{ ${field}(limit: 2, sort: "-createdAt", after: "\${${after}}") { items { id } total next } }\`, ${lister})`;
  return `

    it('pages by cursor and counts as GET /${resource.endpoint} does, through ${field}', async () => {
      for (let index = 0; index < 3; index += 1) await create();
      const ids = (entries: { id: string }[]) => entries.map((entry) => entry.id);
      const first = (await ${page("''")}).body.data.${field};
      const restFirst = await ${rest("''")};
      expect(ids(first.items)).toEqual(ids(${rows('restFirst')}));
      expect(first.total).toBe(${count('restFirst')});
      expect(first.next).toEqual(expect.any(String));
      const second = (await ${page('first.next')}).body.data.${field};
      const restSecond = await ${rest('first.next')};
      expect(ids(second.items)).toEqual(ids(${rows('restSecond')}));
      expect(ids(second.items)).not.toContain(first.items[0].id);
      const uncounted = await graphql('{ ${field}(limit: 1, count: false) { total next } }', ${lister});
      // Without after, pages are numbered and have no cursor; count: false leaves the count out.
      expect(uncounted.body.data.${field}).toEqual({ total: null, next: null });
      const refused = await graphql('{ ${field}(page: 2, after: "") { total } }', ${lister});
      expect(refused.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });`;
}

/** The create mutation without credentials, where POST needs them: the code REST's 401 maps to. */
function refusalTest(resource: ResourceOptions, field: string): string {
  const access = resource.methods.create;
  const input = resource.fields.length + referencesOf(resource).length > 0;
  if (!access || access === 'public' || !input) return '';
  return `

    it('refuses ${field} without credentials, as POST /${resource.endpoint}', async () => {
      const response = await http()
        .post('/graphql')
        .send({
          query: 'mutation ($input: ${resource.names.pascal}Input!) { ${field}(input: $input) { id } }',
          variables: { input: sample() },
        })
        .expect(200);
      expect(response.body.errors[0].extensions).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    });`;
}
