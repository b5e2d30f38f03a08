// Times `rest api` on a generated project without install (goal: under 1 s), against the CLI's own
// start-up (`rest --version`) in the same run. Run by hand after a build: npx tsx bench/generate/api.ts
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    database: { type: 'string', default: 'sqlite' },
  },
});
const runs = Number(values.runs);
const repository = resolve(import.meta.dirname, '../..');
// RESTSMITH_BIN: a built copy elsewhere (a checkout being rebuilt loses dist/ for a while).
const bin = process.env.RESTSMITH_BIN ?? join(repository, 'bin/run.js');
const API = [
  'api',
  'article',
  '--fields',
  'title:string content:text published:boolean views?:number tags:string[] publishedAt:date',
  '--owner',
  'author',
  '--admin',
  'DELETE',
  '--yes',
];

function rest(cwd: string, args: string[]): number {
  const start = performance.now();
  const result = spawnSync('node', [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  const elapsed = performance.now() - start;
  if (result.status !== 0) throw new Error(`rest ${args.join(' ')} failed:\n${result.stderr}`);
  return elapsed;
}

/** One project from `rest new`, copied fresh for every run so that each `rest api` adds a new resource. */
const work = mkdtempSync(join(tmpdir(), 'bench-api-'));
rest(work, [
  'new',
  'template',
  '--database',
  values.database!,
  '--yes',
  '--skip-install',
  '--skip-git',
]);

function timeApi(): number[] {
  const measured: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const project = join(work, `run-${run}`);
    cpSync(join(work, 'template'), project, { recursive: true });
    const elapsed = rest(project, API);
    rmSync(project, { recursive: true, force: true });
    if (run > 0) measured.push(elapsed);
  }
  return measured;
}

function timeStartUp(): number[] {
  const measured: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const elapsed = rest(work, ['--version']);
    if (run > 0) measured.push(elapsed);
  }
  return measured;
}

const median = (numbers: number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const row = (name: string, numbers: number[]): string =>
  `| ${name} | ${median(numbers).toFixed(0)} | ${Math.min(...numbers).toFixed(0)} | ${Math.max(...numbers).toFixed(0)} |`;

try {
  const startUp = timeStartUp();
  const api = timeApi();
  console.log(
    `${runs} runs after one warm-up, ${values.database} project, Node ${process.version}\n`,
  );
  console.log('| Command | median ms | min | max |');
  console.log('|---|---|---|---|');
  console.log(row('`rest --version` (CLI start-up, baseline)', startUp));
  console.log(
    row('`rest api article --fields <6 types> --owner author --admin DELETE --yes`', api),
  );
  console.log(
    `\n\`rest api\` takes ${(median(api) / median(startUp)).toFixed(1)}x the CLI start-up; ` +
      `${(median(api) - median(startUp)).toFixed(0)} ms of its own. Goal: under 1000 ms.`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
