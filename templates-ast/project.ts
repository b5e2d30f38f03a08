// Every file of a new project, for `rest new`: one entry per template in this folder.
import type { GeneratedFile } from '../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../src/project/options.js';
import { appModuleTemplate } from './app/app.module.template.js';
import { appSetupTemplate } from './app/app.setup.template.js';
import { docsTemplate } from './app/docs.template.js';
import { mainTemplate } from './app/main.template.js';
import { openApiTemplate } from './app/openapi.template.js';
import { authControllerTemplate, hasAuthController } from './auth/auth.controller.template.js';
import { authModuleTemplate } from './auth/auth.module.template.js';
import { authServiceTemplate } from './auth/auth.service.template.js';
import { jwtStrategyTemplate } from './auth/jwt.strategy.template.js';
import { passwordGuardTemplate } from './auth/password.guard.template.js';
import { socialControllerTemplate } from './auth/social.controller.template.js';
import { socialProfilesTemplate } from './auth/social-profiles.template.js';
import { socialSignInE2eSpecTemplate } from './test/social-sign-in.e2e-spec.template.js';
import { hasSocialSignIn } from './users/users.social.js';
import { accessTokenTemplate } from './common/access-token.template.js';
import { accessDecoratorTemplate } from './common/access.decorator.template.js';
import { accessGuardTemplate } from './common/access.guard.template.js';
import { adminGuardTemplate } from './common/admin.guard.template.js';
import { allExceptionsFilterTemplate } from './common/all-exceptions.filter.template.js';
import { bodyLimitsTemplate } from './common/body-limits.template.js';
import { formValueTemplate } from './common/form-value.template.js';
import { headersTemplate } from './common/headers.template.js';
import { requestChecksTemplate } from './common/request-checks.template.js';
import { basicCredentialsDecoratorTemplate } from './common/basic-credentials.decorator.template.js';
import { currentUserDecoratorTemplate } from './common/current-user.decorator.template.js';
import { findPageTemplate } from './common/find-page.template.js';
import { jwtAuthGuardTemplate } from './common/jwt-auth.guard.template.js';
import { listQueryTemplate } from './common/list-query.template.js';
import { listFiltersTemplate } from './common/list-filters.template.js';
import { masterKeyGuardTemplate } from './common/master-key.guard.template.js';
import { pagingTemplate } from './common/paging.template.js';
import { apiDocsTemplate } from './common/api-docs.template.js';
import { parseIdPipeTemplate } from './common/parse-id.pipe.template.js';
import { rateLimitModuleTemplate } from './common/rate-limit.module.template.js';
import { rateLimitTemplate } from './common/rate-limit.template.js';
import { requestLoggerTemplate } from './common/request-logger.template.js';
import { environmentTemplate } from './config/environment.template.js';
import { dataSourceTemplate, databaseOptionsTemplate } from './database/data-source.template.js';
import { findByIdTemplate } from './database/find-by-id.template.js';
import { databaseModuleTemplate } from './database/database.module.template.js';
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
import { gitignoreTemplate } from './root/gitignore.template.js';
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
  adminGuardSpecTemplate,
  masterKeyGuardSpecTemplate,
} from './specs/guards.spec.template.js';
import {
  bodyLimitsSpecTemplate,
  formValueSpecTemplate,
  headersSpecTemplate,
  pagingSpecTemplate,
  requestChecksSpecTemplate,
} from './specs/input.spec.template.js';
import { passwordSpecTemplate } from './specs/password.spec.template.js';
import { usersServiceSpecTemplate } from './specs/users.service.spec.template.js';
import { appE2eSpecTemplate } from './test/app.e2e-spec.template.js';
import { testAppTemplate } from './test/app.template.js';
import { authE2eSpecTemplate } from './test/auth.e2e-spec.template.js';
import { rateLimitsE2eSpecTemplate } from './test/rate-limits.e2e-spec.template.js';
import { sessionsE2eSpecTemplate } from './test/sessions.e2e-spec.template.js';
import { globalSetupTemplate, globalTeardownTemplate } from './test/global-setup.template.js';
import { inputE2eSpecTemplate } from './test/input.e2e-spec.template.js';
import { healthE2eSpecTemplate } from './test/health.e2e-spec.template.js';
import { setupEnvTemplate } from './test/setup-env.template.js';
import { searchE2eSpecTemplate } from './test/search.e2e-spec.template.js';
import { usersE2eSpecTemplate } from './test/users.e2e-spec.template.js';
import {
  createUserDtoTemplate,
  updatePasswordDtoTemplate,
  updateRoleDtoTemplate,
  updateUserDtoTemplate,
} from './users/user-dto.template.js';
import { createAdminTemplate } from './users/create-admin.template.js';
import { userEntityTemplate } from './users/user.entity.template.js';
import { userViewTemplate } from './users/user.view.template.js';
import { passwordTemplate } from './users/password.template.js';
import { usersControllerTemplate } from './users/users.controller.template.js';
import { usersModuleTemplate } from './users/users.module.template.js';
import { usersMigrationTemplate } from './users/users.migration.template.js';
import { usersServiceTemplate } from './users/users.service.template.js';
import { refreshTokenDtoTemplate } from './sessions/refresh-token.dto.template.js';
import { sessionModelTemplate } from './sessions/session.entity.template.js';
import { sessionsControllerTemplate } from './sessions/sessions.controller.template.js';
import { sessionsMigrationTemplate } from './sessions/sessions.migration.template.js';
import { sessionsModuleTemplate } from './sessions/sessions.module.template.js';
import { sessionsServiceTemplate } from './sessions/sessions.service.template.js';
import { rolesE2eSpecTemplate } from './test/roles.e2e-spec.template.js';
import { refreshTokensE2eSpecTemplate } from './test/refresh-tokens.e2e-spec.template.js';
import { mailModuleTemplate, mailServiceTemplate, sendsMail } from './mail/mail.template.js';
import {
  emailConfirmationModelTemplate,
  emailConfirmationsMigrationTemplate,
} from './email-confirmations/email-confirmation.entity.template.js';
import { confirmEmailDtoTemplate } from './email-confirmations/confirm-email.dto.template.js';
import { confirmedEmailGuardTemplate } from './email-confirmations/confirmed-email.guard.template.js';
import { emailConfirmationsControllerTemplate } from './email-confirmations/email-confirmations.controller.template.js';
import { emailConfirmationsE2eSpecTemplate } from './email-confirmations/email-confirmations.e2e-spec.template.js';
import { emailConfirmationsServiceTemplate } from './email-confirmations/email-confirmations.service.template.js';
import {
  passwordResetModelTemplate,
  passwordResetsMigrationTemplate,
} from './password-resets/password-reset.entity.template.js';
import {
  passwordResetDtoTemplate,
  passwordResetsControllerTemplate,
  passwordResetsModuleTemplate,
} from './password-resets/password-resets.controller.template.js';
import { passwordResetsServiceTemplate } from './password-resets/password-resets.service.template.js';
import { passwordResetsE2eSpecTemplate } from './password-resets/password-resets.e2e-spec.template.js';

