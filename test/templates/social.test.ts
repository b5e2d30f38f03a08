// What --auth-methods changes in a generated project: routes, columns, .env, and nothing without a provider.
import { describe, expect, it } from 'vitest';
import { renderProject } from './render.js';

const SOCIAL_FILES = [
  'src/auth/social/social.controller.ts',
  'src/auth/social/social-profiles.ts',
  'test/social-sign-in.e2e-spec.ts',
];

describe('rest new --auth-methods', () => {
  it('adds nothing of social sign-in with password alone (the default)', async () => {
    const { files, text } = await renderProject({ database: 'sqlite' });
    const paths = files.map((file) => file.path);
    for (const path of SOCIAL_FILES) expect(paths).not.toContain(path);
    expect(text('.env')).not.toMatch(/_API_URL/);
    expect(text('src/users/entities/user.entity.ts')).not.toMatch(/githubId|nullable/);
  });

  it('routes each chosen provider, public and rate-limited, with its .env address only', async () => {
    const { text } = await renderProject({ database: 'sqlite', authMethods: 'github,password' });
    const controller = text('src/auth/social/social.controller.ts');
    expect(controller).toMatch(/@Post\('github'\)\n\s+@Access\('public'\)\n\s+@LimitAttempts\(\)/);
    expect(controller).toContain('@ApiCreatedResponse({ type: SignInResult })');
    expect(controller).toContain('@ApiBadGatewayResponse(');
    expect(controller).not.toMatch(/google|facebook|'master'/);
    expect(text('.env')).toContain('GITHUB_API_URL=https://api.github.com\n');
    expect(text('.env')).not.toMatch(/GOOGLE|FACEBOOK/);
    expect(text('src/config/environment.ts')).toContain(
      "GITHUB_API_URL: string = 'https://api.github.com';",
    );
    expect(text('src/auth/auth.module.ts')).toContain(
      'controllers: [AuthController, SocialController]',
    );
    expect(text('README.md')).toContain(
      'curl -X POST http://localhost:9000/auth/github -d "access_token=$GITHUB_TOKEN"',
    );
  });

  it('stores provider ids in unique nullable columns and lets the password be null', async () => {
    const { files, text } = await renderProject({
      database: 'postgres',
      authMethods: 'password,google,facebook',
    });
    const migration = files.find((file) => /-create-users\.ts$/.test(file.path))!.text;
    expect(migration).toContain('"password" character varying,');
    expect(migration).toContain('"facebookId" character varying, "googleId" character varying,');
    expect(migration).toMatch(/CONSTRAINT "UQ_\w+" UNIQUE \("googleId"\)/);
    expect(migration).toMatch(/CONSTRAINT "UQ_\w+" UNIQUE \("facebookId"\)/);
    const entity = text('src/users/entities/user.entity.ts');
    expect(entity).toContain("@Column({ type: 'varchar', nullable: true, unique: true })");
    expect(entity).toContain('password: string | null;');
    // Basic sign-in of a user without a password is checked against nobody's hash: a 401, not a crash.
    expect(text('src/users/users.service.ts')).toContain(
      'verifyPassword(password, user?.password ?? undefined)',
    );
  });

  it('gives MongoDB users sparse unique provider ids', async () => {
    const { text } = await renderProject({ database: 'mongodb', authMethods: 'password,github' });
    expect(text('src/users/schemas/user.schema.ts')).toMatch(
      /@Prop\(\{ type: String, unique: true, sparse: true \}\)\n\s+githubId\?: string;/,
    );
  });
});
