// test/users.e2e-spec.ts: every /users route and its error cases, over HTTP, on the project's database.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { testHttp } from '../_shared/test-http.js';
import { block, tsFile } from '../_shared/ts.js';
import { listUsersTests } from './users-list.e2e.js';

export const unknownId = (options: ProjectOptions): string =>
  options.database === 'mongodb'
    ? '0123456789abcdef01234567'
    : '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc';

/** PUT /users/:id/password, with password sign-in only. */
const PASSWORD_ROUTE = `  describe('PUT /users/:id/password', () => {
    it('changes the password with HTTP Basic of that same user', async () => {
      const carol = await signUp(app, email('carol'));
      await http().put(\`/users/\${carol.id}/password\`).auth(carol.email, PASSWORD).send({ password: 'new secret' }).expect(200);
      await http().post('/auth').auth(carol.email, PASSWORD).send({ access_token: MASTER_KEY }).expect(401);
      await http().post('/auth').auth(carol.email, 'new secret').send({ access_token: MASTER_KEY }).expect(201);
    });

    it('answers 401 for a wrong password, no Basic credentials or another user, 400 for a short one', async () => {
      await http().put(\`/users/\${ada.id}/password\`).auth(ada.email, 'wrong password').send({ password: 'new secret' }).expect(401);
      await http().put(\`/users/\${ada.id}/password\`).set('Authorization', \`Bearer \${ada.token}\`).send({ password: 'new secret' }).expect(401);
      await http().put(\`/users/\${ada.id}/password\`).auth(bob.email, PASSWORD).send({ password: 'new secret' }).expect(401);
      await http().put(\`/users/\${ada.id}/password\`).auth(ada.email, PASSWORD).send({ password: '123' }).expect(400);
    });
  });

`;

/** The 400 of POST /users: each wrong field named (a password only with password sign-in). */
const invalidUser = (password: boolean) => `
    it('answers 400 naming each field that is wrong', async () => {
      const response = await http()
        .post('/users')
        .send({ access_token: MASTER_KEY, email: 'not-an-email'${password ? ", password: '12345'" : ''}, role: 'root' })
        .expect(400);
      expect(response.body.message).toEqual(
        expect.arrayContaining([
          'email must be an email',${password ? "\n          'password must be at least 8 characters long'," : ''}
        ]),
      );
      expect(response.body.message.join(' ')).toMatch(/role must be one of/);
    });${password ? WEAK_PASSWORDS : ''}`;

/** NIST SP 800-63B: long enough is not enough; the most common passwords and one repeated character are refused. */
const WEAK_PASSWORDS = `

    it.each(['password', '12345678', 'aaaaaaaaaa'])('refuses the weak password %s with 400 naming the reason', async (weak: string) => {
      const response = await http().post('/users').send({ access_token: MASTER_KEY, email: 'weak@example.com', password: weak }).expect(400);
      expect(response.body.message).toEqual([expect.stringMatching(/^password (is one of the most common|may not be one character)/)]);
    });`;

