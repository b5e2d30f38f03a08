// `rest new` from options to a ready project: render, write once, install, first commit (with the lock file), next steps.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { UserError } from '../model/user-error.js';
import type { GeneratedFile } from '../engine/generated-file.js';
import { nextSteps } from './next-steps.js';
import { projectVariables } from './format-seed.js';
import type { ProjectOptions } from '../model/project.js';
import { checkTarget, formatPlan } from '../engine/plan.js';
import type { Progress, Step } from './progress.js';
import { checkNativeModules, type NativeCheck } from './native-modules.js';
import { renderFiles, type RenderedFile } from '../engine/render.js';
import { initGit, installCommand, installDependencies, tailOf, type GitOutcome } from './setup.js';
import { writeFiles } from '../engine/write.js';
import { baseFile, isRegenerated } from '../engine/base-record.js';
import { restsmithVersion } from '../loader/version.js';
import { projectTables } from '../../templates-ast/database/project-tables.js';

export interface NewProjectRun {
  options: ProjectOptions;
  /** Absolute path of the project folder. */
  target: string;
  /** The folder as the user should type it after `cd`. */
  folder: string;
  force: boolean;
  dryRun: boolean;
  skipInstall: boolean;
  skipGit: boolean;
  /**
   * Type-check the generated TypeScript before writing (`--check-types`). Off, only syntax and
   * relative imports are checked: the templates are type-checked by the whole-project tests, and the
   * full check is most of `rest new`'s time.
   */
  checkTypes: boolean;
  progress: Progress;
  /** The project's files: templates-ast/project.ts's `projectFiles` in the real command. */
  files: (options: ProjectOptions) => GeneratedFile[];
  /** Files the command adds from the rendered ones: the GraphQL schema, printed from them. */
  beforeWrite?: (files: RenderedFile[]) => RenderedFile[];
}

export async function createProject(run: NewProjectRun): Promise<void> {
  if (!run.force) refuseNesting(run);
  await checkTarget(run.target, { force: run.force });
  const rendered = await inStep(run.progress, 'Generating the project', async () => {
    const files = await renderFiles(run.files(run.options), {
      check: run.checkTypes ? 'full' : 'syntax',
      variables: projectVariables(run.options),
    });
    return [...(run.beforeWrite?.(files) ?? files), recordedBase(files, run.options)];
  });
  if (run.dryRun) {
    const plan = await writeFiles(run.target, rendered, { force: run.force, dryRun: true });
    run.progress.log(`Dry run: would write ${plan.files.length} files to ${run.folder}/`);
    run.progress.log(formatPlan(plan));
    return;
  }
  await inStep(run.progress, `Writing ${rendered.length} files to ${run.folder}/`, () =>
    writeFiles(run.target, rendered, { force: run.force }),
  );
  const installed = run.skipInstall ? true : await install(run);
  if (installed === 'interrupted') {
    // Nothing more: no commit of a half-installed folder. The files are all there.
    throw new UserError(
      `stopped: the project is complete in ${run.folder}/, but its dependencies are not installed`,
      {
        hint: `Finish with: cd ${run.folder} && ${installCommand(run.options.packageManager).join(' ')}${run.skipGit ? '' : ' && git init && git add -A && git commit -m "Initial commit from rest new"'}`,
        exitCode: 130,
      },
    );
  }
  const native = installed === true && !run.skipInstall ? await checkNative(run) : undefined;
  // After the install, so that the first commit holds the lock file the install wrote.
  if (!run.skipGit) await commitFirst(run);
  run.progress.log('');
  run.progress.log(
    nextSteps(run.options, {
      folder: run.folder,
      installed: !run.skipInstall && installed,
      node: process.versions.node,
    }),
  );
  if (native?.outcome === 'broken') {
    throw new UserError(
      `the project is complete in ${run.folder}/, but ${native.module} does not load on Node ${native.node}: ${native.reason}`,
      { hint: `Build it for this Node: cd ${run.folder} && ${native.fix}` },
    );
  }
  if (!installed) {
    throw new UserError(
      `the project is complete in ${run.folder}/, but installing its dependencies failed`,
      {
        hint: `Retry with: cd ${run.folder} && ${installCommand(run.options.packageManager).join(' ')}`,
      },
    );
  }
}

/** What rest new wrote, recorded for `rest upgrade` (.restsmith/base.json). */
function recordedBase(files: RenderedFile[], options: ProjectOptions): RenderedFile {
  const written = files.filter((file) => isRegenerated(file.path));
  const { path, text } = baseFile({
    restsmith: restsmithVersion(),
    files: Object.fromEntries(written.map((file) => [file.path, file.text])),
    tables: Object.fromEntries(projectTables(options).map((table) => [table.name, table])),
  });
  return { path, text };
}

