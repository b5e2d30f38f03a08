import { describe, expect, it } from 'vitest';
import { checkApiRoot } from '../../src/model/api-root.js';
import { UserError } from '../../src/model/user-error.js';
import {
  detectPackageManager,
  normaliseProjectOptions,
  projectFolder,
  splitProjectArgument,
} from '../../src/project/project-options.js';

const userErrorOf = (run: () => unknown): UserError => {
  try {
    run();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error('expected a UserError');
};

describe('normaliseProjectOptions', () => {
  it('takes the defaults for what was not given', () => {
    const options = normaliseProjectOptions({ userAgent: undefined });
    expect({ ...options, secrets: undefined }).toEqual({
      name: 'my-api',
      database: 'sqlite',
      http: 'express',
      auth: true,
      signInOnCreate: false,
      refreshTokens: false,
      passwordReset: false,
      apiRoot: '',
      forceHttps: false,
      envelope: false,
      emailConfirmation: false,
      authMethods: ['password'],
      graphql: false,
      packageManager: 'npm',
      sourceDir: 'src',
      secrets: undefined,
      resources: [],
      migrationTimestamp: expect.any(Number),
    });
  });

  it('keeps every choice that was given', () => {
    const options = normaliseProjectOptions({
      name: 'shop-api',
      database: 'sqlite',
      auth: true,
      signInOnCreate: true,
      packageManager: 'pnpm',
    });
    expect(options).toMatchObject({
      name: 'shop-api',
      database: 'sqlite',
      signInOnCreate: true,
      packageManager: 'pnpm',
    });
  });

  it('draws three different URL-safe secrets of at least 32 characters, new each time', () => {
    const first = normaliseProjectOptions({}).secrets;
    const second = normaliseProjectOptions({}).secrets;
    const secrets = [first.masterKey, first.clientKey, first.jwtSecret];
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    }
    expect(new Set(secrets).size).toBe(3);
    expect(second.masterKey).not.toBe(first.masterKey);
  });

  it('refuses a name that is not a valid npm package name, suggesting one that is', () => {
    const error = userErrorOf(() => normaliseProjectOptions({ name: 'My API' }));
    expect(error.message).toBe(
      "invalid project name 'My API': name can only contain URL-friendly characters, name can no longer contain capital letters",
    );
    expect(error.hint).toBe("Try 'my-api'.");
    expect(userErrorOf(() => normaliseProjectOptions({ name: 'http' })).hint).toBe(
      "Try 'http-api'.",
    );
  });

  it('takes --http fastify and refuses an unknown HTTP platform, listing the choices', () => {
    expect(normaliseProjectOptions({ http: 'fastify' }).http).toBe('fastify');
    const http = userErrorOf(() => normaliseProjectOptions({ http: 'koa' }));
    expect([http.message, http.hint]).toEqual([
      "unknown HTTP platform 'koa'",
      'Choose one of: express, fastify.',
    ]);
  });

  it('refuses an unknown database or package manager, listing the choices', () => {
    const database = userErrorOf(() => normaliseProjectOptions({ database: 'oracle' }));
    expect([database.message, database.hint]).toEqual([
      "unknown database 'oracle'",
      'Choose one of: mongodb, mysql, postgres, sqlite.',
    ]);
    const manager = userErrorOf(() => normaliseProjectOptions({ packageManager: 'bun' }));
    expect(manager.hint).toBe('Choose one of: npm, pnpm, yarn.');
  });

  it('refuses --sign-in-on-create without user accounts', () => {
    const error = userErrorOf(() => normaliseProjectOptions({ auth: false, signInOnCreate: true }));
    expect(error.hint).toBe('Drop one of --no-auth and --sign-in-on-create.');
  });

  it('refuses --refresh-tokens without user accounts, and with --sign-in-on-create', () => {
    const noAuth = userErrorOf(() => normaliseProjectOptions({ auth: false, refreshTokens: true }));
    expect(noAuth.hint).toBe('Drop one of --no-auth and --refresh-tokens.');
    const both = userErrorOf(() =>
      normaliseProjectOptions({ refreshTokens: true, signInOnCreate: true }),
    );
    expect(both.message).toBe('--refresh-tokens and --sign-in-on-create do not go together yet');
  });

  it('refuses --password-reset without user accounts', () => {
    const error = userErrorOf(() => normaliseProjectOptions({ auth: false, passwordReset: true }));
    expect(error.message).toMatch(/--password-reset needs user accounts/);
    expect(error.hint).toBe('Drop one of --no-auth and --password-reset.');
  });

  it('refuses --email-confirmation without user accounts', () => {
    const error = userErrorOf(() =>
      normaliseProjectOptions({ auth: false, emailConfirmation: true }),
    );
    expect(error.message).toMatch(/--email-confirmation needs user accounts/);
    expect(error.hint).toBe('Drop one of --no-auth and --email-confirmation.');
  });

  it('reads --auth-methods as a comma list, in a fixed order, each once', () => {
    expect(normaliseProjectOptions({}).authMethods).toEqual(['password']);
    expect(
      normaliseProjectOptions({ authMethods: ' google,Password, github,google ' }).authMethods,
    ).toEqual(['password', 'github', 'google']);
    expect(normaliseProjectOptions({ authMethods: ['facebook', 'password'] }).authMethods).toEqual([
      'password',
      'facebook',
    ]);
  });

  it('refuses unknown auth methods naming them and the allowed list', () => {
    const unknown = userErrorOf(() =>
      normaliseProjectOptions({ authMethods: 'password,twitter,gitlab' }),
    );
    expect(unknown.message).toBe("unknown auth methods 'twitter', 'gitlab'");
    expect(unknown.hint).toBe(
      '--auth-methods takes a comma list of: password, facebook, github, google.',
    );
    expect(userErrorOf(() => normaliseProjectOptions({ authMethods: ' , ' })).message).toBe(
      '--auth-methods names no method',
    );
    expect(
      userErrorOf(() => normaliseProjectOptions({ auth: false, authMethods: 'password' })).message,
    ).toMatch(/--auth-methods needs user accounts/);
  });
});

