// The options of a generated project and of a resource's context, as the template tests build them by hand.
import type { Database, ProjectOptions } from '../../src/model/project.js';
import type { ResourceOptions } from '../../src/model/resource.js';
import type { ResourceContext } from '../../src/resource/resource-options.js';

/** `rest new blog --database <database> --yes`, with fixed secrets and timestamp, holding `resources`. */
export const projectFixture = (
  database: Database,
  resources: ResourceOptions[] = [],
  changes: Partial<ProjectOptions> = {},
): ProjectOptions => ({
  name: 'blog',
  database,
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
  secrets: { masterKey: 'm'.repeat(43), clientKey: 'c'.repeat(43), jwtSecret: 'j'.repeat(43) },
  resources,
  migrationTimestamp: 1_700_000_000_000,
  ...changes,
});

/** What a new resource is checked against: the resources there already, its migration's timestamp. */
export const contextFixture = (resources: string[], timestamp: number): ResourceContext => ({
  auth: true,
  resources,
  modules: [],
  endpoints: [],
  migrationTimestamp: timestamp,
});