/**
 * A project inside another one shares its node_modules, its lint and test set-up, and its git: `rest new`
 * inside a project (the restsmith clone included) is most often a mistake, so it asks for `--force`.
 * A package.json in the home folder itself is a stray of some `npm install`, not a project: skipped.
 */
function refuseNesting(run: NewProjectRun): void {
  const outer = enclosingProject(run.target);
  if (!outer) return;
  const shown = relative(process.cwd(), outer) || '.';
  throw new UserError(
    `${run.folder}/ would be inside another project, the one in ${shown === '.' ? 'this folder' : `${shown}/`} (it has a package.json)`,
    {
      hint: `Create it outside that project, for example: rest new ${join(relative(process.cwd(), dirname(outer)) || '.', basename(run.target))}; or pass --force to nest it anyway.`,
    },
  );
}

/** The nearest folder above `target` that holds a package.json, if any. */
export function enclosingProject(target: string): string | undefined {
  const home = homedir();
  for (let folder = dirname(target); ; folder = dirname(folder)) {
    if (folder !== home && existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) return undefined;
  }
}

async function inStep<T>(progress: Progress, text: string, work: () => Promise<T>): Promise<T> {
  const step = progress.start(text);
  try {
    const result = await work();
    step.succeed();
    return result;
  } catch (error) {
    step.fail();
    throw error;
  }
}

const GIT_NOTES: Record<Exclude<GitOutcome, 'committed'>, string> = {
  'no-git': 'git is not installed: no repository was created',
  'inside-repository':
    'the folder is inside a git repository already: no new repository was created',
  'commit-failed':
    'git init done, but the first commit failed (are user.name and user.email set?): the files are staged',
};

async function commitFirst(run: NewProjectRun): Promise<void> {
  const step = run.progress.start('Creating a git repository');
  const outcome = await initGit(run.target);
  if (outcome === 'committed') step.succeed('Created a git repository with a first commit');
  else step.skip(GIT_NOTES[outcome]);
}

/** The native module of the database driver loads, or is rebuilt once for the Node on PATH. */
async function checkNative(run: NewProjectRun): Promise<NativeCheck> {
  let step: Step | undefined;
  const checked = await checkNativeModules(run.target, run.options, (text) => {
    step = run.progress.start(text);
  });
  if (checked.outcome === 'built') {
    step?.succeed(`Compiled ${checked.module} for Node ${checked.node}`);
  } else if (checked.outcome === 'broken') {
    step?.fail();
  }
  return checked;
}

/** The install, with its step and elapsed time; its log is kept only when it fails. */
async function install(run: NewProjectRun): Promise<boolean | 'interrupted'> {
  const manager = run.options.packageManager;
  const folder = mkdtempSync(join(tmpdir(), 'rest-new-'));
  const logFile = join(folder, 'install.log');
  const text = `Installing dependencies with ${manager}`;
  const step = run.progress.start(text);
  const started = Date.now();
  const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
  // The elapsed time, and what the installer is at (its last line), so a long native build is no mystery.
  const ticker = setInterval(() => {
    const last = lastLine(logFile);
    step.update?.(`${text} (${elapsed()}${last ? `: ${last}` : ''})`);
  }, 1000);
  const result = await installDependencies(run.target, manager, logFile).finally(() =>
    clearInterval(ticker),
  );
  if (result.ok) {
    step.succeed(`Installed dependencies with ${manager} in ${elapsed()}`);
    rmSync(folder, { recursive: true, force: true });
    return true;
  }
  if (result.interrupted) {
    step.fail(`Stopped installing dependencies after ${elapsed()}`);
    rmSync(folder, { recursive: true, force: true });
    return 'interrupted';
  }
  step.fail(`Installing dependencies failed: ${result.reason} (output in ${logFile})`);
  const tail = tailOf(logFile);
  if (tail) run.progress.log(`Last lines of ${logFile}:\n${tail}`);
  return false;
}

/** The installer's last line of output, shortened: what it is doing now. */
function lastLine(logFile: string): string | undefined {
  const text = readFileSafely(logFile).trimEnd();
  const line = text
    .slice(text.lastIndexOf('\n') + 1)
    .replace(/\s+/g, ' ')
    .trim();
  return line ? (line.length > 60 ? `${line.slice(0, 57)}...` : line) : undefined;
}

function readFileSafely(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
