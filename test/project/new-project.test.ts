import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dedent from 'dedent';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/model/user-error.js';
import { GeneratedCodeError } from '../../src/engine/diagnostics.js';
import type { GeneratedFile } from '../../src/engine/generated-file.js';
import { createProject, type NewProjectRun } from '../../src/project/new-project.js';
import { normaliseProjectOptions } from '../../src/project/project-options.js';
import { createProgress } from '../../src/project/progress.js';

// A stand-in for templates-ast/project.ts: whole projects are the templates' tests' business.
const standInFiles = (): GeneratedFile[] => [
  { kind: 'json', path: 'package.json', data: { name: 'my-api', private: true } },
  { kind: 'text', path: '.env', text: 'MASTER_KEY=not-printed\n' },
  {
    kind: 'typescript',
    path: 'src/main.ts',
    imports: [{ from: 'src/app.module.ts', named: ['AppModule'] }],
    structure: { statements: ['export const root = AppModule;'] },
  },
  {
    kind: 'typescript',
    path: 'src/app.module.ts',
    imports: [],
    structure: { statements: ['export class AppModule {}'] },
  },
];

let parent: string;
let output: string[];
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'rest-new-'));
  output = [];
});

/** Whether process `pid` is gone (or a zombie nobody reaps yet) within `ms`. */
async function endedWithin(pid: number, ms: number): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms;) {
    let state: string;
    try {
      state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '';
    } catch {
      return true;
    }
    if (state === 'Z') return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function runWith(changes: Partial<NewProjectRun>): Promise<void> {
  return createProject({
    options: normaliseProjectOptions({ name: 'my-api', database: 'sqlite' }),
    target: join(parent, 'my-api'),
    folder: 'my-api',
    force: false,
    dryRun: false,
    skipInstall: true,
    skipGit: true,
    checkTypes: true,
    progress: createProgress(false, (text) => output.push(...text.split('\n'))),
    files: standInFiles,
    ...changes,
  });
}

describe('createProject (with a stand-in file list)', () => {
  it('writes the files, commits them and prints the next steps without the secrets', async () => {
    await runWith({ skipGit: false });
    const target = join(parent, 'my-api');
    expect(readFileSync(join(target, 'src/main.ts'), 'utf8')).toBe(
      "import { AppModule } from './app.module';\n\nexport const root = AppModule;\n",
    );
    const log = execFileSync('git', ['log', '--format=%s', '--name-only'], { cwd: target });
    expect(log.toString()).toContain('Initial commit from rest new');
    expect(log.toString()).toContain('src/app.module.ts');
    expect(output.join('\n')).not.toContain('not-printed');
    expect(output.slice(-15).join('\n')).toBe(dedent`
      Next steps:
        cd my-api
        npm install
        npm run dev

      SQLite: the database is a file in .data/, nothing to install (rest new --database postgres, mysql or mongodb chooses a server).

      Apps use the client key, CLIENT_KEY in .env (MASTER_KEY, which can make admins, stays on back ends).
      In the project folder, sign up and sign in:
        export CLIENT_KEY="$(grep '^CLIENT_KEY=' .env | cut -d= -f2-)"
        curl -X POST http://localhost:9000/users -d "access_token=$CLIENT_KEY" -d email=ada@example.com -d password=horse-battery-9
        curl -X POST http://localhost:9000/auth -u ada@example.com:horse-battery-9 -d "access_token=$CLIENT_KEY"
        curl http://localhost:9000/users/me -H "Authorization: Bearer <token from the sign-in>"

      Add a resource API: rest api article (inside my-api).
    `);
  });

  it('installs before the first commit, so that the commit holds the lock file', async () => {
    await runWith({ skipGit: false, skipInstall: false });
    const target = join(parent, 'my-api');
    const files = execFileSync('git', ['show', '--name-only', '--format=', 'HEAD'], {
      cwd: target,
    });
    expect(files.toString().split('\n')).toContain('package-lock.json');
  });

  it('writes nothing when the generated code does not compile', async () => {
    const broken = (): GeneratedFile[] => [
      ...standInFiles(),
      {
        kind: 'typescript',
        path: 'src/users/users.module.ts',
        imports: [{ from: 'src/users/users.service.ts', named: ['UsersService'] }],
        structure: { statements: ['export const providers = [UsersService];'] },
      },
    ];
    await expect(runWith({ files: broken })).rejects.toBeInstanceOf(GeneratedCodeError);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('type-checks only with checkTypes; without it, syntax and relative imports', async () => {
    const mistyped = (): GeneratedFile[] => [
      ...standInFiles(),
      {
        kind: 'typescript',
        path: 'src/port.ts',
        imports: [],
        structure: { statements: ["export const port: number = '3000';"] },
      },
    ];
    await expect(runWith({ files: mistyped })).rejects.toBeInstanceOf(GeneratedCodeError);
    expect(readdirSync(parent)).toEqual([]);
    await runWith({ files: mistyped, checkTypes: false });
    expect(readFileSync(join(parent, 'my-api/src/port.ts'), 'utf8')).toContain("'3000'");
  });

  it('--dry-run lists the files and writes nothing', async () => {
    await runWith({ dryRun: true });
    // The last is the record of what was generated, for rest upgrade.
    expect(output.slice(-6).join('\n')).toBe(dedent`
      Dry run: would write 5 files to my-api/
      create  package.json
      create  .env
      create  src/main.ts
      create  src/app.module.ts
      create  .restsmith/base.json
    `);
    expect(existsSync(join(parent, 'my-api'))).toBe(false);
  });

  it('stops the install at once on Ctrl-C: the files stay, no commit, exit 130 with the command to finish (issue 31.2)', async () => {
    const installLogs = () =>
      readdirSync(tmpdir()).filter(
        (name) => name.startsWith('rest-new-') && existsSync(join(tmpdir(), name, 'install.log')),
      );
    const logsBefore = installLogs();
    const slow = (): GeneratedFile[] => [
      ...standInFiles().filter((file) => file.path !== 'package.json'),
      {
        kind: 'json',
        path: 'package.json',
        // An install that would take a minute, as a native build does; it says its pid first.
        data: {
          name: 'my-api',
          private: true,
          scripts: {
            preinstall: `node -e "require('fs').writeFileSync('installer.pid', String(process.pid)); setTimeout(() => {}, 60000)"`,
          },
        },
      },
    ];
    const started = Date.now();
    const running = runWith({ files: slow, skipInstall: false, skipGit: false }).catch(
      (caught: unknown) => caught,
    );
    const pidFile = join(parent, 'my-api', 'installer.pid');
    while (!existsSync(pidFile) && Date.now() - started < 30_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const installer = Number(readFileSync(pidFile, 'utf8'));
    // What ora does with a Ctrl-C typed under its spinner: it raises SIGINT in this process.
    process.emit('SIGINT');
    const error = await running;
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).exitCode).toBe(130);
    expect((error as UserError).message).toBe(
      'stopped: the project is complete in my-api/, but its dependencies are not installed',
    );
    expect((error as UserError).hint).toContain('Finish with: cd my-api && npm install');
    expect(output.join('\n')).toMatch(/failed: Stopped installing dependencies after \d+ s/);
    // The installer's group was ended with it, and the folder was not committed half-installed.
    expect(await endedWithin(installer, 5_000)).toBe(true);
    expect(existsSync(join(parent, 'my-api', '.git'))).toBe(false);
    expect(existsSync(join(parent, 'my-api', 'src/main.ts'))).toBe(true);
    expect(installLogs()).toEqual(logsBefore);
  }, 60_000);

  it('keeps the complete project when the install fails, and says how to retry', async () => {
    const unresolvable = (): GeneratedFile[] => [
      ...standInFiles().filter((file) => file.path !== 'package.json'),
      {
        kind: 'json',
        path: 'package.json',
        data: { name: 'my-api', dependencies: { 'left-pad': 'file:./no-such-package.tgz' } },
      },
    ];
    const error = await runWith({ files: unresolvable, skipInstall: false }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toBe(
      'the project is complete in my-api/, but installing its dependencies failed',
    );
    expect((error as UserError).hint).toBe('Retry with: cd my-api && npm install');
    expect(output.join('\n')).toMatch(
      /failed: Installing dependencies failed: npm exited with \d+ \(output in .*install\.log\)/,
    );
    expect(output.join('\n')).toContain('npm error enoent');
    expect(readdirSync(join(parent, 'my-api')).sort()).toEqual(
      ['.env', '.restsmith', 'package.json', 'src'].sort(),
    );
  });
});
