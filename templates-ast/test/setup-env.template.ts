// test/setup-env.ts: the variables every test runs with; a developer's .env is never read by tests.
import type { TypeScriptFile } from '../../src/generator/generated-file.js';
import type { ProjectOptions } from '../../src/generator/options.js';
import { code, tsFile } from '../_shared/ts.js';

export function setupEnvTemplate(options: ProjectOptions): TypeScriptFile {
  return tsFile(
    'test/setup-env.ts',
    [],
    [
      code(
        "process.env.NODE_ENV = 'test';",
        "process.env.MASTER_KEY = 'test-master-key-that-is-32-characters-long';",
        "process.env.LOG_LEVEL = 'silent';",
        ...(options.auth
          ? [
              "process.env.JWT_SECRET = 'test-jwt-secret-that-is-32-characters-long';",
              "process.env.JWT_EXPIRES_IN = '7d';",
            ]
          : []),
        ...(options.database === 'postgres'
          ? [
              '// Without DATABASE_URL the database tests skip (test/global-setup.ts); the modules still load.',
              "process.env.DATABASE_URL ??= 'postgres://127.0.0.1:5432/unset';",
            ]
          : []),
        ...(options.database === 'sqlite'
          ? ['// Every test file gets a fresh database.', "process.env.DATABASE_PATH = ':memory:';"]
          : []),
      ),
    ],
  );
}
