// Every account option of `rest new` on at once (--password-reset --refresh-tokens --email-confirmation
// --auth-methods password,facebook,github,google), on sqlite and on postgres: the project with a
// `rest api note --confirmed POST` resource passes its own checks, then every flow is walked over HTTP on
// `npm run dev`, mail through a real SMTP server and social sign-in against a local stand-in provider.
// Then a social-only project (--auth-methods github,google, no password) on sqlite (social-only.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkProject, passed } from './checks.js';
import { startMailServer, type MailServer } from './mail-server.js';
import { adminFlows } from './admin-walk.js';
import { mailFlows } from './mail-walk.js';
import { sessionFlows } from './sessions-walk.js';
import {
  generate,
  install,
  masterKeyOf,
  postgresDatabase,
  repository,
  run,
  startScript,
  type Server,
} from './project.js';
import { socialOnlyProject } from './social-only.js';
import { socialFlows } from './social-walk.js';
import { mailLinkAttacks } from '../hostile/attacks/mail-links.js';
import { mailTimingAttacks } from '../hostile/attacks/mail-timing.js';
import { preHijackAttacks } from '../hostile/attacks/pre-hijack.js';
import { sessionAttacks } from '../hostile/attacks/sessions.js';
import { startStandInProvider, type Account, type StandInProvider } from './stand-in-provider.js';

const LONG = 1_200_000;
/** An installed project whose node_modules the projects here borrow (hard links), so npm adds only the rest. */
const SEED = `${import.meta.dirname}/../../.tmp/e2e-new/e2e-sqlite`;

interface Case {
  database: 'sqlite' | 'postgres';
  /** Why the database cannot be had here, if it cannot. */
  reason?: string;
  /** The variables that point the project's tests and its running server at their databases. */
  testEnv: NodeJS.ProcessEnv;
  appEnv: NodeJS.ProcessEnv;
}

function postgresCase(): Case {
  // The project's own tests and the walked server each get a fresh database of their own.
  const tests = postgresDatabase('restsmith_accounts_tests');
  const app = postgresDatabase('restsmith_accounts_app');
  return {
    database: 'postgres',
    reason: tests.reason ?? app.reason,
    testEnv: { DATABASE_URL: tests.url },
    appEnv: { DATABASE_URL: app.url },
  };
}

const cases: Case[] = [{ database: 'sqlite', testEnv: {}, appEnv: {} }, postgresCase()];
const required = Boolean(process.env.RESTSMITH_REQUIRE_POSTGRES);
for (const { database, reason } of cases) {
  if (reason && !required) console.warn(`skipped: every account option on ${database} (${reason})`);
}

describe.each(cases.filter(({ reason }) => !reason || required))(
  'rest new --database $database with every account option',
  ({ database, reason, testEnv, appEnv }) => {
    let dir: string;

    beforeAll(async () => {
      if (reason) throw new Error(`RESTSMITH_REQUIRE_POSTGRES is set but ${reason}`);
      dir = await generate(`e2e-accounts-${database}`, database, {
        passwordReset: true,
        refreshTokens: true,
        emailConfirmation: true,
        authMethods: 'password,github,google,facebook',
      });
      // The built CLI, as a user runs it: the flag, restsmith.json and the generated guard.
      passed(
        'rest api note --confirmed POST',
        run(
          'node',
          [
            `${repository}/bin/run.js`,
            'api',
            'note',
            '--fields',
            'title',
            '--confirmed',
            'POST',
            '--yes',
          ],
          dir,
        ),
      );
      passed('npm install', install(dir, SEED, { watched: true }));
    }, LONG);

    it(
      'records the options, writes the provider addresses, and passes its own lint, type-check and tests',
      () => {
        const config = JSON.parse(readFileSync(join(dir, 'restsmith.json'), 'utf8')) as {
          authMethods: string[];
        };
        expect(config.authMethods).toEqual(['password', 'facebook', 'github', 'google']);
        const env = readFileSync(join(dir, '.env'), 'utf8');
        expect(env).toContain('FACEBOOK_API_URL=https://graph.facebook.com\n');
        expect(env).toContain('GITHUB_API_URL=https://api.github.com\n');
        expect(env).toContain('GOOGLE_API_URL=https://www.googleapis.com\n');
        const tests = checkProject(dir, testEnv);
        for (const suite of [
          'Password resets (e2e',
          'E-mail confirmation (e2e',
          'answers 403 to a user who has not confirmed their e-mail',
          'test/refresh-tokens.e2e-spec.ts',
          'test/social-sign-in.e2e-spec.ts',
        ]) {
          expect(tests.output).toContain(suite);
        }
        expect(tests.output).not.toMatch(/skipped/);
      },
      LONG,
    );

    describe('over HTTP on npm run dev: mail through a real SMTP server, social sign-in against a local stand-in provider', () => {
      const accounts = new Map<string, Account>();
      let mail: MailServer;
      let provider: StandInProvider;
      let server: Server;

      beforeAll(async () => {
        mail = await startMailServer();
        provider = await startStandInProvider(accounts);
        server = await startScript(dir, 'dev', {
          ...appEnv,
          SMTP_URL: mail.url,
          // The app pages the walks' mail links lead to (a link elsewhere is 400: issue 28.3).
          APP_ORIGINS: 'http://localhost:3000, https://app.example.com',
          FACEBOOK_API_URL: provider.url,
          GITHUB_API_URL: provider.url,
          GOOGLE_API_URL: provider.url,
          THROTTLE_AUTH_ACCOUNT_LIMIT: '3',
          // Every test here signs in from one address; the per-account limit above is the one under test.
          THROTTLE_AUTH_LIMIT: '1000',
        });
      }, LONG);

      // A failing walk shows what the server printed meanwhile (a restart, a mail that failed, a crash).
      afterEach(({ task }) => {
        if (task.result?.state === 'fail' && server) {
          console.error(
            `npm run dev printed (the last 20,000 characters):\n${server.output().slice(-20_000)}`,
          );
        }
      });

      afterAll(async () => {
        await server?.stop();
        await provider?.stop();
        await mail?.stop();
      });

      const walk = {
        get dir() {
          return dir;
        },
        env: appEnv,
        url: () => server.url,
        masterKey: () => masterKeyOf(dir),
        mail: () => mail,
        provider: () => provider,
        accounts,
      };
      mailFlows(walk);
      sessionFlows(walk);
      adminFlows(walk);
      // Issue 28.2, from the hostile suite: this project has password and GitHub sign-in and mail.
      // Before socialFlows, whose last test stops the stand-in provider.
      preHijackAttacks(walk);
      mailLinkAttacks(walk);
      mailTimingAttacks(walk);
      sessionAttacks(walk);
      socialFlows(walk);
    });
  },
);

socialOnlyProject(SEED);
