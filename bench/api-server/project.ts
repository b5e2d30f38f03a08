// bench/api-server's projects: one generated project per adapter and database, built once in
// .tmp/bench-api-server and reused by later runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Http = 'express' | 'fastify';
export type Database = 'sqlite' | 'postgres';
export interface Variant {
  http: Http;
  database: Database;
}

export const root = resolve(import.meta.dirname, '../..');
export const work = join(root, '.tmp/bench-api-server');

/** The sqlite projects keep the names of earlier runs (bench-api, bench-api-fastify). */
export const projectName = ({ http, database }: Variant) =>
  [
    'bench-api',
    ...(http === 'express' ? [] : [http]),
    ...(database === 'sqlite' ? [] : ['pg']),
  ].join('-');
export const projectOf = (variant: Variant) => join(work, projectName(variant));

export function sh(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/**
 * Generates and builds the project of one adapter and database once; later runs reuse it. Its
 * node_modules are lent (hard links) by `seed` or by a project installed before, and npm adds the
 * differences.
 */
export function prepareProject(variant: Variant, seed: string, others: Variant[]): void {
  const project = projectOf(variant);
  if (existsSync(join(project, 'dist/main.js'))) return;
  rmSync(project, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const seeds = [seed, ...others.map(projectOf)];
  const lender = seeds.find((folder) => existsSync(join(folder, 'node_modules')));
  const flags = [
    '--database',
    variant.database,
    '--http',
    variant.http,
    '--yes',
    '--skip-git',
    '--force',
  ];
  if (lender) flags.push('--skip-install');
  sh(process.execPath, [join(root, 'bin/run.js'), 'new', projectName(variant), ...flags], work);
  if (lender) {
    sh('cp', ['-al', join(lender, 'node_modules'), join(project, 'node_modules')], project);
    sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], project);
  }
  sh('npm', ['run', 'build'], project);
}