export function usersE2eSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  // Social only (--auth-methods without password): users are created without a password.
  const password = hasPassword(options);
  const pw = password ? ", password: 'secret-word'" : '';
  const created = options.signInOnCreate ? 'response.body.user' : 'response.body';
  // --email-confirmation: the user view also says whether the e-mail is confirmed.
  const confirmed = options.emailConfirmation ? ", 'emailConfirmed'" : '';
  return tsFile(
    'test/users.e2e-spec.ts',
    [
      pkg('node:crypto', 'createHash'),
      appTypeImport(options),
      ...testHttp(options).imports,
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      {
        from: 'test/app.ts',
        named: ['MASTER_KEY', ...(password ? ['PASSWORD'] : []), 'newRun', 'signUp'],
        types: ['SignedUp'],
      },
    ],
    [
      block(`
const UNKNOWN_ID = '${unknownId(options)}';

describeWithDatabase('/users (e2e)', () => {
  const run = newRun();
  const email = (name: string) => \`\${name}-\${run}@example.com\`;
  let app: ${platform.app};
  let admin: SignedUp;
  let ada: SignedUp;
  let bob: SignedUp;
  const http = () => ${testHttp(options).client};

  beforeAll(async () => {
    app = await createTestApp();
    admin = await signUp(app, email('admin'), 'admin');
    ada = await signUp(app, email('ada'));
    bob = await signUp(app, email('bob'));
  });

  afterAll(async () => {
    await app.close();
  });

  describe('POST /users', () => {
    it('creates a user, trimming and lower-casing the e-mail, with a default name and picture', async () => {
      const given = \`  \${email('Grace').toUpperCase()} \`;
      const response = await http()
        .post('/users')
        .send({ access_token: MASTER_KEY, email: given${pw} })
        .expect(201);
      const user = ${created};
      const expected = email('grace');
      expect(Object.keys(user).sort()).toEqual(['createdAt', 'email'${confirmed}, 'id', 'name', 'picture']);
      expect(user.email).toBe(expected);
      expect(user.name).toBe(expected.split('@')[0]);
      const md5 = createHash('md5').update(expected).digest('hex');
      expect(user.picture).toBe(\`https://gravatar.com/avatar/\${md5}?d=identicon\`);${
        options.signInOnCreate
          ? `
      expect(typeof response.body.token).toBe('string');`
          : ''
      }
    });

    it('accepts a form-encoded body and the master key as a Bearer token', async () => {
      const response = await http()
        .post('/users')
        .set('Authorization', \`Bearer \${MASTER_KEY}\`)
        .type('form')
        .send({ email: email('form')${pw}, name: 'form-filler' })
        .expect(201);
      expect(${created}.name).toBe('form-filler');
    });

    it('answers 409 for an e-mail that is taken', async () => {
      const response = await http()
        .post('/users')
        .send({ access_token: MASTER_KEY, email: ada.email.toUpperCase()${pw} })
        .expect(409);
      expect(response.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    });

    it('answers 401 without the master key, with a wrong one, or with a user token', async () => {
      const body = { email: email('nokey')${pw} };
      await http().post('/users').send(body).expect(401);
      await http().post('/users').send({ ...body, access_token: 'wrong' }).expect(401);
      await http().post('/users').send({ ...body, access_token: ada.token }).expect(401);
    });

${invalidUser(password).trimStart()}

    it('answers 400 for a field it does not know', async () => {
      const response = await http()
        .post('/users')
        .send({ access_token: MASTER_KEY, email: email('extra')${pw}, isAdmin: true })
        .expect(400);
      expect(response.body.message).toEqual(['property isAdmin should not exist']);
    });
  });

  describe('GET /users/me', () => {
    it('answers the signed-in user, token in a Bearer header or in access_token', async () => {
      const byHeader = await http().get('/users/me').set('Authorization', \`Bearer \${ada.token}\`).expect(200);
      expect(byHeader.body).toMatchObject({ id: ada.id, email: ada.email, name: \`ada-\${run}\` });
      expect(byHeader.body).not.toHaveProperty('password');
      expect(byHeader.body).not.toHaveProperty('role');
      const byQuery = await http().get('/users/me').query({ access_token: ada.token }).expect(200);
      expect(byQuery.body.id).toBe(ada.id);
    });

    it('answers 401 without a token, with a bad one, or with the master key', async () => {
      await http().get('/users/me').expect(401);
      await http().get('/users/me').set('Authorization', 'Bearer not.a.token').expect(401);
      await http().get('/users/me').query({ access_token: MASTER_KEY }).expect(401);
    });
  });

  describe('GET /users/:id', () => {
    it('answers the public view of anyone, to anyone', async () => {
      const response = await http().get(\`/users/\${ada.id}\`).expect(200);
      expect(response.body).toEqual({ id: ada.id, name: \`ada-\${run}\`, picture: expect.any(String) });
    });

    it('answers 404 for an id that does not exist and 400 for a malformed one', async () => {
      await http().get(\`/users/\${UNKNOWN_ID}\`).expect(404);
      const response = await http().get('/users/not-an-id').expect(400);
      expect(response.body.message).toMatch(/^id must be/);
    });
  });

${listUsersTests(options)}

  describe('PUT and PATCH /users/:id and /users/me', () => {
    it('PATCH changes the name and leaves the picture as it was', async () => {
      const before = await http().get(\`/users/\${ada.id}\`).expect(200);
      const response = await http()
        .patch(\`/users/\${ada.id}\`)
        .set('Authorization', \`Bearer \${ada.token}\`)
        .send({ name: 'Ada Lovelace' })
        .expect(200);
      expect(response.body).toMatchObject({ id: ada.id, name: 'Ada Lovelace', picture: before.body.picture });
    });

    it('PUT replaces the profile: a field left out takes its default again', async () => {
      const auth = \`Bearer \${ada.token}\`;
      const before = await http().get(\`/users/\${ada.id}\`).expect(200);
      await http().patch('/users/me').set('Authorization', auth).send({ picture: 'https://example.com/ada.png' }).expect(200);
      const response = await http().put('/users/me').set('Authorization', auth).send({ name: 'Ada' }).expect(200);
      expect(response.body).toMatchObject({ name: 'Ada', picture: before.body.picture });
    });

    it('PATCH with null puts a field back to its default, and a wrong type is a 400', async () => {
      const auth = \`Bearer \${ada.token}\`;
      const response = await http().patch('/users/me').set('Authorization', auth).send({ name: null }).expect(200);
      expect(response.body.name).toBe(ada.email.split('@')[0]);
      await http().patch('/users/me').set('Authorization', auth).send({ name: 7 }).expect(400);
    });

    it('updates the signed-in user at /users/me, with the token in the body', async () => {
      const response = await http()
        .put('/users/me')
        .send({ access_token: bob.token, picture: 'https://example.com/bob.png' })
        .expect(200);
      expect(response.body).toMatchObject({ id: bob.id, picture: 'https://example.com/bob.png' });
    });

    it("lets an admin update anyone, and nobody else update someone else's profile", async () => {
      await http().put(\`/users/\${ada.id}\`).set('Authorization', \`Bearer \${bob.token}\`).send({ name: 'x' }).expect(403);
      await http().put(\`/users/\${ada.id}\`).set('Authorization', \`Bearer \${admin.token}\`).send({ name: 'Ada' }).expect(200);
      await http().put(\`/users/\${UNKNOWN_ID}\`).set('Authorization', \`Bearer \${admin.token}\`).send({ name: 'x' }).expect(404);
    });

    it('answers 400 for a field that cannot change here and 401 without a token', async () => {
      const response = await http()
        .put(\`/users/\${ada.id}\`)
        .set('Authorization', \`Bearer \${ada.token}\`)
        .send({ email: 'new@example.com' })
        .expect(400);
      expect(response.body.message).toEqual(['property email should not exist']);
      await http().put(\`/users/\${ada.id}\`).send({ name: 'x' }).expect(401);
    });
  });

${password ? PASSWORD_ROUTE : ''}  describe('DELETE /users/:id', () => {
    it('lets an admin delete a user, whose token then stops working', async () => {
      const dave = await signUp(app, email('dave'));
      await http().delete(\`/users/\${dave.id}\`).set('Authorization', \`Bearer \${ada.token}\`).expect(403);
      await http().delete(\`/users/\${dave.id}\`).set('Authorization', \`Bearer \${admin.token}\`).expect(204);
      await http().get(\`/users/\${dave.id}\`).expect(404);
      await http().get('/users/me').set('Authorization', \`Bearer \${dave.token}\`).expect(401);
      await http().delete(\`/users/\${dave.id}\`).set('Authorization', \`Bearer \${admin.token}\`).expect(404);
    });
  });
});
`),
    ],
  );
}
