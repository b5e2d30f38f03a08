// A social-only project (`rest new --auth-methods github,google`, no password) on sqlite: installed, its
// own lint, type-check and tests, create-admin without a password, then walked over HTTP on `npm run dev`
// against a local stand-in provider (the real providers cannot be reached from our machines).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkProject, passed } from './checks.js';
import {
  generate,
  install,
  masterKeyOf,
  repository,
  run,
  startScript,
  type Server,
} from './project.js';
import { startStandInProvider, type Account, type StandInProvider } from './stand-in-provider.js';

const LONG = 1_200_000;

/** Registers the social-only describe block; `seed` lends its node_modules to the install. */
export function socialOnlyProject(seed: string): void {
  describe('rest new --database sqlite --auth-methods github,google (social sign-in only)', () => {
    let dir: string;

    beforeAll(async () => {
      dir = await generate('e2e-social-only', 'sqlite', { authMethods: 'github,google' });
      // A resource by the built CLI: its generated tests sign users up through test/app.ts as well.
      passed(
        'rest api note --owner author',
        run(
          'node',
          [
            `${repository}/bin/run.js`,
            'api',
            'note',
            '--fields',
            'title',
            '--owner',
            'author',
            '--yes',
          ],
          dir,
        ),
      );
      passed('npm install', install(dir, seed, { watched: true }));
    }, LONG);

    it(
      'passes its own lint, type-check and tests, without the tests that need a password',
      () => {
        const tests = checkProject(dir);
        expect(tests.output).toContain('test/social-sign-in.e2e-spec.ts');
        expect(tests.output).toContain('test/users.e2e-spec.ts');
        expect(tests.output).toContain('test/notes.e2e-spec.ts');
        expect(tests.output).not.toMatch(/test\/auth\.e2e-spec|skipped/);
      },
      LONG,
    );

    it(
      'creates an admin with create-admin without asking a password, and promotes on a second run',
      () => {
        // No terminal and nothing on stdin: a password prompt would read an empty line and fail.
        const created = run(
          'npm',
          ['run', 'create-admin', '--', '--email', 'Boss@Example.com'],
          dir,
        );
        passed('create-admin', created);
        expect(created.output).toContain('Created the admin boss@example.com');
        const again = run('npm', ['run', 'create-admin', '--', '--email', 'boss@example.com'], dir);
        passed('create-admin again', again);
        expect(again.output).toContain('boss@example.com is an admin now');
      },
      LONG,
    );

    describe('over HTTP on npm run dev, against a local stand-in provider', () => {
      const accounts = new Map<string, Account>();
      let provider: StandInProvider;
      let server: Server;

      beforeAll(async () => {
        provider = await startStandInProvider(accounts);
        server = await startScript(dir, 'dev', {
          GITHUB_API_URL: provider.url,
          GOOGLE_API_URL: provider.url,
        });
      }, LONG);

      afterAll(async () => {
        await server?.stop();
        await provider?.stop();
      });

      const post = (path: string, body: object) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const get = (path: string, token: string) =>
        fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

      it('has no password sign-in: POST /auth is a 404, with or without Basic credentials', async () => {
        expect((await post('/auth', { access_token: masterKeyOf(dir) })).status).toBe(404);
        const basic = await fetch(`${server.url}/auth`, {
          method: 'POST',
          headers: { authorization: `Basic ${btoa('boss@example.com:secret')}` },
        });
        expect(basic.status).toBe(404);
        expect(
          (
            await post('/users', {
              access_token: masterKeyOf(dir),
              email: 'x@example.com',
              password: 'secret-one',
            })
          ).status,
        ).toBe(400);
      });

      it('signs in with a GitHub token: 201 { token, user }, and the token works on GET /users/me', async () => {
        accounts.set('gh-ada', {
          id: '583231',
          name: 'Ada',
          email: 'ada@example.com',
          verified: true,
        });
        const signedIn = await post('/auth/github', { access_token: 'gh-ada' });
        expect(signedIn.status).toBe(201);
        const body = (await signedIn.json()) as { token: string; user: { id: string } };
        expect(Object.keys(body).sort()).toEqual(['token', 'user']);
        expect(body.user).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
        const me = await get('/users/me', body.token);
        expect(me.status).toBe(200);
        expect(((await me.json()) as { id: string }).id).toBe(body.user.id);
      });

      it('lets the admin of create-admin in through Google under the same verified e-mail', async () => {
        accounts.set('google-boss', {
          id: '1170001',
          name: 'Boss',
          email: 'boss@example.com',
          verified: true,
        });
        const signedIn = await post('/auth/google', { access_token: 'google-boss' });
        expect(signedIn.status).toBe(201);
        const { token } = (await signedIn.json()) as { token: string };
        // GET /users is for admins only.
        expect((await get('/users', token)).status).toBe(200);
      });

      it('documents no Basic scheme and no password route in its OpenAPI document', async () => {
        const docs = await fetch(`${server.url}/docs-json`);
        expect(docs.status).toBe(200);
        const document = (await docs.json()) as {
          paths: Record<string, unknown>;
          components: { securitySchemes: Record<string, unknown> };
        };
        // The master key's scheme is left out: no route of this project takes it alone.
        expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
          'access-token',
          'bearer',
          'client-key',
        ]);
        expect(Object.keys(document.paths)).not.toContain('/auth');
        expect(Object.keys(document.paths)).not.toContain('/users/{id}/password');
        expect(Object.keys(document.paths)).toEqual(
          expect.arrayContaining(['/auth/github', '/auth/google']),
        );
      });
    });
  });
}
