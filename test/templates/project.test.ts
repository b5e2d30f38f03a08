// Whole-output checks of `rest new` projects: every variant compiles in staging, no empty files, no duplicate imports.
import * as prettier from 'prettier';
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import type { ProjectInput } from '../../src/project/project-options.js';
import { renderProject } from './render.js';
import { restsmithVersion } from '../../src/loader/version.js';

/** The version restsmith.json records: this restsmith's, from its package.json. */
const ownVersion = restsmithVersion();

const VARIANTS: [string, ProjectInput][] = [
  ['sqlite', { database: 'sqlite' }],
  ['postgres', { database: 'postgres' }],
  ['mongodb', { database: 'mongodb' }],
  ['sqlite --no-auth', { database: 'sqlite', auth: false }],
  ['mongodb --no-auth', { database: 'mongodb', auth: false }],
  ['postgres --sign-in-on-create', { database: 'postgres', signInOnCreate: true }],
  ['sqlite --refresh-tokens', { database: 'sqlite', refreshTokens: true }],
  ['postgres --refresh-tokens', { database: 'postgres', refreshTokens: true }],
  ['mongodb --refresh-tokens', { database: 'mongodb', refreshTokens: true }],
  ['sqlite --password-reset', { database: 'sqlite', passwordReset: true }],
  ['mongodb --password-reset', { database: 'mongodb', passwordReset: true }],
  [
    'sqlite --api-root /api --force-https --envelope',
    { database: 'sqlite', apiRoot: '/api', forceHttps: true, envelope: true },
  ],
  [
    'mongodb --api-root /api/v1 --refresh-tokens --password-reset --envelope',
    {
      database: 'mongodb',
      apiRoot: '/api/v1',
      refreshTokens: true,
      passwordReset: true,
      envelope: true,
    },
  ],
  ['sqlite --email-confirmation', { database: 'sqlite', emailConfirmation: true }],
  [
    'mongodb --email-confirmation --refresh-tokens',
    { database: 'mongodb', emailConfirmation: true, refreshTokens: true },
  ],
  [
    'sqlite --auth-methods password,facebook,github,google',
    { database: 'sqlite', authMethods: 'password,facebook,github,google' },
  ],
  [
    'mongodb --auth-methods password,github',
    { database: 'mongodb', authMethods: 'password,github' },
  ],
  ['sqlite --auth-methods github,google', { database: 'sqlite', authMethods: 'github,google' }],
  [
    'postgres --auth-methods google --refresh-tokens --email-confirmation',
    { database: 'postgres', authMethods: 'google', refreshTokens: true, emailConfirmation: true },
  ],
  [
    'mongodb --auth-methods github --refresh-tokens --api-root /api',
    { database: 'mongodb', authMethods: 'github', refreshTokens: true, apiRoot: '/api' },
  ],
];

const LAYOUT = [
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'eslint.config.mjs',
  '.prettierrc',
  '.gitignore',
  '.env',
  '.env.example',
  'restsmith.json',
  'README.md',
  'src/main.ts',
  'src/app.module.ts',
  'src/config/environment.ts',
  'src/common/access.decorator.ts',
  'src/common/list-query.ts',
  'src/common/master-key.guard.ts',
  'src/common/all-exceptions.filter.ts',
  'test/app.e2e-spec.ts',
];

const USERS = [
  'src/users/users.module.ts',
  'src/users/users.controller.ts',
  'src/users/users.service.ts',
  'src/users/users.service.spec.ts',
  'src/users/dto/create-user.dto.ts',
  'src/common/jwt-auth.guard.ts',
  'src/common/admin.guard.ts',
  'test/users.e2e-spec.ts',
];

/** With password sign-in only (`password` in --auth-methods). */
const PASSWORDS = ['src/auth/auth.controller.ts', 'test/auth.e2e-spec.ts'];

