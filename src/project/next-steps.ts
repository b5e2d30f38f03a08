// What to do once `rest new` is done: start the server, then sign up and sign in with curl.
import {
  hasPassword,
  socialProviders,
  type PackageManager,
  type ProjectOptions,
} from '../model/project.js';

const runScript = (manager: PackageManager, script: string): string =>
  manager === 'npm' ? `npm run ${script}` : `${manager} ${script}`;

const DATABASE_NOTES: Record<ProjectOptions['database'], string> = {
  mongodb:
    'MongoDB: MONGODB_URI in .env, or, when it is unset, an embedded MongoDB kept in .data/.',
  mysql:
    'MySQL 8 or MariaDB: set DATABASE_URL in .env to your server; npm run dev creates the database it names when it is missing.',
  postgres:
    'PostgreSQL: set DATABASE_URL in .env to your server; npm run dev creates the database it names when it is missing.',
  sqlite:
    'SQLite: the database is a file in .data/, nothing to install (rest new --database postgres, mysql or mongodb chooses a server).',
};

/** The oldest Node that generated projects run on (their `engines`); rest itself runs on 20.19. */
export const PROJECT_NODE_MAJOR = 22;

/**
 * The lines printed at the end. Secrets are never printed: the curl lines read CLIENT_KEY from .env.
 * `node` is the version running rest: an older one than the project needs is said first.
 *
 * @example
 * nextSteps(options, { folder: 'my-api', installed: true, node: process.versions.node });
 */
export function nextSteps(
  options: ProjectOptions,
  context: { folder: string; installed: boolean; node: string },
): string {
  const manager = options.packageManager;
  const lines = [
    ...(Number(context.node.split('.')[0]) < PROJECT_NODE_MAJOR
      ? [
          `The project needs Node ${PROJECT_NODE_MAJOR} or later (this is Node ${context.node}): switch before you run it.`,
          '',
        ]
      : []),
    `Next steps:`,
    `  cd ${context.folder}`,
    ...(context.installed ? [] : [`  ${manager} install`]),
    `  ${runScript(manager, 'dev')}`,
    '',
    DATABASE_NOTES[options.database],
  ];
  if (options.auth) {
    lines.push(
      '',
      ...(hasPassword(options) ? signUpLines(options.apiRoot) : socialSignInLines(options)),
    );
  }
  lines.push('', `Add a resource API: rest api article (inside ${context.folder}).`);
  return lines.join('\n');
}

function signUpLines(apiRoot: string): string[] {
  const url = `http://localhost:9000${apiRoot}`;
  return [
    'Apps use the client key, CLIENT_KEY in .env (MASTER_KEY, which can make admins, stays on back ends).',
    'In the project folder, sign up and sign in:',
    `  export CLIENT_KEY="$(grep '^CLIENT_KEY=' .env | cut -d= -f2-)"`,
    `  curl -X POST ${url}/users -d "access_token=$CLIENT_KEY" -d email=ada@example.com -d password=horse-battery-9`,
    `  curl -X POST ${url}/auth -u ada@example.com:horse-battery-9 -d "access_token=$CLIENT_KEY"`,
    `  curl ${url}/users/me -H "Authorization: Bearer <token from the sign-in>"`,
  ];
}

/** Social only: no password to sign in with; the provider's access token is the credential. */
function socialSignInLines(options: ProjectOptions): string[] {
  const url = `http://localhost:9000${options.apiRoot}`;
  const provider = socialProviders(options)[0]!;
  const token = `$${provider.toUpperCase()}_TOKEN`;
  return [
    `Users sign in with ${socialProviders(options).join(', ')} (no passwords). With a ${provider} access token:`,
    `  curl -X POST ${url}/auth/${provider} -d "access_token=${token}"`,
    `  curl ${url}/users/me -H "Authorization: Bearer <token from the sign-in>"`,
    `The first admin: ${runScript(options.packageManager, 'create-admin')} -- --email <the e-mail verified at the provider>.`,
  ];
}
