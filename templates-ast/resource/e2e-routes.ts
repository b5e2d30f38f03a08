// The tests of each route of a resource, and of its permission cases: the body of `test/articles.e2e-spec.ts`.
import type { ProjectOptions } from '../../src/model/project.js';
import type { FieldOptions, ResourceOptions } from '../../src/model/resource.js';
import { caller, refusalTests, tokenOf } from './e2e-access.js';
import { formable as referencesFormable } from './e2e-references.js';
import { listTests } from './e2e-list-routes.js';

/** The value an update test sends for each field type. */
const CHANGED: Record<FieldOptions['type'], string> = {
  string: '`changed ${run}`',
  text: '`changed ${run}`',
  number: '7',
  boolean: 'false',
  date: "'2025-01-02T03:04:05.000Z'",
};

export function routes(project: ProjectOptions, resource: ResourceOptions): string[] {
  return [
    createTests(project, resource),
    listTests(project, resource),
    readTests(project, resource),
    updateTests(project, resource),
    deleteTests(project, resource),
  ].filter((text) => text !== '');
}

/** What a created sample answers: the sample, the owner and the timestamps. */
function expectedEntry(resource: ResourceOptions, creator: string): string {
  const owner = resource.owner
    ? `, ${resource.owner.camel}: { id: ${creator}.id, name: \`${creator}-\${run}\`, picture: expect.any(String) }`
    : '';
  return `{ id: expect.any(String), ...sample()${owner}, createdAt: expect.stringMatching(ISO_8601_UTC), updatedAt: expect.stringMatching(ISO_8601_UTC) }`;
}

function createTests(project: ProjectOptions, resource: ResourceOptions): string {
  if (!resource.methods.create) return '';
  const path = `/${resource.endpoint}`;
  const creator = caller(resource, 'create');
  const required = resource.fields.find((field) => !field.optional);
  const formable = resource.fields.every((field) => !field.array) && referencesFormable(resource);
  return `
  describe('POST ${path}', () => {
    it('creates an entry and answers it with its id, fields and times (ISO 8601 UTC)', async () => {
      const response = await http().post('${path}').set(as(${tokenOf(creator)})).send(sample()).expect(201);
      expect(response.body).toEqual(${expectedEntry(resource, creator)});
    });${
      formable
        ? `

    it('accepts a form-encoded body', async () => {
      const response = await http().post('${path}').set(as(${tokenOf(creator)})).type('form').send({ __FORM__ }).expect(201);
      expect(response.body).toMatchObject(sample());
    });`
        : ''
    }${
      required
        ? `

    it('answers 400 naming a missing field', async () => {
      const body: Record<string, unknown> = sample();
      delete body.${required.names.camel};
      const response = await http().post('${path}').set(as(${tokenOf(creator)})).send(body).expect(400);
      expect(response.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^${required.names.camel} /)]));
    });`
        : ''
    }

    it('answers 400 for a field it does not know', async () => {
      const response = await http().post('${path}').set(as(${tokenOf(creator)})).send({ ...sample(), unknownField: 1 }).expect(400);
      expect(response.body.message).toEqual(['property unknownField should not exist']);
    });${strictInputTests(resource, `http().post('${path}').set(as(${tokenOf(creator)}))`)}${refusalTests(resource, 'create', project.auth, `await http().post('${path}').set(__AS__).send(sample()).expect(__STATUS__)`)}
  });
`;
}

