// src/users/users.service.spec.ts: the users service on the project's own database.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../../src/model/project.js';
import { appTypeImport, httpNames } from '../_shared/http.js';
import { pkg, use } from '../_shared/pieces.js';
import { block, tsFile } from '../_shared/ts.js';

/** The first test: the stored hash with password sign-in; the default role alone without it. */
const STORES_PASSWORD = `  it('stores a hash of the password and the user role by default', async () => {
    const user = await users.create({ email: \`hash-\${run}@example.com\`, password: 'secret' });
    expect(user.password).toMatch(/^scrypt\\$/);
    expect(user.role).toBe('user');
    await expect(users.verifyCredentials(\`HASH-\${run}@example.com\`, 'secret')).resolves.toMatchObject({ id: user.id });
    await expect(users.verifyCredentials(\`hash-\${run}@example.com\`, 'Secret')).resolves.toBeNull();
  });
`;

const STORES_ROLE = `  it('stores a user without a password, with the user role by default', async () => {
    const user = await users.create({ email: \`role-\${run}@example.com\` });
    expect(user.role).toBe('user');
    expect(user.email).toBe(\`role-\${run}@example.com\`);
  });
`;

export function usersServiceSpecTemplate(options: ProjectOptions): TypeScriptFile {
  const platform = httpNames(options);
  // Without password sign-in (social only) users are created without one.
  const password = hasPassword(options);
  const pw = (value: string) => (password ? `, password: '${value}'` : '');
  return tsFile(
    'src/users/users.service.spec.ts',
    [
      pkg('@nestjs/common', 'ConflictException', 'NotFoundException'),
      appTypeImport(options),
      use('testApp', 'createTestApp', 'describeWithDatabase'),
      { from: 'test/app.ts', named: ['newRun'] },
      use('listQuery', 'parseListQuery'),
      { from: 'src/users/user.view.ts', named: ['USER_LIST'] },
      { from: 'src/users/users.service.ts', named: ['UsersService'] },
    ],
    [
      block(`
describeWithDatabase('UsersService', () => {
  const run = newRun();
  let app: ${platform.app};
  let users: UsersService;

  beforeAll(async () => {
    app = await createTestApp();
    users = app.get(UsersService);
  });

  afterAll(async () => {
    await app.close();
  });

${password ? STORES_PASSWORD : STORES_ROLE}
  it('refuses an e-mail that is taken', async () => {
    await users.create({ email: \`taken-\${run}@example.com\`${pw('secret')} });
    await expect(users.create({ email: \`taken-\${run}@example.com\`${pw('other1')} })).rejects.toThrow(ConflictException);
  });

  it('answers 409 to one of two sign-ups with one e-mail at the same time', async () => {
    const email = \`race-\${run}@example.com\`;
    const results = await Promise.allSettled([
      users.create({ email${pw('secret')} }),
      users.create({ email${pw('secret')} }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(ConflictException);
  });

  it('changes only the fields it is given', async () => {
    const user = await users.create({ email: \`keep-\${run}@example.com\`${pw('secret')}, name: 'Keep' });
    const updated = await users.update(user.id, { picture: 'https://example.com/p.png' });
    expect(updated).toMatchObject({ name: 'Keep', picture: 'https://example.com/p.png' });
    await expect(users.update('${options.database === 'mongodb' ? '0123456789abcdef01234567' : '3f1c0b5e-2a4b-4c8d-9e0f-123456789abc'}', { name: 'x' })).rejects.toThrow(NotFoundException);
  });

  it('searches with wildcards taken literally', async () => {
    await users.create({ email: \`under_score-\${run}@example.com\`${pw('secret')} });
    await users.create({ email: \`underXscore-\${run}@example.com\`${pw('secret')} });
    const page = await users.list(parseListQuery({ q: \`under_score-\${run}\` }, USER_LIST));
    expect(page.items.map((user) => user.email)).toEqual([\`under_score-\${run}@example.com\`]);
    expect(page.total).toBe(1);
  });
});
`),
    ],
  );
}
