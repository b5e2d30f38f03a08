// The checks of one matrix project, each timed: refusals, migrations with the drift check, kept rows, lint, types, tests.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { mysqlDatabase } from '../e2e/project.js';
import { postgresDatabase, rest, run, snapshotOf, type Run } from '../api/project.js';
import type { Refusal } from './factors.js';
import { runInBackground } from './background.js';
import { FAST_BUILD, fastBuild } from './fast-build.js';

export interface Check {
  name: string;
  ok: boolean;
  ms: number;
  /** What went wrong, to show when the check fails. */
  detail: string;
}

/** Runs `work` and records it as a check; a throw is a failed check with the error's message. */
export function timed(checks: Check[], name: string, work: () => string | undefined): boolean {
  const start = performance.now();
  let problem: string | undefined;
  try {
    problem = work();
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  checks.push({ name, ok: !problem, ms: performance.now() - start, detail: problem ?? '' });
  return !problem;
}

/** What a background check found (nothing when it passed) and how long its command ran. */
export interface Ran {
  problem?: string;
  ms: number;
}

/** As `timed`, for a check that runs in the background (test/matrix/background.ts). */
export async function timedInBackground(
  checks: Check[],
  name: string,
  work: () => Promise<Ran>,
): Promise<void> {
  const { problem, ms } = await work().catch((error: Error) => ({ problem: error.message, ms: 0 }));
  checks.push({ name, ok: !problem, ms, detail: problem ?? '' });
}

/**
 * Right after its commands, `rest upgrade --dry-run` finds nothing to change: every command recorded
 * what it generated (.restsmith/base.json), and regenerating the project from restsmith.json gives it.
 */
export function upgradeFindsNothing(dir: string): string | undefined {
  const ran = rest(dir, 'upgrade', '--dry-run');
  if (ran.status !== 0)
    return `rest upgrade --dry-run: exit ${ran.status}:\n${ran.output.slice(-6000)}`;
  return /The project is up to date/.test(ran.output)
    ? undefined
    : `rest upgrade --dry-run would change generated files:\n${ran.output.slice(0, 6000)}`;
}

const failed = (ran: Run): string | undefined =>
  ran.status === 0 ? undefined : `exit ${ran.status}:\n${ran.output.slice(-6000)}`;

/** The refusal as the user sees it: exit 1, `Error: <reason>` on one line, the fix, no stack. */
function refusedAsExpected(ran: Run, refusal: Refusal): string | undefined {
  const lines = ran.output.split('\n').map((line) => line.replace(/^\s*›?\s*/, ''));
  const problems = [
    ran.status === 1 ? '' : `exit ${ran.status}, not 1`,
    lines.includes(`Error: ${refusal.reason}`) ? '' : `no line "Error: ${refusal.reason}"`,
    lines.includes(`Try this: ${refusal.fix}`) ? '' : `no line "Try this: ${refusal.fix}"`,
    /^\s+at /m.test(ran.output) ? 'a stack trace' : '',
  ].filter(Boolean);
  return problems.length ? `${problems.join('; ')}:\n${ran.output}` : undefined;
}

/** `rest new` with refused flags, in an empty folder that must stay empty. */
export function refusedNew(args: string[], refusal: Refusal): string | undefined {
  const cwd = mkdtempSync(join(tmpdir(), 'matrix-refused-'));
  const ran = rest(cwd, ...args, '--yes', '--skip-install', '--skip-git');
  const written = readdirSync(cwd);
  return (
    refusedAsExpected(ran, refusal) ?? (written.length ? `wrote ${written.join(', ')}` : undefined)
  );
}

/** `rest api` with refused flags in the project, whose files must stay as they were. */
export function refusedApi(dir: string, args: string[], refusal: Refusal): string | undefined {
  const before = snapshotOf(dir);
  const ran = rest(dir, ...args, '--yes');
  const after = snapshotOf(dir);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (path) => before.get(path) !== after.get(path),
  );
  return (
    refusedAsExpected(ran, refusal) ??
    (changed.length ? `changed ${changed.join(', ')}` : undefined)
  );
}

export const restApi = (dir: string, args: string[]) => failed(rest(dir, 'api', ...args, '--yes'));

