// One project of the matrix, from `rest new` to its last edit: every step and check, timed.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { linkDependencies, newProjectWithoutInstall } from '../api/project.js';
import { runInBackground } from './background.js';
import {
  databaseEnv,
  databaseScript,
  migratesWithoutDrift,
  refusedApi,
  restApi,
  openApiLints,
  succeeds,
  timed,
  timedInBackground,
  upgradeFindsNothing,
  type Check,
  type Ran,
} from './checks.js';
import { editSteps, newFlags, resourceSteps, shellLine, type ApiStep } from './commands.js';
import type { Combination } from './factors.js';
import { FAST_BUILD } from './fast-build.js';
import type { Probe } from './probes.js';

export interface Built {
  name: string;
  row: Combination;
  /** The commands it ran, as typed. */
  commands: string[];
  checks: Check[];
  ms: number;
  /** Why the database checks did not run (no server answers). */
  skipped?: string;
}

/**
 * Builds the project of `row` and checks it; `probes` are the refusals it asks first; `sample` runs
 * its own tests. The steps block (one project at a time); the long checks at the end run in the
 * background, so that the next project's steps overlap them.
 */
export async function buildProject(
  index: number,
  row: Combination,
  probes: Probe[],
  sample: boolean,
): Promise<Built> {
  const start = performance.now();
  const name = `matrix-${index}`;
  const flags = newFlags(row);
  const built: Built = {
    name,
    row,
    commands: [shellLine(['rest', 'new', name, '--database', row.database, ...flags])],
    checks: [],
    ms: 0,
  };
  let dir = '';
  const made = timed(built.checks, 'new', () => {
    dir = newProjectWithoutInstall(name, row.database, { flags, checkTypes: false });
    linkDependencies(dir);
    return undefined;
  });
  if (made) await walk(built, dir, probes, sample);
  built.ms = performance.now() - start;
  return built;
}

async function walk(built: Built, dir: string, probes: Probe[], sample: boolean): Promise<void> {
  const sql = built.row.database !== 'mongodb';
  const { env, skip } = databaseEnv(
    built.row.database,
    `restsmith_${built.name.replace('-', '_')}`,
  );
  built.skipped = skip;
  const withDatabase = sql && !skip;
  if (withDatabase) timed(built.checks, 'drift:new', () => migratesWithoutDrift(dir, env));
  if (!steps(built, dir, env, resourceSteps(built.row), probes, withDatabase)) return;
  let kept: { article: string; comment: string } | undefined;
  if (withDatabase)
    timed(built.checks, 'rows:insert', () => {
      kept = databaseScript(dir, env, 'insert', JSON.stringify(rowShape(built.row)));
      return undefined;
    });
  if (!steps(built, dir, env, editSteps(built.row), probes, withDatabase)) return;
  if (kept) timed(built.checks, 'rows:kept', () => rowsKept(dir, env, kept!));
  timed(built.checks, 'upgrade:nothing', () => upgradeFindsNothing(dir));
  timed(built.checks, 'openapi', () => openApiLints(dir));
  rmSync(join(dir, FAST_BUILD), { recursive: true, force: true });
  await Promise.all([
    timedInBackground(built.checks, 'lint', () => succeeds(dir, 'npm', ['run', 'lint'])),
    timedInBackground(built.checks, 'types', () => succeeds(dir, 'npx', ['tsc', '--noEmit'])),
    sample ? ownChecks(built, dir, env, withDatabase) : undefined,
  ]);
}

/** The sample's compiled migration scripts, then the project's own tests. */
async function ownChecks(built: Built, dir: string, env: NodeJS.ProcessEnv, compiled: boolean) {
  if (compiled) await compiledPath(built, dir);
  const sql = built.row.database !== 'mongodb';
  await timedInBackground(built.checks, 'npm test', () => ownTests(dir, env, sql));
}

/** Runs the steps (each after the refusals it hosts); false when a step failed, which ends the walk. */
function steps(
  built: Built,
  dir: string,
  env: NodeJS.ProcessEnv,
  list: ApiStep[],
  probes: Probe[],
  withDatabase: boolean,
): boolean {
  for (const { step, args, schema } of list) {
    for (const probe of probes.filter((found) => found.refusal.step === step)) {
      built.commands.push(`${shellLine(['rest', ...probe.args])}   # refused`);
      timed(built.checks, `refused:${step}`, () => refusedApi(dir, probe.args, probe.refusal));
    }
    built.commands.push(shellLine(['rest', 'api', ...args]));
    if (!timed(built.checks, `api:${step}`, () => restApi(dir, args))) return false;
    if (schema && withDatabase)
      timed(built.checks, `drift:${step}`, () => migratesWithoutDrift(dir, env));
  }
  return true;
}

const rowShape = (row: Combination) => ({
  owned: row.owner === 'on',
  reference: row.reference !== 'none',
  tags: row.listReference === 'on',
});

/** The article kept its values through the edits (price renamed to cost, body removed); the comment stayed. */
function rowsKept(dir: string, env: NodeJS.ProcessEnv, kept: { article: string; comment: string }) {
  type Rows = { article: Record<string, unknown> | null; comment: Record<string, unknown> | null };
  const { article, comment } = databaseScript<Rows>(dir, env, 'read', JSON.stringify(kept));
  const expected = { id: kept.article, title: 'kept', cost: 42, summary: null };
  const articleKept =
    article && Object.entries(expected).every(([key, value]) => article[key] === value);
  if (!articleKept || 'body' in article || 'price' in article)
    return `article not kept as ${JSON.stringify(expected)}: ${JSON.stringify(article)}`;
  return comment?.id === kept.comment ? undefined : `comment ${kept.comment} lost`;
}

/** The project's own scripts over the compiled build: migrations from scratch, then the drift check. */
async function compiledPath(built: Built, dir: string): Promise<void> {
  const fresh = databaseEnv(built.row.database, `restsmith_${built.name.replace('-', '_')}_npm`);
  const freshEnv =
    built.row.database === 'sqlite' ? { DATABASE_PATH: '.data/npm-run.sqlite' } : fresh.env;
  await timedInBackground(built.checks, 'npm migration:run', () =>
    succeeds(dir, 'npm', ['run', 'migration:run'], freshEnv),
  );
  await timedInBackground(built.checks, 'npm drift', () =>
    succeeds(dir, 'npm', ['run', 'migration:generate', '--', DRIFT, '--check'], freshEnv),
  );
}

const DRIFT = 'src/database/migrations/Drift';

/**
 * `npm test`: against the database for SQL; MongoDB has no server here, so its database tests skip
 * (and say so) and its unit tests run.
 */
async function ownTests(dir: string, env: NodeJS.ProcessEnv, sql: boolean): Promise<Ran> {
  const ran = await runInBackground('npm', ['test'], dir, { ...env, MONGODB_URI: undefined });
  const tail = (size: number) => ran.output.slice(-size);
  const problem =
    ran.status !== 0
      ? `exit ${ran.status}:\n${tail(8000)}`
      : !sql && !ran.output.includes('skipped: no MongoDB server')
        ? `the database tests did not say they skipped:\n${tail(3000)}`
        : sql && /skipped: no/.test(ran.output)
          ? `database tests skipped:\n${tail(3000)}`
          : undefined;
  return { problem, ms: ran.ms };
}
