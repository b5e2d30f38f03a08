// Times `rest new --yes --skip-install --skip-git` (a second run, a first run with the build's packaged
// format entries, a first run with other choices, the format cache off) against
// `nest new --skip-install` in the same run,
// and where the time of `rest new` goes. Run by hand after a build: npx tsx bench/generate/index.ts
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
/** The bench's own cache folder (compiled code, formatted texts), filled by the warm-up round. */
const cacheFolder = join(repository, '.tmp/bench-generate-cache');

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

interface Sample {
  /** Wall-clock time. */
  wall: number;
  /** User plus system CPU time of the process and its children: less sensitive to a busy machine. */
  cpu: number;
}

interface Command {
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** Empty the user's format entries before each run, as before a first run with these choices. */
  firstRun?: boolean;
}

/** Removes the format cache's user entries (the compiled-code cache stays, as after any earlier run). */
function emptyFormatEntries(): void {
  if (!existsSync(cacheFolder)) return;
  for (const entry of readdirSync(cacheFolder)) {
    if (entry.startsWith('format-'))
      rmSync(join(cacheFolder, entry), { recursive: true, force: true });
  }
}

/** One run of `node args` in a fresh empty folder, timed by bash's `time`. */
function sample({ args, env, firstRun }: Command): Sample {
  if (firstRun) emptyFormatEntries();
  const cwd = mkdtempSync(join(tmpdir(), 'bench-generate-'));
  const command = `TIMEFORMAT='%R %U %S'; time node ${args.map((arg) => `'${arg}'`).join(' ')} >/dev/null 2>&1`;
  const result = spawnSync('bash', ['-c', command], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', RESTSMITH_CACHE_DIR: cacheFolder, ...env },
  });
  rmSync(cwd, { recursive: true, force: true });
  const [real, user, system] = result.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  if (result.status !== 0 || real === undefined) throw new Error(`node ${args.join(' ')} failed`);
  return { wall: real * 1000, cpu: (user! + system!) * 1000 };
}

/** Runs every command once per round, in turn, so that changes in machine load hit all of them. */
function measure(commands: Command[], rounds: number): Sample[][] {
  // warm-up: file-system caches, V8's code cache and the format cache
  commands.forEach((command) => sample(command));
  const samples: Sample[][] = commands.map(() => []);
  for (let round = 0; round < rounds; round++) {
    commands.forEach((command, index) => samples[index]!.push(sample(command)));
  }
  return samples;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const row = (name: string, samples: Sample[]): string => {
  const wall = samples.map((s) => s.wall);
  const cpu = samples.map((s) => s.cpu);
  const ms = (value: number) => value.toFixed(0);
  return `| ${name} | ${ms(median(wall))} | ${ms(Math.min(...wall))} | ${ms(Math.max(...wall))} | ${ms(median(cpu))} |`;
};

ensureNestCli();
const restBin = join(root, 'bin/run.js');
if (!existsSync(join(root, 'dist/src/commands/new.js'))) {
  throw new Error('Build first: npm run build');
}
const restArgs = [
  restBin,
  'new',
  'bench-api',
  '--yes',
  '--skip-install',
  '--skip-git',
  '--database',
  values.database!,
];
const nestArgs = [
  nestBin,
  'new',
  'bench-api',
  '--skip-install',
  '--skip-git',
  '--package-manager',
  'npm',
];
const otherChoices = ['--auth-methods', 'password,github', '--envelope', '--refresh-tokens'];
const [rest, restFirst, restOther, restUncached, nest, startup] = measure(
  [
    { args: restArgs },
    { args: restArgs, firstRun: true },
    { args: [...restArgs, ...otherChoices], firstRun: true },
    { args: restArgs, env: { RESTSMITH_NO_FORMAT_CACHE: '1' } },
    { args: nestArgs },
    { args: [restBin, '--version'] },
  ],
  runs,
);
const load = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0];
console.log(
  `Node ${process.version}, ${runs} rounds after one warm-up, load average ${load}, ms\n`,
);
console.log('| command | median wall | min | max | median CPU (user+sys) |\n|---|---|---|---|---|');
const rows = [
  [`rest new --yes --skip-install --skip-git --database ${values.database}, a second run`, rest!],
  ['the same, a first run (only the entries packaged by the build)', restFirst!],
  [`a first run with other choices too (${otherChoices.join(' ')})`, restOther!],
  ['the same as the first row, format cache off', restUncached!],
  ['nest new --skip-install --skip-git (@nestjs/cli 12)', nest!],
  ['rest --version (oclif start-up alone)', startup!],
] as const;
for (const [name, samples] of rows) console.log(row(name, samples));
const ratio = (samples: Sample[], pick: (s: Sample) => number) =>
  (median(samples.map(pick)) / median(nest!.map(pick))).toFixed(2);
for (const [name, samples] of [
  ['rest new, second run', rest!],
  ['rest new, first run', restFirst!],
  ['rest new, first run, other choices', restOther!],
  ['rest new, format cache off', restUncached!],
] as const) {
  const wall = ratio(samples, (s) => s.wall);
  console.log(`${name} / nest new, medians: wall ${wall}, CPU ${ratio(samples, (s) => s.cpu)}`);
}
console.log('');
console.log(
  execFileSync('node', [join(import.meta.dirname, 'phases.mjs'), root, values.database!], {
    encoding: 'utf8',
  }),
);
