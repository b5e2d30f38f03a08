// Every file of a new project, for `rest new`: one entry per template in this folder.
import type { GeneratedFile } from '../src/engine/generated-file.js';
import type { Database, ProjectOptions } from '../src/model/project.js';
import { appModuleTemplate } from './app/app.module.template.js';
import { appSetupTemplate } from './app/app.setup.template.js';
import { docsTemplate } from './app/docs.template.js';
import { mainTemplate } from './app/main.template.js';
import { openApiTemplate } from './app/openapi.template.js';
import { accessTokenTemplate } from './common/access-token.template.js';
import { accessDecoratorTemplate } from './common/access.decorator.template.js';
import { accessGuardTemplate } from './common/access.guard.template.js';
import { allExceptionsFilterTemplate } from './common/all-exceptions.filter.template.js';
import { bodyLimitsTemplate } from './common/body-limits.template.js';
import { formValueTemplate } from './common/form-value.template.js';
import { headersTemplate } from './common/headers.template.js';
import { requestChecksTemplate } from './common/request-checks.template.js';
import { findPageTemplate } from './common/find-page.template.js';
import {
  cachesLists,
  listCacheSpecTemplate,
  listCacheTemplate,
} from './common/list-cache.template.js';
import { searchBoundFiles } from './database/search-bound.template.js';
import { listQueryTemplate } from './common/list-query.template.js';
import { listFiltersTemplate } from './common/list-filters.template.js';
import { masterKeyGuardTemplate } from './common/master-key.guard.template.js';
import { pagingTemplate } from './common/paging.template.js';
import { apiDocsTemplate } from './common/api-docs.template.js';
import { parseIdPipeTemplate } from './common/parse-id.pipe.template.js';
import { rateLimitModuleTemplate } from './common/rate-limit.module.template.js';
import { rateLimitTemplate } from './common/rate-limit.template.js';
import { appLoggerTemplate } from './common/app-logger.template.js';
import { requestLoggerTemplate } from './common/request-logger.template.js';
import { environmentTemplate } from './config/environment.template.js';
import { dataSourceTemplate, databaseOptionsTemplate } from './database/data-source.template.js';
import { findByIdTemplate } from './database/find-by-id.template.js';
import { databaseModuleTemplate } from './database/database.module.template.js';
import { checksDatabase, databaseReadyTemplate } from './database/database-ready.template.js';
import { gracefulShutdownTemplate } from './health/graceful-shutdown.template.js';
import { healthControllerTemplate } from './health/health.controller.template.js';
import { healthModuleTemplate } from './health/health.module.template.js';
import { redisHealthTemplate } from './health/redis.health.template.js';
import { migrationsTemplate } from './database/migrations.template.js';
import { coverageScriptTemplate } from './root/coverage-script.template.js';
import { envExampleTemplate, envTemplate } from './root/env.template.js';
import {
  composeTemplate,
  dockerfileTemplate,
  dockerignoreTemplate,
} from './root/docker.template.js';
import { eslintConfigTemplate } from './root/eslint-config.template.js';
import { gitattributesTemplate, gitignoreTemplate } from './root/gitignore.template.js';
import { packageJsonTemplate } from './root/package-json.template.js';
import { prettierrcTemplate } from './root/prettierrc.template.js';
import { readmeTemplate } from './root/readme.template.js';
import { restsmithJsonTemplate } from './root/restsmith-json.template.js';
import { tsconfigBuildTemplate, tsconfigTemplate } from './root/tsconfig.template.js';
import { accessGuardSpecTemplate } from './specs/access.guard.spec.template.js';
import { deleteRulesTemplate } from './database/delete-rules.template.js';
import { deleteRulesSpecTemplate } from './specs/delete-rules.spec.template.js';
import { mongoFindPageSpecTemplate } from './specs/find-page.spec.template.js';
import { listQuerySpecTemplate } from './specs/list-query.spec.template.js';
import { userSchemaSpecTemplate } from './specs/schema.spec.template.js';
import {
  accessTokenSpecTemplate,
  masterKeyGuardSpecTemplate,
} from './specs/guards.spec.template.js';
import {
  bodyLimitsSpecTemplate,
  formValueSpecTemplate,
  headersSpecTemplate,
  pagingSpecTemplate,
  requestChecksSpecTemplate,
} from './specs/input.spec.template.js';
import { appE2eSpecTemplate } from './test/app.e2e-spec.template.js';
import { testAppTemplate } from './test/app.template.js';
import { globalSetupTemplate, globalTeardownTemplate } from './test/global-setup.template.js';
import { inputE2eSpecTemplate } from './test/input.e2e-spec.template.js';
import { healthE2eSpecTemplate } from './test/health.e2e-spec.template.js';
import { setupEnvTemplate } from './test/setup-env.template.js';
import { usersMigrationTemplate } from './users/users.migration.template.js';
import { sessionsMigrationTemplate } from './sessions/sessions.migration.template.js';
import { emailConfirmationsMigrationTemplate } from './email-confirmations/email-confirmation.entity.template.js';
import { passwordResetsMigrationTemplate } from './password-resets/password-reset.entity.template.js';
import { authFiles } from './project-accounts.js';
import { clientFiles } from './client/client.template.js';
import { clientE2eSpecTemplate } from './client/client-spec.template.js';
import { graphqlRuntimeFiles } from './graphql/graphql-files.js';
import { usersResolverTemplate } from './graphql/users.resolver.template.js';
import { graphqlE2eSpecTemplate } from './test/graphql.e2e-spec.template.js';
import { authResolverTemplate, hasAuthResolver } from './graphql/auth.resolver.template.js';
import { passwordResetsResolverTemplate } from './graphql/password-resets.resolver.template.js';

