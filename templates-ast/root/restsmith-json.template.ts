// restsmith.json: the project's choices, which `rest api` reads and adds resources to.
import type { JsonFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { resourceRecord } from '../../src/model/project-config.js';
import { restsmithVersion } from '../../src/loader/version.js';

export const restsmithJsonTemplate = (options: ProjectOptions): JsonFile => ({
  kind: 'json',
  path: 'restsmith.json',
  data: {
    name: options.name,
    restsmith: restsmithVersion(),
    database: options.database,
    http: options.http,
    sourceDir: options.sourceDir,
    auth: options.auth,
    signInOnCreate: options.signInOnCreate,
    refreshTokens: options.refreshTokens,
    passwordReset: options.passwordReset,
    apiRoot: options.apiRoot,
    forceHttps: options.forceHttps,
    envelope: options.envelope,
    emailConfirmation: options.emailConfirmation,
    authMethods: options.authMethods,
    ...(options.graphql ? { graphql: true } : {}),
    packageManager: options.packageManager,
    resources: options.resources.map((resource) => resourceRecord(resource, options.database)),
  },
});
