// Times `rest new --yes --skip-install --skip-git` against `nest new --skip-install` in the same run,
// and where the time of `rest new` goes. Run by hand after a build: npx tsx bench/generate/index.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    database: { type: 'string', default: 'sqlite' },
    // A built copy of restsmith (bin/, dist/, package.json), default: this repository.
    build: { type: 'string' },
  },
});
const runs = Number(values.runs);
const repository = resolve(import.meta.dirname, '../..');
const root = values.build ? resolve(values.build) : repository;
const nestCache = join(repository, '.tmp/nest-cli');
const nestBin = join(nestCache, 'node_modules/@nestjs/cli/bin/nest.js');

/** @nestjs/cli 12 from the npm registry, installed once beside the repository (git-ignored .tmp/). */
function ensureNestCli(): void {
  if (existsSync(nestBin)) return;
  mkdirSync(nestCache, { recursive: true });
  writeFileSync(join(nestCache, 'package.json'), '{ "private": true }\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '@nestjs/cli@12'], {
    cwd: nestCache,
    stdio: 'inherit',
  });
}

/** Runs `args` in a fresh empty folder `times` times (after one warm-up) and returns the times in ms. */
function time(args: string[], times: number): number[] {
  const measured: number[] = [];
  for (let run = 0; run <= times; run++) {
    const cwd = mkdtempSync(join(tmpdir(), 'bench-generate-'));
    const start = performance.now();
    const result = spawnSync('node', args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    const elapsed = performance.now() - start;
    rmSync(cwd, { recursive: true, force: true });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed:\n${result.stderr}`);
    if (run > 0) measured.push(elapsed);
  }
  return measured;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const row = (name: string, values: number[]): string =>
  `| ${name} | ${median(values).toFixed(0)} | ${Math.min(...values).toFixed(0)} | ${Math.max(...values).toFixed(0)} |`;

/** The phases of one generation, each measured in a fresh process from the built modules. */
function phases(): string {
  const script = join(import.meta.dirname, 'phases.mjs');
  return execFileSync('node', [script, root, values.database!], { encoding: 'utf8' });
}

ensureNestCli();
const restBin = join(root, 'bin/run.js');
if (!existsSync(join(root, 'dist/src/commands/new.js')))
  throw new Error('Build first: npm run build');
const flags = ['--yes', '--skip-install', '--skip-git', '--database', values.database!];
const rest = time([restBin, 'new', 'bench-api', ...flags], runs);
const nest = time(
  [nestBin, 'new', 'bench-api', '--skip-install', '--skip-git', '--package-manager', 'npm'],
  runs,
);
const startup = time([restBin, '--version'], runs);
console.log(`Node ${process.version}, ${runs} runs each after one warm-up, times in ms\n`);
console.log('| command | median | min | max |\n|---|---|---|---|');
console.log(row(`rest new --yes --skip-install --skip-git --database ${values.database}`, rest));
console.log(row('nest new --skip-install --skip-git (@nestjs/cli 12)', nest));
console.log(row('rest --version (oclif start-up alone)', startup));
console.log(`\nratio rest new / nest new (medians): ${(median(rest) / median(nest)).toFixed(2)}\n`);
console.log(phases());
