// The normalised options of a generated project: computed once, read by every template.
import type { ResourceOptions } from './resource.js';

export const DATABASES = ['mongodb', 'mysql', 'postgres', 'sqlite'] as const;
export type Database = (typeof DATABASES)[number];

/** The HTTP platform under NestJS: @nestjs/platform-express, or @nestjs/platform-fastify. */
export const HTTP_PLATFORMS = ['express', 'fastify'] as const;
export type HttpPlatform = (typeof HTTP_PLATFORMS)[number];

export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/** How users sign in: HTTP Basic with a password, or a provider's access token (social sign-in). */
export const AUTH_METHODS = ['password', 'facebook', 'github', 'google'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];
export type SocialProvider = Exclude<AuthMethod, 'password'>;

/** The defaults of `rest new`: what --yes takes when no flag says otherwise. */
export const DEFAULT_PROJECT_NAME = 'my-api';
/** SQLite needs no server: a project made with --yes starts anywhere (issue 31). */
export const DEFAULT_DATABASE: Database = 'sqlite';
export const DEFAULT_HTTP: HttpPlatform = 'express';
export const DEFAULT_AUTH_METHODS: AuthMethod[] = ['password'];

/** The social sign-in providers a project offers (`POST /auth/<provider>`), in AUTH_METHODS order. */
export const socialProviders = (options: Pick<ProjectOptions, 'authMethods'>): SocialProvider[] =>
  AUTH_METHODS.filter(
    (method): method is SocialProvider =>
      method !== 'password' && options.authMethods.includes(method),
  );

/** Whether users sign in with an e-mail and password (POST /auth, PUT /users/:id/password). */
export const hasPassword = (options: Pick<ProjectOptions, 'authMethods'>): boolean =>
  options.authMethods.includes('password');

export interface ProjectOptions {
  /** npm package name and folder name. */
  name: string;
  database: Database;
  /** The HTTP platform (`--http`): Express, as `nest new` makes, or Fastify. */
  http: HttpPlatform;
  /** User accounts (sign-up, sign-in, JWT, roles). */
  auth: boolean;
  /** POST /users answers `{ token, user }`. */
  signInOnCreate: boolean;
  /** Short-lived access tokens with rotated refresh tokens and revocable sessions (src/sessions). */
  refreshTokens: boolean;
  /** POST /password-resets mails a single-use link; needs user accounts. */
  passwordReset: boolean;
  /** Prefix of every route but /health and /docs, `/api`; `''` for none. */
  apiRoot: string;
  /** In production, plain HTTP requests (X-Forwarded-Proto behind a trusted proxy) are redirected to https. */
  forceHttps: boolean;
  /** Lists answer `{ rows, count }` instead of the array with X-Total-Count: the users list and the default of resources. */
  envelope: boolean;
  /** Sign-up mails a confirmation link; POST /users/confirm; the user view says `emailConfirmed`. */
  emailConfirmation: boolean;
  /** How users sign in (`--auth-methods`): `password` is POST /auth, each provider POST /auth/<provider>. */
  authMethods: AuthMethod[];
  /** `--graphql`: POST /graphql serves src/graphql/schema.graphql with resolvers that call the same services. */
  graphql: boolean;
  packageManager: PackageManager;
  /** Source folder relative to the project root, `src`. */
  sourceDir: string;
  /** Secrets drawn once, so that templates stay pure functions. */
  secrets: {
    /** MASTER_KEY: back ends only; signs users up with any role. */
    masterKey: string;
    /** CLIENT_KEY (with auth): apps; sign-up, sign-in, resets and resends, no role. */
    clientKey: string;
    jwtSecret: string;
  };
  resources: ResourceOptions[];
  /** When `rest new` ran (ms since 1970): names the initial migration. */
  migrationTimestamp: number;
}