const rootFiles = (options: ProjectOptions): GeneratedFile[] => [
  packageJsonTemplate(options),
  tsconfigTemplate(),
  tsconfigBuildTemplate(),
  prettierrcTemplate(),
  eslintConfigTemplate(),
  gitignoreTemplate(),
  envTemplate(options),
  envExampleTemplate(options),
  restsmithJsonTemplate(options),
  readmeTemplate(options),
  coverageScriptTemplate(),
  dockerfileTemplate(options),
  dockerignoreTemplate(),
  composeTemplate(options),
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
    : migrationFiles(options)),
];

/** TypeORM's connection for the app and the CLI, and the migrations (the users table's first). */
const migrationFiles = (options: ProjectOptions): GeneratedFile[] => [
  databaseOptionsTemplate(options),
  dataSourceTemplate(options),
  findByIdTemplate(),
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
  parseIdPipeTemplate(options),
  requestLoggerTemplate(),
  listQuerySpecTemplate(),
  ...(options.database === 'mongodb'
    ? [mongoFindPageSpecTemplate(), userSchemaSpecTemplate(options)]
    : []),
  bodyLimitsSpecTemplate(),
  requestChecksSpecTemplate(options),
  formValueSpecTemplate(),
  headersSpecTemplate(options),
  pagingSpecTemplate(),
  masterKeyGuardSpecTemplate(),
  accessTokenSpecTemplate(options),
];

