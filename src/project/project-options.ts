// Turns `rest new` flags and prompt answers into ProjectOptions, once: validated, defaulted, secrets drawn.
import { randomBytes } from 'node:crypto';
import { kebabCase } from 'change-case';
import { basename, resolve } from 'node:path';
import validatePackageName from 'validate-npm-package-name';
import { UserError } from '../model/user-error.js';
import { checkApiRoot } from '../model/api-root.js';
import {
  AUTH_METHODS,
  DATABASES,
  DEFAULT_AUTH_METHODS,
  DEFAULT_DATABASE,
  DEFAULT_HTTP,
  DEFAULT_PROJECT_NAME,
  HTTP_PLATFORMS,
  PACKAGE_MANAGERS,
  type AuthMethod,
  type PackageManager,
  type ProjectOptions,
} from '../model/project.js';

/** What the user gave, from flags or prompts; anything left out takes its default. */
export interface ProjectInput {
  name?: string;
  database?: string;
  /** `express` or `fastify`. */
  http?: string;
  auth?: boolean;
  signInOnCreate?: boolean;
  refreshTokens?: boolean;
  passwordReset?: boolean;
  /** `/api`; empty or `/` for none. */
  apiRoot?: string;
  forceHttps?: boolean;
  envelope?: boolean;
  emailConfirmation?: boolean;
  /** `--auth-methods password,github`: a comma list, or the prompt's choices. */
  authMethods?: string | string[];
  graphql?: boolean;
  packageManager?: string;
  /** `npm_config_user_agent` of the process, which says who ran us (`pnpm/9.1.0 npm/? node/v20...`). */
  userAgent?: string;
}

/** Secrets of 32 random bytes: 43 URL-safe characters, safe in `.env` and in a shell. */
export const drawSecret = (): string => randomBytes(32).toString('base64url');

/**
 * @example
 * normaliseProjectOptions({ name: 'my-api', database: 'sqlite' }).secrets.masterKey.length; // 43
 */
export function normaliseProjectOptions(input: ProjectInput): ProjectOptions {
  const auth = input.auth ?? true;
  if (input.signInOnCreate && !auth) {
    throw new UserError('--sign-in-on-create needs user accounts, which --no-auth turns off', {
      hint: 'Drop one of --no-auth and --sign-in-on-create.',
    });
  }
  if (input.refreshTokens && !auth) {
    throw new UserError('--refresh-tokens needs user accounts, which --no-auth turns off', {
      hint: 'Drop one of --no-auth and --refresh-tokens.',
    });
  }
  if (input.refreshTokens && input.signInOnCreate) {
    throw new UserError('--refresh-tokens and --sign-in-on-create do not go together yet', {
      hint: 'Drop --sign-in-on-create: sign the new user in with POST /auth, which starts a session.',
    });
  }
  if (input.passwordReset && !auth) {
    throw new UserError('--password-reset needs user accounts, which --no-auth turns off', {
      hint: 'Drop one of --no-auth and --password-reset.',
    });
  }
  if (input.emailConfirmation && !auth) {
    throw new UserError('--email-confirmation needs user accounts, which --no-auth turns off', {
      hint: 'Drop one of --no-auth and --email-confirmation.',
    });
  }
  const authMethods = parseAuthMethods(input.authMethods);
  if (input.authMethods !== undefined && !auth) {
    throw new UserError('--auth-methods needs user accounts, which --no-auth turns off', {
      hint: 'Drop one of --no-auth and --auth-methods.',
    });
  }
  if (input.passwordReset && !authMethods.includes('password')) {
    throw new UserError('--password-reset needs passwords, which --auth-methods leaves out', {
      hint: `Add password to the list, as in --auth-methods password,${authMethods.join(',')}, or drop --password-reset.`,
    });
  }
  return {
    name: checkProjectName(input.name ?? DEFAULT_PROJECT_NAME),
    database: oneOf('database', input.database ?? DEFAULT_DATABASE, DATABASES),
    http: oneOf('HTTP platform', input.http ?? DEFAULT_HTTP, HTTP_PLATFORMS),
    auth,
    signInOnCreate: input.signInOnCreate ?? false,
    refreshTokens: input.refreshTokens ?? false,
    passwordReset: input.passwordReset ?? false,
    apiRoot: checkApiRoot(input.apiRoot ?? ''),
    forceHttps: input.forceHttps ?? false,
    envelope: input.envelope ?? false,
    emailConfirmation: input.emailConfirmation ?? false,
    authMethods,
    graphql: input.graphql ?? false,
    packageManager: input.packageManager
      ? oneOf('package manager', input.packageManager, PACKAGE_MANAGERS)
      : detectPackageManager(input.userAgent),
    sourceDir: 'src',
    secrets: { masterKey: drawSecret(), clientKey: drawSecret(), jwtSecret: drawSecret() },
    resources: [],
    migrationTimestamp: Date.now(),
  };
}