/** Numbers only in decimals; a single value of a list field is a one-item list, and lists are capped. */
function strictInputTests(resource: ResourceOptions, post: string): string {
  const number = resource.fields.find((field) => field.type === 'number' && !field.array);
  const list = resource.fields.find((field) => field.array);
  const tests: string[] = [];
  if (number) {
    const name = number.names.camel;
    tests.push(`
    it('takes ${name} in decimals only', async () => {
      for (const ${name} of ['0x10', '', 'true', '1e3']) {
        const response = await ${post}.send({ ...sample(), ${name} }).expect(400);
        expect(response.body.message).toEqual([expect.stringMatching(/^${name} /)]);
      }
      const response = await ${post}.send({ ...sample(), ${name}: '-12.5' }).expect(201);
      expect(response.body.${name}).toBe(-12.5);
    });`);
  }
  if (list) {
    const name = list.names.camel;
    tests.push(`
    it('takes a single ${name} value as a one-item list, and at most 100 items', async () => {
      const [item] = sample().${name};
      const one = await ${post}.send({ ...sample(), ${name}: item }).expect(201);
      expect(one.body.${name}).toEqual([item]);
      const many = Array.from({ length: 101 }, () => item);
      const response = await ${post}.send({ ...sample(), ${name}: many }).expect(400);
      expect(response.body.message).toEqual([expect.stringMatching(/^${name} .*100/)]);
    });`);
  }
  return tests.join('');
}