const rootFiles = (options: ProjectOptions): GeneratedFile[] => [
  packageJsonTemplate(options),
  tsconfigTemplate(),
  tsconfigBuildTemplate(),
  prettierrcTemplate(),
  eslintConfigTemplate(),
  gitignoreTemplate(),
  gitattributesTemplate(),
  envTemplate(options),
  envExampleTemplate(options),
  restsmithJsonTemplate(options),
  readmeTemplate(options),
  coverageScriptTemplate(),
  dockerfileTemplate(options),
  dockerignoreTemplate(),
  composeTemplate(options),
  ...clientFiles(options),
];

const appFiles = (options: ProjectOptions): GeneratedFile[] => [
  mainTemplate(options),
  appModuleTemplate(options),
  appSetupTemplate(options),
  openApiTemplate(options),
  docsTemplate(options),
  environmentTemplate(options),
  databaseModuleTemplate(options),
  healthModuleTemplate(),
  healthControllerTemplate(options),
  redisHealthTemplate(),
  gracefulShutdownTemplate(),
  ...(options.database === 'mongodb'
    ? [deleteRulesTemplate(), deleteRulesSpecTemplate()]
    : migrationFiles(options, options.database)),
];

/** TypeORM's connection for the app and the CLI, and the migrations (the users table's first). */
const migrationFiles = (
  options: ProjectOptions,
  database: Exclude<Database, 'mongodb'>,
): GeneratedFile[] => [
  databaseOptionsTemplate(options),
  dataSourceTemplate(options),
  ...(checksDatabase(options) ? [databaseReadyTemplate(options)] : []),
  findByIdTemplate(database),
  migrationsTemplate(options),
  ...(options.auth ? [usersMigrationTemplate(options)] : []),
  ...(options.refreshTokens ? [sessionsMigrationTemplate(options)] : []),
  ...(options.passwordReset ? [passwordResetsMigrationTemplate(options)] : []),
  ...(options.emailConfirmation ? [emailConfirmationsMigrationTemplate(options)] : []),
];

const commonFiles = (options: ProjectOptions): GeneratedFile[] => [
  accessTokenTemplate(options),
  accessDecoratorTemplate(options),
  accessGuardTemplate(),
  accessGuardSpecTemplate(),
  rateLimitTemplate(options),
  rateLimitModuleTemplate(),
  masterKeyGuardTemplate(options),
  allExceptionsFilterTemplate(options),
  bodyLimitsTemplate(options),
  requestChecksTemplate(options),
  headersTemplate(options),
  formValueTemplate(),
  listQueryTemplate(options),
  listFiltersTemplate(options),
  pagingTemplate(options),
  apiDocsTemplate(options),
  findPageTemplate(options),
  ...(cachesLists(options.database) ? [listCacheTemplate(options.database)] : []),
  ...searchBoundFiles(options),
  parseIdPipeTemplate(options),
  appLoggerTemplate(),
  requestLoggerTemplate(),
  listQuerySpecTemplate(),
  ...(options.database === 'mongodb' ? [mongoFindPageSpecTemplate()] : []),
  // The users' schema exists only with accounts (--no-auth has no src/users).
  ...(options.database === 'mongodb' && options.auth ? [userSchemaSpecTemplate(options)] : []),
  bodyLimitsSpecTemplate(),
  requestChecksSpecTemplate(options),
  formValueSpecTemplate(),
  headersSpecTemplate(options),
  pagingSpecTemplate(),
  ...(cachesLists(options.database) ? [listCacheSpecTemplate()] : []),
  masterKeyGuardSpecTemplate(),
  accessTokenSpecTemplate(options),
];

const testFiles = (options: ProjectOptions): GeneratedFile[] => [
  setupEnvTemplate(options),
  testAppTemplate(options),
  appE2eSpecTemplate(options),
  inputE2eSpecTemplate(options),
  healthE2eSpecTemplate(options),
  clientE2eSpecTemplate(options),
  ...(options.database === 'sqlite' ? [] : [globalSetupTemplate(options)]),
  ...(options.database === 'mongodb' ? [globalTeardownTemplate()] : []),
];

/**
 * @example
 * const files = projectFiles(normaliseProjectOptions({ name: 'my-api', database: 'sqlite' }));
 * files.find((file) => file.path === 'src/main.ts');
 */
export function projectFiles(options: ProjectOptions): GeneratedFile[] {
  return [
    ...rootFiles(options),
    ...appFiles(options),
    ...commonFiles(options),
    ...(options.auth ? authFiles(options) : []),
    ...(options.graphql ? graphqlFiles(options) : []),
    ...testFiles(options),
  ];
}

/** `--graphql`: POST /graphql's runtime and the resolvers of users and sign-in; `rest api` adds each resource's. */
const graphqlFiles = (options: ProjectOptions): GeneratedFile[] => [
  ...graphqlRuntimeFiles(options),
  ...(options.auth ? [usersResolverTemplate(options)] : []),
  ...(hasAuthResolver(options) ? [authResolverTemplate(options)] : []),
  ...(options.passwordReset ? [passwordResetsResolverTemplate()] : []),
  ...(options.auth ? [graphqlE2eSpecTemplate(options)] : []),
];
