// `rest new [NAME]`: generates a NestJS REST API project, then commits it and installs its dependencies.
// First, so that it is in place before ts-morph loads: see the module.
import '../engine/compile-cache.js';
import { resolve } from 'node:path';
import { Args, Flags } from '@oclif/core';
import { projectFiles } from '../../templates-ast/project.js';
import { BaseCommand, registerUserFacingError } from '../cli/base-command.js';
import { GeneratedCodeError } from '../engine/errors.js';
import { createProject } from '../project/new-project.js';
import { DATABASES, HTTP_PLATFORMS, PACKAGE_MANAGERS } from '../model/project.js';
import { createProgress } from '../project/progress.js';
import {
  normaliseProjectOptions,
  projectFolder,
  splitProjectArgument,
  type ProjectInput,
} from '../project/project-options.js';
import { canPrompt } from '../cli/can-prompt.js';
import { askForMissing } from '../project/prompts.js';

registerUserFacingError(GeneratedCodeError);

export default class New extends BaseCommand {
  static override description =
    'Generate a NestJS REST API project: user accounts, master key, JWT, list queries, tests';

  static override examples = [
    '<%= config.bin %> new my-api',
    '<%= config.bin %> new ../my-api --yes',
    '<%= config.bin %> new my-api --database sqlite --yes',
    '<%= config.bin %> new shop --database postgres --sign-in-on-create --package-manager pnpm',
    '<%= config.bin %> new my-api --database sqlite --password-reset --yes',
    '<%= config.bin %> new my-api --database sqlite --api-root /api --force-https --envelope --yes',
    '<%= config.bin %> new my-api --database postgres --http fastify --yes',
    '<%= config.bin %> new my-api --database postgres --auth-methods password,github,google --yes',
    '<%= config.bin %> new my-api --database sqlite --auth-methods github,google --yes',
    '<%= config.bin %> new my-api --database postgres --graphql --yes',
    '<%= config.bin %> new my-api --no-auth --skip-install --skip-git --dry-run',
  ];

  static override args = {
    name: Args.string({
      description:
        'Project name: its folder and npm package name (my-api), or a path ending in it (../my-api)',
    }),
  };

  static override flags = {
    database: Flags.string({
      description: 'Database (default: sqlite, a file that needs no server)',
      options: [...DATABASES],
    }),
    http: Flags.string({
      description:
        'HTTP platform under NestJS: express (@nestjs/platform-express) or fastify (@nestjs/platform-fastify) (default: express)',
      options: [...HTTP_PLATFORMS],
    }),
    auth: Flags.boolean({
      description: 'User accounts: sign-up, sign-in, JWT, roles (default: on)',
      allowNo: true,
    }),
    'sign-in-on-create': Flags.boolean({ description: 'POST /users answers { token, user }' }),
    'refresh-tokens': Flags.boolean({
      description:
        'Sessions: short-lived access tokens, rotated refresh tokens (POST /auth/refresh), sign-out',
    }),
    'password-reset': Flags.boolean({
      description:
        'Password reset by e-mail: POST /password-resets mails a single-use link (SMTP_URL in .env); needs password in --auth-methods',
    }),
    'api-root': Flags.string({
      description:
        'Serve every route under this path, e.g. /api (/health and /docs stay at the root)',
    }),
    'force-https': Flags.boolean({
      description:
        'In production, redirect plain HTTP requests to https (X-Forwarded-Proto with TRUST_PROXY); /health is never redirected',
    }),
    envelope: Flags.boolean({
      description:
        'Lists answer { rows, count } instead of the array with X-Total-Count (the default of `rest api`)',
    }),
    'email-confirmation': Flags.boolean({
      description:
        'E-mail confirmation: sign-up mails a single-use link, POST /users/confirm confirms, rest api --confirmed guards methods',
    }),
    'auth-methods': Flags.string({
      description:
        "How users sign in, a comma list of password, facebook, github, google: POST /auth (password) and POST /auth/<provider> with the provider's access token; without password, providers only (default: password)",
    }),
    graphql: Flags.boolean({
      description:
        'GraphQL beside REST: POST /graphql serves src/graphql/schema.graphql (printed from the resources) through the same services, guards and limits',
    }),
    'package-manager': Flags.string({
      description: 'Package manager (default: the one running rest, else npm)',
      options: [...PACKAGE_MANAGERS],
    }),
    'skip-install': Flags.boolean({ description: 'Do not install dependencies' }),
    'skip-git': Flags.boolean({ description: 'Do not create a git repository' }),
    yes: Flags.boolean({
      char: 'y',
      description: 'Take the defaults for what no flag gives; never prompt',
    }),
    force: Flags.boolean({
      description:
        'Write into a folder that is not empty, overwriting files, or inside another project (a folder with a package.json above it)',
    }),
    'check-types': Flags.boolean({
      description:
        'Type-check the generated TypeScript before writing it (slower; by default only its syntax and relative imports are checked)',
    }),
    'dry-run': Flags.boolean({
      description: 'List the files that would be written; write nothing',
    }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(New);
    const where = splitProjectArgument(args.name);
    const given: ProjectInput = {
      name: where.name,
      database: flags.database,
      http: flags.http,
      auth: flags.auth,
      signInOnCreate: flags['sign-in-on-create'] || undefined,
      refreshTokens: flags['refresh-tokens'] || undefined,
      passwordReset: flags['password-reset'] || undefined,
      apiRoot: flags['api-root'],
      forceHttps: flags['force-https'] || undefined,
      envelope: flags.envelope || undefined,
      emailConfirmation: flags['email-confirmation'] || undefined,
      authMethods: flags['auth-methods'],
      graphql: flags.graphql || undefined,
      packageManager: flags['package-manager'],
      userAgent: process.env.npm_config_user_agent,
    };
    const options = normaliseProjectOptions(
      canPrompt(flags.yes) ? await askForMissing(given) : given,
    );
    const folder = where.folder ?? projectFolder(options.name);
    // Read (with ts-morph) from the rendered files only when the project serves GraphQL.
    const schema = options.graphql
      ? await import('../project-schema/graphql-schema-file.js')
      : undefined;
    await createProject({
      options,
      folder,
      target: resolve(folder),
      force: flags.force,
      dryRun: flags['dry-run'],
      skipInstall: flags['skip-install'],
      skipGit: flags['skip-git'],
      checkTypes: flags['check-types'],
      progress: createProgress(Boolean(process.stdout.isTTY), (text) => this.log(text)),
      files: projectFiles,
      beforeWrite: schema && ((files) => schema.withGraphqlSchema(resolve(folder), files)),
    });
  }
}