describe.each(VARIANTS)('rest new (%s)', (_label, input) => {
  it('renders without diagnostics, in the layout nest new and nest g resource use', async () => {
    const { files, options } = await renderProject(input);
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(LAYOUT));
    if (options.auth) {
      expect(paths).toEqual(expect.arrayContaining(USERS));
      if (options.authMethods.includes('password')) {
        expect(paths).toEqual(expect.arrayContaining(PASSWORDS));
      }
      const model =
        options.database === 'mongodb'
          ? 'src/users/schemas/user.schema.ts'
          : 'src/users/entities/user.entity.ts';
      expect(paths).toContain(model);
    } else {
      expect(paths.filter((path) => /users|auth|jwt|admin/.test(path))).toEqual([]);
    }
  });

  it('has no empty file and no generator markers', async () => {
    const { files } = await renderProject(input);
    for (const file of files) {
      expect(file.text.trim(), file.path).not.toBe('');
      // Without the random secrets of .env, whose base64url letters may spell "todo" (CI met "BtodO").
      const text = file.text.replace(/[\w-]{40,}/g, '');
      expect(text, file.path).not.toMatch(/TODO|@generated|restsmith generated/i);
    }
  });

  it('is as `npm run format` (prettier, with its own .prettierrc) would leave it', async () => {
    const { files, text } = await renderProject(input);
    const config = JSON.parse(text('.prettierrc')) as prettier.Options;
    for (const file of files) {
      const info = await prettier.getFileInfo(file.path);
      if (info.ignored || info.inferredParser === null) continue;
      const clean = await prettier.check(file.text, { ...config, filepath: file.path });
      expect(clean, `${file.path} is not prettier-clean`).toBe(true);
    }
  });

  it('imports each module once per file, each name once', async () => {
    const { files } = await renderProject(input);
    const project = new Project({ useInMemoryFileSystem: true });
    for (const file of files.filter((candidate) => candidate.path.endsWith('.ts'))) {
      const source = project.createSourceFile(file.path, file.text);
      const modules = source
        .getImportDeclarations()
        .map((declaration) => declaration.getModuleSpecifierValue());
      expect(modules, file.path).toEqual([...new Set(modules)]);
      const names = source
        .getImportDeclarations()
        .flatMap((declaration) => declaration.getNamedImports().map((named) => named.getName()));
      expect(names, file.path).toEqual([...new Set(names)]);
    }
  });

  it('puts the secrets in .env only, and keeps .env and .data/ out of git', async () => {
    const { files, options, text } = await renderProject(input);
    const { masterKey, clientKey, jwtSecret } = options.secrets;
    expect(text('.env')).toContain(`MASTER_KEY=${masterKey}\n`);
    if (options.auth) expect(text('.env')).toContain(`CLIENT_KEY=${clientKey}\n`);
    if (options.auth) expect(text('.env')).toContain(`JWT_SECRET=${jwtSecret}\n`);
    for (const file of files.filter((candidate) => candidate.path !== '.env')) {
      for (const secret of [masterKey, clientKey, jwtSecret])
        expect(file.text, file.path).not.toContain(secret);
    }
    expect(text('.gitignore').split('\n')).toEqual(expect.arrayContaining(['.env', '.data/']));
  });

  it('has the scripts the README promises and records its choices in restsmith.json', async () => {
    const { options, text } = await renderProject(input);
    const manifest = JSON.parse(text('package.json'));
    expect(Object.keys(manifest.scripts)).toEqual(
      expect.arrayContaining(['test', 'coverage', 'lint', 'dev', 'prod', 'docs', 'client']),
    );
    expect(manifest.engines).toEqual({ node: '>=22' });
    // openapi-typescript 7 peers on TypeScript 5; the project's 6 runs it (npm run client proves it).
    expect(manifest.overrides).toEqual({
      ...(options.database === 'sqlite'
        ? { typeorm: { 'better-sqlite3': '$better-sqlite3' } }
        : {}),
      'openapi-typescript': { typescript: '$typescript' },
    });
    expect(JSON.parse(text('restsmith.json'))).toEqual({
      name: 'my-api',
      restsmith: ownVersion,
      database: options.database,
      http: options.http,
      sourceDir: 'src',
      auth: options.auth,
      signInOnCreate: options.signInOnCreate,
      refreshTokens: options.refreshTokens,
      passwordReset: options.passwordReset,
      apiRoot: options.apiRoot,
      forceHttps: options.forceHttps,
      envelope: options.envelope,
      emailConfirmation: options.emailConfirmation,
      authMethods: options.authMethods,
      packageManager: 'npm',
      resources: [],
    });
  });
});
