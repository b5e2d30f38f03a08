// The normalised options of a generated project: computed once, read by every template.
import type { ResourceOptions } from '../resource/options.js';

export const DATABASES = ['mongodb', 'mysql', 'postgres', 'sqlite'] as const;
export type Database = (typeof DATABASES)[number];

export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn'] as const;
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

export interface ProjectOptions {
  /** npm package name and folder name. */
  name: string;
  database: Database;
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
  packageManager: PackageManager;
  /** Source folder relative to the project root, `src`. */
  sourceDir: string;
  /** Secrets drawn once, so that templates stay pure functions. */
  secrets: { masterKey: string; jwtSecret: string };
  resources: ResourceOptions[];
  /** When `rest new` ran (ms since 1970): names the initial migration. */
  migrationTimestamp: number;
}