/**
 * `password,github` (or the prompt's list) as AUTH_METHODS, in their order, each once.
 * @example
 * parseAuthMethods('github, password'); // ['password', 'github']
 */
export function parseAuthMethods(given: string | string[] | undefined): AuthMethod[] {
  if (given === undefined) return [...DEFAULT_AUTH_METHODS];
  const listed = (Array.isArray(given) ? given : given.split(','))
    .map((method) => method.trim().toLowerCase())
    .filter((method) => method !== '');
  const allowed = AUTH_METHODS.join(', ');
  const unknown = listed.filter((method) => !(AUTH_METHODS as readonly string[]).includes(method));
  if (unknown.length > 0) {
    throw new UserError(
      `unknown auth method${unknown.length > 1 ? 's' : ''} '${unknown.join("', '")}'`,
      {
        hint: `--auth-methods takes a comma list of: ${allowed}.`,
      },
    );
  }
  if (listed.length === 0) {
    throw new UserError('--auth-methods names no method', {
      hint: `Give a comma list of: ${allowed} (default: password).`,
    });
  }
  return AUTH_METHODS.filter((method) => listed.includes(method));
}

/** The project name is its npm package name and (without a scope) its folder name. */
export function checkProjectName(name: string): string {
  const result = validatePackageName(name);
  if (result.validForNewPackages) return name;
  const problems = [
    ...('errors' in result ? (result.errors ?? []) : []),
    ...('warnings' in result ? (result.warnings ?? []) : []),
  ];
  const base = kebabCase(name.replace(/^[._]+/, '')).slice(0, 200);
  const suggestion = [base, `${base}-api`].find(
    (candidate) => base !== '' && validatePackageName(candidate).validForNewPackages,
  );
  throw new UserError(`invalid project name '${name}': ${problems.join(', ')}`, {
    hint: suggestion
      ? `Try '${suggestion}'.`
      : 'Use lower-case letters, digits and dashes, as in my-api.',
  });
}

/** `@acme/api` is written to `api/`, as npm init and nest new do. */
export const projectFolder = (name: string): string => name.split('/').pop()!;

/**
 * `rest new NAME`'s argument: a package name (`my-api`; `@acme/api`, written to `api/`), or a path
 * whose last segment is the name (`../my-api`, `apps/my-api`), written where the path says.
 * @example
 * splitProjectArgument('../my-api'); // { name: 'my-api', folder: '../my-api' }
 * splitProjectArgument('@acme/api'); // { name: '@acme/api', folder: 'api' }
 */
export function splitProjectArgument(argument: string | undefined): {
  name?: string;
  folder?: string;
} {
  if (argument === undefined) return {};
  if (/^@[^/\\]+\/[^/\\]+$/.test(argument)) {
    return { name: argument, folder: projectFolder(argument) };
  }
  const folder = argument.replace(/[/\\]+$/, '') || argument;
  if (!/[/\\]/.test(folder) && folder !== '.' && folder !== '..') return { name: folder, folder };
  return { name: basename(resolve(folder)), folder };
}

function oneOf<T extends string>(what: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UserError(`unknown ${what} '${value}'`, {
    hint: `Choose one of: ${allowed.join(', ')}.`,
  });
}

/** The package manager that ran `rest` (`pnpm dlx`, `yarn dlx`, `npx`), npm when unknown. */
export function detectPackageManager(userAgent: string | undefined): PackageManager {
  const name = userAgent?.split('/')[0];
  return PACKAGE_MANAGERS.find((manager) => manager === name) ?? 'npm';
}
