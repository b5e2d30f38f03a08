// Bench: restsmith/schema serialize against graphql-js printSchema, same schemas, same process: a rich
// schema (links with arguments and defaults, an interface, descriptions) and a plain one (scalar fields only).
// Run: npx tsx bench/schema/serialize.ts [typeCount] [rich|plain]
import { printSchema, type GraphQLSchema } from 'graphql';
import { SchemaSerializer, type Schema } from '../../src/schema/index.js';
import { buildGraphqlJs, buildOurs, buildPlainGraphqlJs, buildPlainOurs } from './fixture.js';
import { layoutDifferences } from './layout.js';

const typeCount = Number(process.argv[2] ?? 10_000);
const only = process.argv[3];
const warmUps = 3;
const runs = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

interface Timing {
  wall: number;
  cpu: number;
}

/** Wall-clock and CPU milliseconds: on a shared machine the CPU time is the steadier figure. */
function time(task: () => string): Timing {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  task();
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

function medians(timings: Timing[]): Timing {
  return { wall: median(timings.map((t) => t.wall)), cpu: median(timings.map((t) => t.cpu)) };
}

/** Alternates the two printers so neither always runs on a warmer or colder heap. */
function measure(ours: () => string, theirs: () => string): { ours: Timing; theirs: Timing } {
  for (let i = 0; i < warmUps; i++) {
    ours();
    theirs();
  }
  const oursTimes: Timing[] = [];
  const theirTimes: Timing[] = [];
  for (let i = 0; i < runs; i++) {
    oursTimes.push(time(ours));
    theirTimes.push(time(theirs));
  }
  return { ours: medians(oursTimes), theirs: medians(theirTimes) };
}

const row = (label: string, t: Timing) =>
  `${label.padEnd(28)}${t.wall.toFixed(1).padStart(8)} ms wall ${t.cpu.toFixed(1).padStart(8)} ms cpu`;

const serializer = new SchemaSerializer();
const cases: { name: string; what: string; build: () => [Schema, GraphQLSchema] }[] = [
  {
    name: 'rich',
    what: 'object types x 10 fields (scalars, lists, links with arguments, descriptions)',
    build: () => [buildOurs(typeCount), buildGraphqlJs(typeCount)],
  },
  {
    name: 'plain',
    what: 'object types x 10 fields of String!, [Int] and String, no descriptions',
    build: () => [buildPlainOurs(typeCount), buildPlainGraphqlJs(typeCount)],
  },
];

console.log(`node ${process.version}, median of ${runs} runs after ${warmUps} warm-ups`);
for (const { name, what, build } of cases) {
  if (only && only !== name) continue;
  const [ourSchema, theirSchema] = build();
  const ourText = serializer.serialize(ourSchema);
  const differences = layoutDifferences(ourText, printSchema(theirSchema));
  if (differences.length > 0) {
    console.error(
      `${name}: texts differ beyond the documented layout differences (${differences.length}):`,
    );
    console.error(differences.slice(0, 3).join('\n\n'));
    process.exit(1);
  }
  const { ours, theirs } = measure(
    () => serializer.serialize(ourSchema),
    () => printSchema(theirSchema),
  );
  console.log(`\n${name}: ${typeCount} ${what}, ${(ourText.length / 1e6).toFixed(2)} MB of SDL`);
  console.log(row('restsmith/schema serialize', ours));
  console.log(row('graphql-js printSchema', theirs));
  const ratio = (key: keyof Timing) => (theirs[key] / ours[key]).toFixed(1);
  console.log(
    `${'ratio (graphql-js / ours)'.padEnd(28)}${ratio('wall').padStart(8)}x wall ${ratio('cpu').padStart(8)}x cpu`,
  );
  console.log('texts equal modulo the documented layout differences: yes');
}