const authFiles = (options: ProjectOptions): GeneratedFile[] => [
  jwtAuthGuardTemplate(),
  adminGuardTemplate(),
  adminGuardSpecTemplate(),
  currentUserDecoratorTemplate(options),
  userEntityTemplate(options),
  userViewTemplate(options),
  createUserDtoTemplate(options),
  updateUserDtoTemplate(),
  updateRoleDtoTemplate(options),
  createAdminTemplate(options),
  usersServiceTemplate(options),
  usersServiceSpecTemplate(options),
  usersControllerTemplate(options),
  usersModuleTemplate(options),
  authModuleTemplate(options),
  authServiceTemplate(options),
  ...(hasAuthController(options) ? [authControllerTemplate(options)] : []),
  jwtStrategyTemplate(options),
  usersE2eSpecTemplate(options),
  rateLimitsE2eSpecTemplate(options),
  rolesE2eSpecTemplate(options),
  ...(hasPassword(options) ? passwordFiles(options) : []),
  ...(options.database === 'mongodb' ? [] : [searchE2eSpecTemplate(options)]),
  ...(options.refreshTokens ? sessionFiles(options) : []),
  ...(sendsMail(options) ? [mailServiceTemplate(), mailModuleTemplate()] : []),
  ...(options.passwordReset ? passwordResetFiles(options) : []),
  ...(options.emailConfirmation ? emailConfirmationFiles(options) : []),
  ...(hasSocialSignIn(options) ? socialFiles(options) : []),
];

/** `password` in --auth-methods: hashes, HTTP Basic sign-in (POST /auth), PUT /users/:id/password and their tests. */
const passwordFiles = (options: ProjectOptions): GeneratedFile[] => [
  basicCredentialsDecoratorTemplate(options),
  passwordTemplate(),
  passwordSpecTemplate(),
  updatePasswordDtoTemplate(),
  passwordGuardTemplate(options),
  authE2eSpecTemplate(options),
  sessionsE2eSpecTemplate(options),
];

/** --auth-methods with a provider: POST /auth/<provider> and its tests (the columns are in the users table). */
const socialFiles = (options: ProjectOptions): GeneratedFile[] => [
  socialProfilesTemplate(options),
  socialControllerTemplate(options),
  socialSignInE2eSpecTemplate(options),
];

/** --refresh-tokens: src/sessions and its tests (the migration is with the others). */
const sessionFiles = (options: ProjectOptions): GeneratedFile[] => [
  sessionModelTemplate(options),
  sessionsServiceTemplate(options),
  sessionsControllerTemplate(),
  sessionsModuleTemplate(options),
  refreshTokenDtoTemplate(),
  refreshTokensE2eSpecTemplate(options),
];

/** --password-reset: the /password-resets routes (the mailer is with the account files). */
const passwordResetFiles = (options: ProjectOptions): GeneratedFile[] => [
  passwordResetModelTemplate(options),
  passwordResetDtoTemplate(),
  passwordResetsServiceTemplate(options),
  passwordResetsControllerTemplate(),
  passwordResetsModuleTemplate(options),
  passwordResetsE2eSpecTemplate(options),
];

/** --email-confirmation: the tokens, /users/confirm and the guard of `@Access(..., 'confirmed')`. */
const emailConfirmationFiles = (options: ProjectOptions): GeneratedFile[] => [
  emailConfirmationModelTemplate(options),
  confirmEmailDtoTemplate(),
  emailConfirmationsServiceTemplate(options),
  emailConfirmationsControllerTemplate(),
  confirmedEmailGuardTemplate(),
  emailConfirmationsE2eSpecTemplate(options),
];

const testFiles = (options: ProjectOptions): GeneratedFile[] => [
  setupEnvTemplate(options),
  testAppTemplate(options),
  appE2eSpecTemplate(options),
  inputE2eSpecTemplate(options),
  healthE2eSpecTemplate(options),
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
    ...testFiles(options),
  ];
}
