// What --auth-methods without password (social only) leaves out of a generated project, and what it keeps.
import { describe, expect, it } from 'vitest';
import { renderProject } from './render.js';

/** Files that exist only for password sign-in. */
const PASSWORD_FILES = [
  'src/auth/password.guard.ts',
  'src/common/basic-credentials.decorator.ts',
  'src/users/password.ts',
  'src/users/password.spec.ts',
  'src/users/dto/update-password.dto.ts',
  'test/auth.e2e-spec.ts',
  'test/sessions.e2e-spec.ts',
];

describe('rest new --auth-methods github,google (no password)', () => {
  it('has no Basic sign-in, no password route and no password files', async () => {
    const { files, text } = await renderProject({
      database: 'sqlite',
      authMethods: 'github,google',
    });
    const paths = files.map((file) => file.path);
    for (const path of [...PASSWORD_FILES, 'src/auth/auth.controller.ts']) {
      expect(paths).not.toContain(path);
    }
    expect(text('src/auth/auth.module.ts')).toContain('controllers: [SocialController],');
    expect(text('src/users/users.controller.ts')).not.toMatch(/password/i);
    expect(text('src/common/access.decorator.ts')).not.toMatch(/password|PasswordGuard/i);
    expect(text('src/common/rate-limit.ts')).not.toMatch(/Basic/);
    expect(text('src/openapi.ts')).toContain('.addBearerAuth()');
    expect(text('src/openapi.ts')).not.toContain('addBasicAuth');
  });

  it('stores and takes no password: entity, migration, sign-up DTO and service', async () => {
    const { files, text } = await renderProject({ database: 'postgres', authMethods: 'github' });
    const migration = files.find((file) => /-create-users\.ts$/.test(file.path))!.text;
    expect(migration).not.toContain('"password"');
    expect(migration).toContain('"githubId" character varying');
    expect(text('src/users/entities/user.entity.ts')).not.toMatch(/password/);
    expect(text('src/users/dto/create-user.dto.ts')).not.toMatch(/^\s+password\b|MinLength/m);
    const service = text('src/users/users.service.ts');
    expect(service).not.toMatch(/hashPassword|verifyCredentials|setPassword|password:/);
    expect(service).toContain('async findOrCreateFromProvider(');
    const { text: mongo } = await renderProject({ database: 'mongodb', authMethods: 'google' });
    expect(mongo('src/users/schemas/user.schema.ts')).not.toMatch(/password/);
  });

  it('signs test users in through AuthService and keeps only the tests that need no password', async () => {
    const { text } = await renderProject({ database: 'sqlite', authMethods: 'github' });
    const helper = text('test/app.ts');
    expect(helper).toContain('const { token } = await app.get(AuthService).signIn({ id, role });');
    expect(helper).not.toMatch(/PASSWORD|\.auth\(|'\/auth'/);
    for (const spec of ['test/users.e2e-spec.ts', 'test/rate-limits.e2e-spec.ts']) {
      expect(text(spec), spec).not.toMatch(/\.auth\(|PASSWORD|password: '/);
    }
    const social = text('test/social-sign-in.e2e-spec.ts');
    expect(social).toContain("it('has no password sign-in: POST /auth is a 404'");
    expect(social).not.toMatch(/\.auth\(/);
  });

  it('keeps POST /auth/refresh with --refresh-tokens, and the social routes answer the refresh token', async () => {
    const { text } = await renderProject({
      database: 'sqlite',
      authMethods: 'google',
      refreshTokens: true,
    });
    const controller = text('src/auth/auth.controller.ts');
    expect(controller).toContain("@Post('refresh')");
    expect(controller).not.toMatch(/'password'|signIn\(/);
    expect(text('src/auth/auth.module.ts')).toContain(
      'controllers: [AuthController, SocialController],',
    );
    expect(text('test/refresh-tokens.e2e-spec.ts')).toContain(
      "app.get(AuthService).signIn({ id: user.id, role: 'user' })",
    );
    expect(text('test/social-sign-in.e2e-spec.ts')).toMatch(
      /Object\.keys\(created\.body\)\.sort\(\)\)\.toEqual\(\[\s*'refreshToken',\s*'token',\s*'user',?\s*\]\)/,
    );
    expect(text('README.md')).toContain('| `POST /auth/google` `{ access_token }` |');
    expect(text('README.md')).toContain('201 `{ token, refreshToken, user }` |');
  });

  it('makes create-admin create or promote without asking a password', async () => {
    const { text } = await renderProject({ database: 'sqlite', authMethods: 'github' });
    const script = text('src/create-admin.ts');
    expect(script).not.toMatch(/readPassword|readline|Password of/);
    expect(script).toContain("await users.create({ email, role: 'admin' });");
    expect(script).toContain("await users.setRole(existing.id, 'admin');");
  });

  it('documents POST /users without a password and no POST /auth in the README', async () => {
    const { text } = await renderProject({ database: 'sqlite', authMethods: 'github' });
    const readme = text('README.md');
    expect(readme).toContain(
      'a user without a password who signs in with a provider whose verified e-mail is this one',
    );
    expect(readme).not.toMatch(
      /\| `POST \/auth` \||PUT \/users\/:id\/password`? \||-u ada@example\.com/,
    );
    expect(readme).toContain(
      'curl -X POST http://localhost:9000/auth/github -d "access_token=$GITHUB_TOKEN"',
    );
  });
});
