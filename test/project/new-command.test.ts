import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';

const bin = resolve('bin/run.js');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs the built CLI with stdin an open pipe that never sends anything: a command that prompted
 * would wait for ever, and is stopped after 90 s (generous: a busy machine is slow, not stuck).
 */
function rest(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Result> {
  const { CI: _ci, ...inherited } = process.env;
  const child = spawn('node', [bin, ...args], {
    cwd,
    env: { ...inherited, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const result: Result = { code: null, stdout: '', stderr: '', timedOut: false };
  child.stdout.on('data', (chunk: Buffer) => (result.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (result.stderr += chunk.toString()));
  const timer = setTimeout(() => {
    result.timedOut = true;
    child.kill();
  }, 90_000);
  return new Promise((done) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      // oclif wraps error messages at the terminal width: unwrap them to compare the text.
      done({ ...result, code, stderr: result.stderr.replace(/\s*\n\s*›\s+/g, ' ') });
    }),
  );
}

let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), 'rest-new-cli-'));
});

describe('rest new (the built CLI)', { timeout: 120_000 }, () => {
  it('--dry-run lists the files of the project and writes nothing', async () => {
    const result = await rest(
      ['new', 'x', '--yes', '--skip-install', '--skip-git', '--dry-run', '--check-types'],
      cwd,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Dry run: would write \d+ files to x\/$/m);
    expect(result.stdout).toMatch(/^create {2}package\.json$/m);
    expect(result.stdout).toMatch(/^create {2}src\/main\.ts$/m);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('without a terminal, takes the defaults and never waits for an answer', async () => {
    const result = await rest(['new', '--skip-install', '--skip-git', '--dry-run'], cwd);
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('Project name');
    expect(result.stdout).toContain('Dry run: would write');
    expect(result.stdout).toContain('to my-api/');
  });

  it('refuses a name that is not an npm package name, with a fix, and writes nothing', async () => {
    const result = await rest(['new', 'My API', '--yes', '--skip-install'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "invalid project name 'My API': name can only contain URL-friendly characters",
    );
    expect(result.stderr).toContain("Try 'my-api'.");
    expect(result.stderr).not.toMatch(/\bat .+\.js:\d+/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('--yes makes a SQLite project, which needs no server, and says so (issue 31.1)', async () => {
    const result = await rest(['new', 'x', '--yes', '--skip-install', '--skip-git'], cwd);
    expect(result.code, result.stderr).toBe(0);
    const config = JSON.parse(readFileSync(join(cwd, 'x', 'restsmith.json'), 'utf8')) as {
      database: string;
    };
    expect(config.database).toBe('sqlite');
    expect(result.stdout).toContain('SQLite: the database is a file in .data/, nothing to install');
    expect(result.stdout).toContain('--database postgres, mysql or mongodb chooses a server');
  });

  it('refuses a folder that is not empty unless --force', async () => {
    mkdirSync(join(cwd, 'x'));
    writeFileSync(join(cwd, 'x', 'notes.txt'), 'mine\n');
    const result = await rest(['new', 'x', '--yes', '--skip-install', '--skip-git'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${join(cwd, 'x')} already exists and is not empty`);
    expect(result.stderr).toContain('pass --force');
    expect(readdirSync(join(cwd, 'x'))).toEqual(['notes.txt']);
  });

  it('refuses to nest a project inside another one, with the command that does not (issue 31.6)', async () => {
    // As the README's set-up would, run inside the restsmith clone: a folder with a package.json.
    const clone = join(cwd, 'restsmith');
    mkdirSync(join(clone, 'src'), { recursive: true });
    writeFileSync(join(clone, 'package.json'), '{ "name": "restsmith" }\n');
    const refused = await rest(['new', 'my-api', '--yes', '--skip-install', '--skip-git'], clone);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'my-api/ would be inside another project, the one in this folder (it has a package.json)',
    );
    expect(refused.stderr).toContain('rest new ../my-api');
    expect(refused.stderr).toContain('--force');
    const deeper = await rest(
      ['new', 'api', '--yes', '--skip-install', '--dry-run'],
      join(clone, 'src'),
    );
    expect(deeper.code).toBe(1);
    expect(deeper.stderr).toContain('the one in ../ (it has a package.json)');
    expect(readdirSync(clone).sort()).toEqual(['package.json', 'src']);

    // The fix it names: a path, whose last segment is the name; and --force to insist.
    const outside = await rest(
      ['new', '../my-api', '--yes', '--skip-install', '--skip-git'],
      clone,
    );
    expect(outside.code, outside.stderr).toBe(0);
    expect(outside.stdout).toContain('cd ../my-api');
    expect(JSON.parse(readFileSync(join(cwd, 'my-api', 'package.json'), 'utf8'))).toMatchObject({
      name: 'my-api',
    });
    const forced = await rest(
      ['new', 'apps/inner', '--yes', '--skip-install', '--skip-git', '--force'],
      clone,
    );
    expect(forced.code, forced.stderr).toBe(0);
    expect(readdirSync(join(clone, 'apps', 'inner'))).toContain('package.json');
  });

  it('refuses an unknown database and --sign-in-on-create without accounts', async () => {
    const database = await rest(['new', 'x', '--yes', '--database', 'oracle'], cwd);
    expect(database.code).toBe(2);
    expect(database.stderr).toContain(
      'Expected --database=oracle to be one of: mongodb, mysql, postgres, sqlite',
    );
    const signIn = await rest(['new', 'x', '--yes', '--no-auth', '--sign-in-on-create'], cwd);
    expect(signIn.code).toBe(1);
    expect(signIn.stderr).toContain('Drop one of --no-auth and --sign-in-on-create.');
    const reset = await rest(['new', 'x', '--yes', '--no-auth', '--password-reset'], cwd);
    expect(reset.code).toBe(1);
    expect(reset.stderr).toContain('Drop one of --no-auth and --password-reset.');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('refuses --password-reset in a social-only project, naming the fix, and writes nothing', async () => {
    const refused = await rest(
      ['new', 'x', '--yes', '--auth-methods', 'github', '--password-reset'],
      cwd,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      '--password-reset needs passwords, which --auth-methods leaves out',
    );
    expect(refused.stderr).toContain(
      'Add password to the list, as in --auth-methods password,github, or drop --password-reset.',
    );
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('--password-reset adds the mailer and the /password-resets routes; --email-confirmation /users/confirm', async () => {
    const args = [
      'new',
      'x',
      '--yes',
      '--database',
      'sqlite',
      '--password-reset',
      '--email-confirmation',
    ];
    const result = await rest([...args, '--skip-install', '--skip-git', '--dry-run'], cwd);
    expect(result.code).toBe(0);
    for (const path of [
      'src/mail/mail.service.ts',
      'src/password-resets/password-resets.controller.ts',
      'test/password-resets.e2e-spec.ts',
      'src/users/email-confirmations.controller.ts',
      'src/common/confirmed-email.guard.ts',
      'test/email-confirmations.e2e-spec.ts',
    ]) {
      expect(result.stdout).toMatch(new RegExp(`^create {2}${path.replace(/\./g, '\\.')}$`, 'm'));
    }
    expect(result.stdout).toMatch(
      /^create {2}src\/database\/migrations\/\d+-create-password-resets\.ts$/m,
    );
    expect(result.stdout).toMatch(
      /^create {2}src\/database\/migrations\/\d+-create-email-confirmations\.ts$/m,
    );
  });
});