/** The project's database, fresh: a URL for PostgreSQL and MySQL, the .env's file for SQLite. */
export function databaseEnv(
  database: string,
  name: string,
): { env: NodeJS.ProcessEnv; skip?: string } {
  if (database === 'sqlite' || database === 'mongodb') return { env: {} };
  const { url, reason } = database === 'postgres' ? postgresDatabase(name) : mysqlDatabase(name);
  const required = process.env[`RESTSMITH_REQUIRE_${database.toUpperCase()}`];
  if (reason && required)
    throw new Error(`RESTSMITH_REQUIRE_${database.toUpperCase()} is set but ${reason}`);
  return url ? { env: { DATABASE_URL: url } } : { env: {}, skip: reason };
}

const script = resolve(import.meta.dirname, 'database-script.mjs');

/** Runs test/matrix/database-script.mjs in the project; its JSON answer. */
export function databaseScript<T>(dir: string, env: NodeJS.ProcessEnv, ...args: string[]): T {
  const ran = run('node', [script, ...args], dir, env);
  if (ran.status !== 0) throw new Error(`database-script ${args[0]} failed:\n${ran.output}`);
  return JSON.parse(ran.output.trim().split('\n').pop()!) as T;
}

/** Pending migrations run, then TypeORM finds nothing left to generate. */
export function migratesWithoutDrift(dir: string, env: NodeJS.ProcessEnv): string | undefined {
  fastBuild(dir);
  const { drift } = databaseScript<{ drift: string[] }>(dir, env, 'migrate');
  return drift.length
    ? `the entities and the migrations disagree:\n${drift.join('\n')}`
    : undefined;
}

/** `npm run <script>` (or any command) in the project, in the background, as a check. */
export const succeeds = async (
  dir: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<Ran> => {
  const ran = await runInBackground(command, args, dir, env);
  return { problem: failed(ran), ms: ran.ms };
};

const redocly = resolve(import.meta.dirname, '../../node_modules/@redocly/cli/bin/cli.js');

/**
 * Issue 29: the OpenAPI document the project writes (`npm run docs`, here from the fast build) passes
 * redocly's recommended rules with no error and no warning.
 */
export function openApiLints(dir: string): string | undefined {
  fastBuild(dir);
  const wrote = run('node', [join(FAST_BUILD, 'docs.js')], dir);
  if (wrote.status !== 0) return `docs.js failed:\n${wrote.output}`;
  const linted = run('node', [redocly, 'lint', 'docs/openapi.json', '--format=json'], dir);
  const json = linted.output.slice(linted.output.indexOf('{'));
  let report: { totals: { errors: number; warnings: number }; problems: Problem[] };
  try {
    report = JSON.parse(json.slice(0, json.lastIndexOf('}') + 1)) as typeof report;
  } catch {
    return `redocly lint gave no report (exit ${linted.status}):\n${linted.output.slice(-3000)}`;
  }
  const { errors, warnings } = report.totals;
  if (errors + warnings === 0) return typedClient(dir);
  const lines = report.problems.map(
    (problem) =>
      `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location?.[0]?.pointer ?? ''})`,
  );
  return `redocly lint: ${errors} errors, ${warnings} warnings\n${lines.slice(0, 40).join('\n')}`;
}

/**
 * What `npm run client` does after the document (issue 29.2): openapi-typescript writes
 * client/schema.d.ts, and tsc checks client/ against it, the example's @ts-expect-error lines included
 * (each is a request the server refuses that the types must refuse too).
 */
function typedClient(dir: string): string | undefined {
  const types = run(
    'node',
    [
      join(dir, 'node_modules/openapi-typescript/bin/cli.js'),
      'docs/openapi.json',
      '--output',
      'client/schema.d.ts',
      '--default-non-nullable=false',
    ],
    dir,
  );
  if (types.status !== 0) return `openapi-typescript failed:\n${types.output.slice(-3000)}`;
  const checked = run(
    'node',
    [join(dir, 'node_modules/typescript/bin/tsc'), '-p', 'client/tsconfig.json'],
    dir,
  );
  if (checked.status !== 0) return `client/ does not type-check:\n${checked.output.slice(-3000)}`;
  return undefined;
}

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location?: { pointer?: string }[];
}
