// Issue 34: when the new templates change a table, rest upgrade writes the migration for the difference, as
// rest api writes its own; TypeORM's drift check proves the migrations then make what the entities describe.
// The older restsmith is simulated: its users table had no tokenVersion column (the record and the project's
// first migration both say so), which today's users entity has.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  driftCheck,
  linkDependencies,
  newProjectWithoutInstall,
  rest,
  run,
} from '../api/project.js';

const git = (dir: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], dir);

describe('rest upgrade of a table', () => {
  it('writes the migration that adds a column the new templates have, lists it, and the drift check passes', () => {
    const dir = newProjectWithoutInstall('upgrade-schema', 'sqlite');
    // The older restsmith: no tokenVersion in the users table it recorded and created.
    const basePath = join(dir, '.restsmith/base.json');
    const base = JSON.parse(readFileSync(basePath, 'utf8')) as {
      tables: Record<string, { columns: { name: string }[] }>;
    };
    const users = base.tables.users!;
    users.columns = users.columns.filter((column) => column.name !== 'tokenVersion');
    writeFileSync(basePath, `${JSON.stringify(base, null, 2)}\n`);
    const folder = join(dir, 'src/database/migrations');
    const firstMigration = join(
      folder,
      readdirSync(folder).find((name) => name.endsWith('-create-users.ts'))!,
    );
    const created = readFileSync(firstMigration, 'utf8');
    const older = created.replace(/"tokenVersion" integer NOT NULL DEFAULT \(0\), /, '');
    expect(older).not.toBe(created);
    writeFileSync(firstMigration, older);
    linkDependencies(dir);
    expect(git(dir, 'init', '-q').status).toBe(0);
    expect(git(dir, 'add', '-A').status).toBe(0);
    expect(git(dir, 'commit', '-qm', 'made by the older restsmith').status).toBe(0);

    const env = { DATABASE_PATH: '.data/upgrade.sqlite' };
    const migrate = () => run('npm', ['run', 'migration:run'], dir, env);
    const first = migrate();
    expect(first.status, first.output).toBe(0);
    const before = driftCheck(dir, env);
    // The older schema lacks the column the entity has: TypeORM would add it.
    expect(before.status).not.toBe(0);
    expect(before.output).toMatch(/"tokenVersion" integer NOT NULL DEFAULT \(0\)/);

    const upgraded = rest(dir, 'upgrade');
    expect(upgraded.status, upgraded.output).toBe(0);
    expect(upgraded.output).toMatch(/create\s+src\/database\/migrations\/\d{13}-upgrade-users\.ts/);
    expect(upgraded.output).toMatch(/modify\s+src\/database\/migrations\.ts/);
    const migration = readdirSync(folder).find((name) => name.endsWith('-upgrade-users.ts'))!;
    expect(readFileSync(join(folder, migration), 'utf8')).toMatch(
      /ALTER TABLE "users" ADD COLUMN "tokenVersion" integer NOT NULL DEFAULT \(0\)/,
    );
    expect(readFileSync(join(dir, 'src/database/migrations.ts'), 'utf8')).toMatch(
      /UpgradeUsers\d{13}/,
    );

    // The same database: only the upgrade's migration runs.
    const ran = migrate();
    expect(ran.output).toMatch(/Migration UpgradeUsers\d{13} has been {1,2}executed successfully/);
    const after = driftCheck(dir, env);
    expect(after.status, after.output).toBe(0);
    expect(after.output).toMatch(/No changes in database schema were found/);
    passedLint(dir);
    // Recorded: nothing more to do.
    expect(git(dir, 'add', '-A').status).toBe(0);
    expect(git(dir, 'commit', '-qm', 'rest upgrade').status).toBe(0);
    expect(rest(dir, 'upgrade', '--dry-run').output).toMatch(/The project is up to date/);
  }, 600_000);
});

function passedLint(dir: string) {
  const lint = run('npm', ['run', 'lint'], dir);
  expect(lint.status, lint.output).toBe(0);
}

describe('rest upgrade of tables, planned (--dry-run)', () => {
  it('creates a table new to the version, names a change it cannot write and a table no longer made', () => {
    const dir = newProjectWithoutInstall('upgrade-schema-plan', 'postgres', {
      flags: ['--refresh-tokens'],
    });
    const basePath = join(dir, '.restsmith/base.json');
    const base = JSON.parse(readFileSync(basePath, 'utf8')) as {
      tables: Record<string, { name: string; columns: { name: string; type: string }[] }>;
    };
    // The older restsmith: no sessions table, the users' role an integer, and a table since dropped.
    delete base.tables.sessions;
    base.tables.users!.columns.find((column) => column.name === 'role')!.type = 'integer';
    base.tables.legacy = { ...base.tables.users!, name: 'legacy' };
    writeFileSync(basePath, `${JSON.stringify(base, null, 2)}\n`);
    const planned = rest(dir, 'upgrade', '--dry-run');
    expect(planned.status, planned.output).toBe(0);
    expect(planned.output).toMatch(
      /create\s+src\/database\/migrations\/\d{13}-create-sessions\.ts/,
    );
    expect(planned.output).toMatch(
      /the users table changes in restsmith [\d.]+ beyond added or removed columns: write its migration with npm run migration:generate/,
    );
    expect(planned.output).toMatch(/makes no legacy table any more: it stays with its rows/);
    expect(planned.output).not.toMatch(/upgrade-users/);
  }, 120_000);
});
