// After the files are written: the first git commit and the dependency install of a new project.
import { execFile, spawn } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { PackageManager } from '../model/project.js';

const run = promisify(execFile);

export type GitOutcome = 'committed' | 'no-git' | 'inside-repository' | 'commit-failed';

/** `git init` and a first commit; never fails the command, the outcome says what happened. */
export async function initGit(target: string): Promise<GitOutcome> {
  const git = (...args: string[]) => run('git', args, { cwd: target });
  try {
    await git('--version');
  } catch {
    return 'no-git';
  }
  // A project created inside another repository (a monorepo) belongs to that repository.
  const inside = await git('rev-parse', '--is-inside-work-tree').catch(() => undefined);
  if (inside?.stdout.trim() === 'true') return 'inside-repository';
  await git('init', '-q');
  await git('add', '-A');
  // Fails when user.name or user.email is not configured: the repository stays, with files staged.
  const committed = await git('commit', '-q', '-m', 'Initial commit from rest new').catch(
    () => undefined,
  );
  return committed ? 'committed' : 'commit-failed';
}

export const installCommand = (manager: PackageManager): string[] =>
  manager === 'yarn' ? ['yarn', 'install'] : [manager, 'install'];

export interface InstallResult {
  ok: boolean;
  /** Why it failed, in one line: an exit code or a missing package manager. */
  reason?: string;
  /** Stopped by Ctrl-C (SIGINT) or SIGTERM: the installer was ended at once. */
  interrupted?: boolean;
}

/**
 * Runs the install with its output in `logFile`, which the caller shows when it fails. Ctrl-C (or
 * SIGTERM) ends it at once: the installer and whatever it started (a native build) are killed as a
 * group, and the result says so without waiting for them.
 */
export function installDependencies(
  target: string,
  manager: PackageManager,
  logFile: string,
): Promise<InstallResult> {
  const [command, ...args] = installCommand(manager);
  const log = openSync(logFile, 'w');
  let stop = () => {};
  return new Promise<InstallResult>((resolve) => {
    // A group of its own, so that one signal reaches npm and the compilers it runs.
    const child = spawn(command!, args, {
      cwd: target,
      stdio: ['ignore', log, log],
      detached: process.platform !== 'win32',
    });
    // Ctrl-C under a spinner reaches only this process (ora reads the terminal in raw mode and raises
    // SIGINT here): end the installer's whole group, and answer now.
    stop = () => {
      try {
        if (child.pid !== undefined && process.platform !== 'win32')
          process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // Ended already.
      }
      resolve({ ok: false, interrupted: true, reason: `${command} was stopped` });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        ok: false,
        reason: error.code === 'ENOENT' ? `${command} is not installed` : error.message,
      }),
    );
    child.on('close', (code, signal) =>
      resolve(
        code === 0
          ? { ok: true }
          : {
              ok: false,
              reason: `${command} ${signal ? `was stopped (${signal})` : `exited with ${code}`}`,
            },
      ),
    );
  }).finally(() => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    closeSync(log);
  });
}

/** The last lines of the install log, where the installer says what went wrong. */
export function tailOf(logFile: string, lines = 15): string {
  const text = readFileSync(logFile, 'utf8').trimEnd();
  return text.split('\n').slice(-lines).join('\n');
}
