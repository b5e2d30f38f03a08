// Checks the JSON of a project's restsmith.json key by key, so that a hand edit gone wrong is named, not crashed on.
import { UserError } from './user-error.js';
import { checkApiRoot } from './api-root.js';
import {
  AUTH_METHODS,
  DATABASES,
  HTTP_PLATFORMS,
  PACKAGE_MANAGERS,
  type AuthMethod,
  type Database,
  type HttpPlatform,
  type PackageManager,
} from './project.js';
import { ACCESS_LEVELS, RESOURCE_METHODS, type Access, type ResourceMethod } from './resource.js';
import { CONFIG_FILE, type ProjectConfig, type ResourceRecord } from './config-record.js';

export function checkConfig(data: unknown): ProjectConfig {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw badKey('(root)', 'an object');
  }
  const config = data as Record<string, unknown>;
  const expect = (key: string, ok: boolean, what: string) => {
    if (!ok) throw badKey(key, what);
  };
  expect('name', typeof config.name === 'string', 'a string');
  expect('database', DATABASES.includes(config.database as Database), DATABASES.join(' | '));
  // Left out of files written before --http, and left so when `rest api` writes one back.
  expect(
    'http',
    config.http === undefined || HTTP_PLATFORMS.includes(config.http as HttpPlatform),
    HTTP_PLATFORMS.join(' | '),
  );
  config.sourceDir ??= 'src';
  expect('sourceDir', typeof config.sourceDir === 'string', 'a folder such as "src"');
  config.auth ??= true;
  expect('auth', typeof config.auth === 'boolean', 'true or false');
  config.signInOnCreate ??= false;
  expect('signInOnCreate', typeof config.signInOnCreate === 'boolean', 'true or false');
  // Left out of files written before --refresh-tokens, and left so when `rest api` writes one back.
  expect(
    'refreshTokens',
    config.refreshTokens === undefined || typeof config.refreshTokens === 'boolean',
    'true or false',
  );
  config.passwordReset ??= false;
  expect('passwordReset', typeof config.passwordReset === 'boolean', 'true or false');
  expect(
    'apiRoot',
    config.apiRoot === undefined ||
      (typeof config.apiRoot === 'string' && isApiRoot(config.apiRoot)),
    'a path such as "/api", or ""',
  );
  for (const key of ['forceHttps', 'envelope', 'graphql']) {
    expect(key, config[key] === undefined || typeof config[key] === 'boolean', 'true or false');
  }
  // Left out of files written before --email-confirmation.
  expect(
    'emailConfirmation',
    config.emailConfirmation === undefined || typeof config.emailConfirmation === 'boolean',
    'true or false',
  );
  expect(
    'authMethods',
    config.authMethods === undefined ||
      (Array.isArray(config.authMethods) &&
        config.authMethods.length > 0 &&
        config.authMethods.every((method) => AUTH_METHODS.includes(method as AuthMethod))),
    `a list of ${AUTH_METHODS.map((method) => `"${method}"`).join(', ')}`,
  );
  config.packageManager ??= 'npm';
  expect(
    'packageManager',
    PACKAGE_MANAGERS.includes(config.packageManager as PackageManager),
    PACKAGE_MANAGERS.join(' | '),
  );
  config.resources ??= [];
  expect('resources', Array.isArray(config.resources), 'a list');
  (config.resources as unknown[]).forEach((record, index) =>
    checkRecord(record, index, config.auth as boolean),
  );
  return config as ProjectConfig;
}

function checkRecord(record: unknown, index: number, auth: boolean): void {
  const key = `resources[${index}]`;
  const value = record as Partial<ResourceRecord> | null;
  if (typeof value?.name !== 'string' || typeof value.endpoint !== 'string') {
    throw badKey(key, 'an object with "name" and "endpoint"');
  }
  const methods = Object.entries(value.methods ?? {});
  const valid = methods.every(
    ([method, access]) =>
      RESOURCE_METHODS.includes(method as ResourceMethod) &&
      ACCESS_LEVELS.includes(access as Access),
  );
  if (!valid)
    throw badKey(`${key}.methods`, `{ "create": "public" | "master" | "user" | "admin", ... }`);
  // Without user accounts there is nobody to sign in: "user" and "admin" could never be met.
  const needsAccounts = methods.find(([, access]) => access === 'user' || access === 'admin');
  if (!auth && needsAccounts) {
    throw badKey(
      `${key}.methods.${needsAccounts[0]}`,
      `"public" or "master": the project has no user accounts ("auth": false)`,
    );
  }
  if (!Array.isArray(value.fields) || value.fields.some((field) => typeof field !== 'string')) {
    throw badKey(`${key}.fields`, 'a list such as ["title:string"]');
  }
  for (const flag of ['envelope', 'nested'] as const) {
    if (value[flag] !== undefined && typeof value[flag] !== 'boolean') {
      throw badKey(`${key}.${flag}`, 'true or false');
    }
  }
  if (value.graphql !== undefined && value.graphql !== false) {
    throw badKey(
      `${key}.graphql`,
      'false (REST only), or left out (served by GraphQL where the project is)',
    );
  }
  const indexes = value.indexes ?? [];
  if (!Array.isArray(indexes) || indexes.some((field) => typeof field !== 'string')) {
    throw badKey(`${key}.indexes`, 'a list of fields such as ["price"]');
  }
  const confirmed = value.confirmed ?? [];
  const needsUser = (kind: unknown) =>
    value.methods?.[kind as ResourceMethod] === 'user' ||
    value.methods?.[kind as ResourceMethod] === 'admin';
  if (!Array.isArray(confirmed) || !confirmed.every(needsUser)) {
    throw badKey(`${key}.confirmed`, 'a list of methods whose access is "user" or "admin"');
  }
  const cascade = value.cascade ?? [];
  if (!Array.isArray(cascade) || cascade.some((field) => typeof field !== 'string')) {
    throw badKey(`${key}.cascade`, 'a list of reference fields such as ["category"]');
  }
}

function isApiRoot(root: string): boolean {
  try {
    return checkApiRoot(root) === root;
  } catch {
    return false;
  }
}

function badKey(key: string, expected: string): UserError {
  return new UserError(`${CONFIG_FILE}: "${key}" should be ${expected}.`, {
    hint: `Fix ${CONFIG_FILE} by hand (git diff shows what changed), then run again.`,
  });
}