function readTests(project: ProjectOptions, resource: ResourceOptions): string {
  if (!resource.methods.read) return '';
  const path = `/${resource.endpoint}`;
  const reader = tokenOf(caller(resource, 'read'));
  const seeded = resource.methods.create !== undefined;
  return `
  describe('GET ${path}/:id', () => {${
    seeded
      ? `
    it('answers one entry', async () => {
      const created = await create();
      const response = await http().get(\`${path}/\${created.id}\`).set(as(${reader})).expect(200);
      expect(response.body).toEqual(created);
    });
`
      : ''
  }
    it('answers 404 for an id that does not exist and 400 for a malformed one', async () => {
      await http().get(\`${path}/\${UNKNOWN_ID}\`).set(as(${reader})).expect(404);
      const response = await http().get('${path}/not-an-id').set(as(${reader})).expect(400);
      expect(response.body.message).toMatch(/^id must be/);
    });${refusalTests(resource, 'read', project.auth, `await http().get(\`${path}/\${UNKNOWN_ID}\`).set(__AS__).expect(__STATUS__)`)}
  });
`;
}

function updateTests(project: ProjectOptions, resource: ResourceOptions): string {
  if (!resource.methods.update) return '';
  const path = `/${resource.endpoint}`;
  const editor = caller(resource, 'update');
  const field = resource.fields[0]!;
  const changed = field.array ? `[${CHANGED[field.type]}]` : CHANGED[field.type];
  const seeded = resource.methods.create !== undefined;
  const owned = resource.owner !== undefined && resource.methods.update === 'user';
  const patch = `
    it('PATCH changes the fields sent and keeps the others', async () => {
      const created = await create();
      const response = await http()
        .patch(\`${path}/\${created.id}\`)
        .set(as(${tokenOf(editor)}))
        .send({ ${field.names.camel}: ${changed} })
        .expect(200);
      expect(response.body).toEqual({ ...created, ${field.names.camel}: ${changed}, updatedAt: expect.stringMatching(ISO_8601_UTC) });
    });`;
  // PUT replaces the entry: an optional field left out is cleared (JSON leaves an undefined out).
  // One optional field is left out; the others are sent and kept.
  const cleared = resource.fields.filter((other) => other.optional && other !== field).slice(0, 1);
  const leftOut = cleared.map((other) => `${other.names.camel}: undefined`).join(', ');
  const asCleared = cleared.map((other) => `${other.names.camel}: null`).join(', ');
  const put = `
    it('PUT replaces the entry: what is sent is kept${cleared.length ? ', an optional field left out is cleared' : ''}', async () => {
      const created = await create();
      const response = await http()
        .put(\`${path}/\${created.id}\`)
        .set(as(${tokenOf(editor)}))
        .send({ ...sample(), ${leftOut ? `${leftOut}, ` : ''}${field.names.camel}: ${changed} })
        .expect(200);
      expect(response.body).toEqual({ ...created, ${asCleared ? `${asCleared}, ` : ''}${field.names.camel}: ${changed}, updatedAt: expect.stringMatching(ISO_8601_UTC) });
    });`;
  const required = resource.fields.find((other) => !other.optional);
  const optional = resource.fields.find((other) => other.optional);
  const nulls =
    required || optional
      ? `

    it('${[required ? 'PUT without a required field and PATCH with null on one are 400s' : '', optional ? 'PATCH with null clears an optional field' : ''].filter(Boolean).join('; ')}', async () => {
      const created = await create();${
        required
          ? `
      const missing = await http().put(\`${path}/\${created.id}\`).set(as(${tokenOf(editor)})).send({}).expect(400);
      expect(JSON.stringify(missing.body.message)).toContain('${required.names.camel}');
      const nulled = await http().patch(\`${path}/\${created.id}\`).set(as(${tokenOf(editor)})).send({ ${required.names.camel}: null }).expect(400);
      expect(JSON.stringify(nulled.body.message)).toContain('${required.names.camel}');`
          : ''
      }${
        optional
          ? `
      const cleared = await http()
        .patch(\`${path}/\${created.id}\`)
        .set(as(${tokenOf(editor)}))
        .send({ ${optional.names.camel}: null })
        .expect(200);
      expect(cleared.body.${optional.names.camel}).toBeNull();`
          : ''
      }
    });`
      : '';
  const ownerTests = owned
    ? `

    it('answers 403 to a user who is not the owner, and lets an admin through', async () => {
      const created = await create();
      await http().put(\`${path}/\${created.id}\`).set(as(bob.token)).send(sample()).expect(403);
      await http().patch(\`${path}/\${created.id}\`).set(as(bob.token)).send({ ${field.names.camel}: ${changed} }).expect(403);
      await http().patch(\`${path}/\${created.id}\`).set(as(admin.token)).send({ ${field.names.camel}: ${changed} }).expect(200);
    });`
    : '';
  return `
  describe('PUT and PATCH ${path}/:id', () => {${seeded ? put + '\n' + patch + nulls + ownerTests + '\n' : ''}
    it('answers 404 for an id that does not exist', async () => {
      await http().patch(\`${path}/\${UNKNOWN_ID}\`).set(as(${tokenOf(editor)})).send({}).expect(404);
    });${refusalTests(resource, 'update', project.auth, `await http().put(\`${path}/\${UNKNOWN_ID}\`).set(__AS__).send({}).expect(__STATUS__)`)}
  });
`;
}

function deleteTests(project: ProjectOptions, resource: ResourceOptions): string {
  if (!resource.methods.delete) return '';
  const path = `/${resource.endpoint}`;
  const remover = tokenOf(caller(resource, 'delete'));
  const seeded = resource.methods.create !== undefined;
  const owned = resource.owner !== undefined && resource.methods.delete === 'user';
  const gone = resource.methods.read
    ? `\n      await http().get(\`${path}/\${created.id}\`).set(as(${tokenOf(caller(resource, 'read'))})).expect(404);`
    : '';
  return `
  describe('DELETE ${path}/:id', () => {${
    seeded
      ? `
    it('deletes an entry and answers 204', async () => {
      const created = await create();
      await http().delete(\`${path}/\${created.id}\`).set(as(${remover})).expect(204);${gone}
    });
${
  owned
    ? `
    it('answers 403 to a user who is not the owner, and lets an admin through', async () => {
      const created = await create();
      await http().delete(\`${path}/\${created.id}\`).set(as(bob.token)).expect(403);
      await http().delete(\`${path}/\${created.id}\`).set(as(admin.token)).expect(204);
    });
`
    : ''
}`
      : ''
  }
    it('answers 404 for an id that does not exist', async () => {
      await http().delete(\`${path}/\${UNKNOWN_ID}\`).set(as(${remover})).expect(404);
    });${refusalTests(resource, 'delete', project.auth, `await http().delete(\`${path}/\${UNKNOWN_ID}\`).set(__AS__).expect(__STATUS__)`)}
  });
`;
}
