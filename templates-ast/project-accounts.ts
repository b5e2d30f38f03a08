// A new project's account files (`rest new` with accounts): users, sign-in, and each account option's routes and tests.
import type { GeneratedFile } from '../src/engine/generated-file.js';
import { hasPassword, type ProjectOptions } from '../src/model/project.js';
import { authControllerTemplate, hasAuthController } from './auth/auth.controller.template.js';
import { authModuleTemplate } from './auth/auth.module.template.js';
import { authServiceTemplate } from './auth/auth.service.template.js';
import { jwtStrategyTemplate } from './auth/jwt.strategy.template.js';
import { passwordGuardTemplate } from './auth/password.guard.template.js';
import { socialControllerTemplate } from './auth/social.controller.template.js';
import { socialProfilesTemplate } from './auth/social-profiles.template.js';
import { socialSignInE2eSpecTemplate } from './test/social-sign-in.e2e-spec.template.js';
import { hasSocialSignIn } from './users/users.social.js';
import { adminGuardTemplate } from './common/admin.guard.template.js';
import { basicCredentialsDecoratorTemplate } from './common/basic-credentials.decorator.template.js';
import { currentUserDecoratorTemplate } from './common/current-user.decorator.template.js';
import { jwtAuthGuardTemplate } from './common/jwt-auth.guard.template.js';
import { adminGuardSpecTemplate } from './specs/guards.spec.template.js';
import { passwordSpecTemplate } from './specs/password.spec.template.js';
import { usersServiceSpecTemplate } from './specs/users.service.spec.template.js';
import { authE2eSpecTemplate } from './test/auth.e2e-spec.template.js';
import { rateLimitsE2eSpecTemplate } from './test/rate-limits.e2e-spec.template.js';
import { sessionsE2eSpecTemplate } from './test/sessions.e2e-spec.template.js';
import { searchE2eSpecTemplate } from './test/search.e2e-spec.template.js';
import { listCacheE2eSpecTemplate } from './test/list-cache.e2e-spec.template.js';
import { cachesLists } from './common/list-cache.template.js';
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
import { usersServiceTemplate } from './users/users.service.template.js';
import { refreshTokenDtoTemplate } from './sessions/refresh-token.dto.template.js';
import { sessionModelTemplate } from './sessions/session.entity.template.js';
import { sessionsControllerTemplate } from './sessions/sessions.controller.template.js';
import { sessionsModuleTemplate } from './sessions/sessions.module.template.js';
import { sessionsServiceTemplate } from './sessions/sessions.service.template.js';
import { rolesE2eSpecTemplate } from './test/roles.e2e-spec.template.js';
import { refreshTokensE2eSpecTemplate } from './test/refresh-tokens.e2e-spec.template.js';
import { mailModuleTemplate, mailServiceTemplate, sendsMail } from './mail/mail.template.js';
import { emailConfirmationModelTemplate } from './email-confirmations/email-confirmation.entity.template.js';
import { confirmEmailDtoTemplate } from './email-confirmations/confirm-email.dto.template.js';
import { confirmedEmailGuardTemplate } from './email-confirmations/confirmed-email.guard.template.js';
import { emailConfirmationsControllerTemplate } from './email-confirmations/email-confirmations.controller.template.js';
import { emailConfirmationsE2eSpecTemplate } from './email-confirmations/email-confirmations.e2e-spec.template.js';
import { emailConfirmationsServiceTemplate } from './email-confirmations/email-confirmations.service.template.js';
import { passwordResetModelTemplate } from './password-resets/password-reset.entity.template.js';
import {
  passwordResetDtoTemplate,
  passwordResetsControllerTemplate,
  passwordResetsModuleTemplate,
} from './password-resets/password-resets.controller.template.js';
import { passwordResetsServiceTemplate } from './password-resets/password-resets.service.template.js';
import { passwordResetsE2eSpecTemplate } from './password-resets/password-resets.e2e-spec.template.js';

export const authFiles = (options: ProjectOptions): GeneratedFile[] => [
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
  ...(cachesLists(options.database) ? [listCacheE2eSpecTemplate(options)] : []),
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
