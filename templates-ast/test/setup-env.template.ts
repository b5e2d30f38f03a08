// test/setup-env.ts: the variables every test runs with; a developer's .env is never read by tests.
import type { TypeScriptFile } from '../../src/engine/generated-file.js';
import type { ProjectOptions } from '../../src/model/project.js';
import { code, tsFile } from '../_shared/ts.js';

export function setupEnvTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'test/setup-env.ts',
    [],
    [
      code(
        "process.env.NODE_ENV = 'test';",
        "process.env.MASTER_KEY = 'test-master-key-that-is-32-characters-long';",
        '// Tests sign up and sign in many users from one address; test/rate-limits.e2e-spec.ts sets its own.',
        "process.env.THROTTLE_LIMIT = '100000';",
        ...(options.auth
          ? [
              "process.env.THROTTLE_AUTH_LIMIT = '100000';",
              "process.env.THROTTLE_AUTH_ACCOUNT_LIMIT = '100000';",
            ]
          : []),
        'delete process.env.REDIS_URL;',
        ...(options.passwordReset || options.emailConfirmation
          ? ["process.env.APP_ORIGINS = 'https://app.example.com';"]
          : []),
        "process.env.LOG_LEVEL = 'silent';",
        ...(options.auth
          ? [
              "process.env.CLIENT_KEY = 'test-client-key-that-is-32-characters-long';",
              "process.env.JWT_SECRET = 'test-jwt-secret-that-is-32-characters-long';",
              `process.env.JWT_EXPIRES_IN = '${options.refreshTokens ? '15m' : '7d'}';`,
            ]
          : []),
        ...(options.database === 'postgres'
          ? [
              '// test/global-setup.ts sets DATABASE_URL; a file run alone without it still loads its modules.',
              "process.env.DATABASE_URL ??= 'postgres://127.0.0.1:5432/unset';",
            ]
          : []),
        ...(options.database === 'mysql'
          ? [
              '// test/global-setup.ts sets DATABASE_URL; a file run alone without it still loads its modules.',
              "process.env.DATABASE_URL ??= 'mysql://127.0.0.1:3306/unset';",
            ]
          : []),
        ...(options.database === 'sqlite'
          ? ['// Every test file gets a fresh database.', "process.env.DATABASE_PATH = ':memory:';"]
          : []),
      ),
    ],
  );
}
