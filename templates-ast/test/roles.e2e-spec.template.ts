// test/roles.e2e-spec.ts: PUT /users/:id/role and the last admin, over HTTP.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';

/**
 * The last-admin rule needs a database with known admins: SQLite tests get a fresh one per file;
 * PostgreSQL and MongoDB test files share theirs, where other files add admins at the same time.
 */
const lastAdminTest = `
  it('answers 409 to demoting or deleting the last admin, with the reason', async () => {
    const demoted = await http().put(\`/users/\${admin.id}/role\`).set(bearer(admin.token)).send({ role: 'user' }).expect(409);
    expect(demoted.body.message).toMatch(/last admin/);
    const deleted = await http().delete(\`/users/\${admin.id}\`).set(bearer(admin.token)).expect(409);
    expect(deleted.body.message).toMatch(/last admin/);
  });
`;

export function rolesE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  return tsFile(
    'test/roles.e2e-spec.ts',
    [
      appTypeImport(options),
      ...testHttp(options).imports,
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      { from: 'test/app.ts', named: ['newRun', 'signUp'], types: ['SignedUp'] },
    ],
    [
      block(`
describeWithDatabase('PUT /users/:id/role (e2e)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;
  let app: ${platform.app};
  let admin: SignedUp;
  let user: SignedUp;
  const http = () => ${testHttp(options).client};
  const bearer = (token: string) => ({ Authorization: \`Bearer \${token}\` });

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUp(app, email('admin'), 'admin');
    user = await signUp(app, email('user'));
  });

  afterAll(async () => {
    await app.close();
  });
${options.database === 'sqlite' ? lastAdminTest : ''}
  it('lets an admin make a user an admin, and take it back; the change holds at once', async () => {
    const promoted = await http().put(\`/users/\${user.id}/role\`).set(bearer(admin.token)).send({ role: 'admin' }).expect(200);
    expect(promoted.body).toMatchObject({ id: user.id });
    await http().get('/users').set(bearer(user.token)).expect(200);
    await http().put(\`/users/\${user.id}/role\`).set(bearer(admin.token)).send({ role: 'user' }).expect(200);
    await http().get('/users').set(bearer(user.token)).expect(403);
  });

  it('answers 400 for a role that does not exist, 404 for an unknown user', async () => {
    await http().put(\`/users/\${user.id}/role\`).set(bearer(admin.token)).send({ role: 'owner' }).expect(400);
    await http().put(\`/users/\${user.id}/role\`).set(bearer(admin.token)).send({}).expect(400);
    const unknown = '${options.database === 'mongodb' ? '5f1c0b5e2a4b4c8d9e0f1234' : '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc'}';
    await http().put(\`/users/\${unknown}/role\`).set(bearer(admin.token)).send({ role: 'admin' }).expect(404);
  });

  it('answers 401 without a token and 403 to a user who is not an admin', async () => {
    await http().put(\`/users/\${user.id}/role\`).send({ role: 'admin' }).expect(401);
    await http().put(\`/users/\${user.id}/role\`).set(bearer(user.token)).send({ role: 'admin' }).expect(403);
  });
});
`),
    ],
  );
}