describe('social-only projects (--auth-methods without password)', () => {
  it('takes a list without password', () => {
    expect(normaliseProjectOptions({ authMethods: 'google,github' }).authMethods).toEqual([
      'github',
      'google',
    ]);
  });

  it('refuses --password-reset, which needs passwords, naming the fix', () => {
    const error = userErrorOf(() =>
      normaliseProjectOptions({ authMethods: 'github,google', passwordReset: true }),
    );
    expect(error.message).toBe('--password-reset needs passwords, which --auth-methods leaves out');
    expect(error.hint).toBe(
      'Add password to the list, as in --auth-methods password,github,google, or drop --password-reset.',
    );
  });
});

describe('detectPackageManager', () => {
  it('reads the package manager that ran rest from its user agent', () => {
    expect(detectPackageManager('pnpm/9.12.0 npm/? node/v20.20.0 linux x64')).toBe('pnpm');
    expect(detectPackageManager('yarn/4.5.0 npm/? node/v20.20.0 linux x64')).toBe('yarn');
    expect(detectPackageManager('npm/11.0.0 node/v20.20.0 linux x64 workspaces/false')).toBe('npm');
    expect(detectPackageManager('bun/1.1.0 npm/? node/v20.20.0')).toBe('npm');
    expect(detectPackageManager(undefined)).toBe('npm');
  });
});

describe('projectFolder', () => {
  it('is the name without its scope', () => {
    expect(projectFolder('@acme/shop-api')).toBe('shop-api');
    expect(projectFolder('shop-api')).toBe('shop-api');
  });
});

describe("rest new's NAME argument (splitProjectArgument)", () => {
  it('is a package name, or a path whose last segment is the name', () => {
    expect(splitProjectArgument('my-api')).toEqual({ name: 'my-api', folder: 'my-api' });
    expect(splitProjectArgument('@acme/api')).toEqual({ name: '@acme/api', folder: 'api' });
    expect(splitProjectArgument('../my-api')).toEqual({ name: 'my-api', folder: '../my-api' });
    expect(splitProjectArgument('apps/my-api/')).toEqual({ name: 'my-api', folder: 'apps/my-api' });
    expect(splitProjectArgument(undefined)).toEqual({});
  });
});

describe('--api-root, --force-https, --envelope', () => {
  it('keeps the choices, the root as a path without a trailing slash', () => {
    const options = normaliseProjectOptions({
      apiRoot: '/api/v1/',
      forceHttps: true,
      envelope: true,
    });
    expect(options).toMatchObject({ apiRoot: '/api/v1', forceHttps: true, envelope: true });
    expect(checkApiRoot('/api')).toBe('/api');
    expect(checkApiRoot(' /v2.1/rest_api~x ')).toBe('/v2.1/rest_api~x');
  });

  it('takes an empty root or / as no root', () => {
    expect(checkApiRoot('')).toBe('');
    expect(checkApiRoot('/')).toBe('');
    expect(normaliseProjectOptions({ apiRoot: '/' }).apiRoot).toBe('');
  });

  it('refuses a root without its leading slash, naming the path to write', () => {
    const error = userErrorOf(() => normaliseProjectOptions({ apiRoot: 'api' }));
    expect([error.message, error.hint]).toEqual([
      "--api-root 'api' does not start with '/'",
      "Write it as a path from the host: '/api'.",
    ]);
  });

  it('refuses segments that are not URL-safe, empty, or upper-case', () => {
    for (const root of [
      '/my api',
      '/api//v1',
      '/API',
      '/api?x=1',
      '/api#top',
      '/ä',
      '/-api',
      '/..',
    ]) {
      const error = userErrorOf(() => checkApiRoot(root));
      expect(error.message).toBe(`--api-root '${root}' is not a path of URL-safe segments`);
      expect(error.hint).toMatch(/as in '\/api' or '\/api\/v1'/);
    }
  });

  it('refuses a root that would take the place of /health or /docs', () => {
    for (const root of ['/health', '/docs/v1']) {
      expect(userErrorOf(() => checkApiRoot(root)).message).toMatch(
        /would hide \/health or \/docs/,
      );
    }
  });
});
