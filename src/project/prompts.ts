// The questions `rest new` asks in a terminal, only for the choices no flag gave.
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
} from '../model/project.js';
import {
  checkProjectName,
  detectPackageManager,
  parseAuthMethods,
  type ProjectInput,
} from './project-options.js';

/** Asks for every choice `given` leaves out; Ctrl-C cancels with nothing written. */
export async function askForMissing(given: ProjectInput): Promise<ProjectInput> {
  try {
    return await ask(given);
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') {
      throw new UserError('cancelled: nothing was written', { exitCode: 130 });
    }
    throw error;
  }
}

async function ask(given: ProjectInput): Promise<ProjectInput> {
  // Loaded only when there is someone to ask.
  const { checkbox, confirm, input, select } = await import('@inquirer/prompts');
  // A bad name or method on the command line fails before any question is asked.
  if (given.name !== undefined) checkProjectName(given.name);
  if (given.apiRoot !== undefined) checkApiRoot(given.apiRoot);
  if (given.authMethods !== undefined) parseAuthMethods(given.authMethods);
  const answers = { ...given };
  answers.name ??= await input({
    message: 'Project name (its folder and npm package name)',
    default: DEFAULT_PROJECT_NAME,
    validate: validName,
  });
  answers.database ??= await select({
    message: 'Database',
    choices: DATABASES.map((value) => ({
      value,
      ...(value === 'sqlite' ? { name: 'sqlite (a file: no server to install)' } : {}),
    })),
    default: DEFAULT_DATABASE,
  });
  answers.http ??= await select({
    message:
      'HTTP platform (Fastify answers small requests faster; Express is what nest new makes)',
    choices: HTTP_PLATFORMS.map((value) => ({ value })),
    default: DEFAULT_HTTP,
  });
  answers.auth ??= await confirm({
    message: 'User accounts (sign-up, sign-in, roles)?',
    default: true,
  });
  if (answers.auth) {
    answers.signInOnCreate ??= await confirm({
      message: 'Sign the new user in on sign-up (POST /users answers { token, user })?',
      default: false,
    });
    if (!answers.signInOnCreate)
      answers.refreshTokens ??= await confirm({
        message:
          'Refresh tokens and sessions (15-minute access tokens, POST /auth/refresh, sign-out)?',
        default: false,
      });
    answers.authMethods ??= await checkbox({
      message: 'Sign-in methods (password is POST /auth; a provider is POST /auth/<provider>)',
      choices: AUTH_METHODS.map((value) => ({
        value,
        checked: DEFAULT_AUTH_METHODS.includes(value),
      })),
      validate: (chosen) => chosen.length > 0 || 'Choose at least one way to sign in.',
    });
    if (parseAuthMethods(answers.authMethods).includes('password'))
      answers.passwordReset ??= await confirm({
        message: 'Password reset by e-mail (POST /password-resets mails a single-use link)?',
        default: false,
      });
    answers.emailConfirmation ??= await confirm({
      message: 'E-mail confirmation (sign-up mails a link; POST /users/confirm confirms)?',
      default: false,
    });
  }
  answers.apiRoot ??= await input({
    message: 'API root (every route under it, e.g. /api; empty for none)',
    default: '',
    validate: validApiRoot,
  });
  answers.forceHttps ??= await confirm({
    message: 'Redirect plain HTTP to https in production (behind a proxy: set TRUST_PROXY)?',
    default: false,
  });
  answers.envelope ??= await confirm({
    message: 'Lists answer { rows, count } instead of the array with X-Total-Count?',
    default: false,
  });
  answers.packageManager ??= await select({
    message: 'Package manager',
    choices: PACKAGE_MANAGERS.map((value) => ({ value })),
    default: detectPackageManager(given.userAgent),
  });
  return answers;
}

const validName = (name: string) => valid(() => checkProjectName(name));
const validApiRoot = (root: string) => valid(() => checkApiRoot(root));

/** What inquirer shows under the answer: the UserError's message and hint. */
function valid(check: () => unknown): true | string {
  try {
    check();
    return true;
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    return error.hint ? `${error.message}. ${error.hint}` : error.message;
  }
}
