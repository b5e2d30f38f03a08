// Bench: restsmith/schema serialize against graphql-js printSchema, same schema, same process.
// Run: npx tsx bench/schema/serialize.ts [typeCount]
import { printSchema } from 'graphql';
import { SchemaSerializer } from '../../src/schema/index.js';
import { buildGraphqlJs, buildOurs } from './fixture.js';
import { layoutDifferences } from './layout.js';

const typeCount = Number(process.argv[2] ?? 10_000);
const warmUps = 3;
const runs = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function time(task: () => string): number {
  const start = performance.now();
  task();
  return performance.now() - start;
}

/** Alternates the two printers so neither always runs on a warmer or colder heap. */
function measure(ours: () => string, theirs: () => string): { ours: number; theirs: number } {
  for (let i = 0; i < warmUps; i++) {
    ours();
    theirs();
  }
  const oursTimes: number[] = [];
  const theirTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    oursTimes.push(time(ours));
    theirTimes.push(time(theirs));
  }
  return { ours: median(oursTimes), theirs: median(theirTimes) };
}

const serializer = new SchemaSerializer();
const ourSchema = buildOurs(typeCount);
const theirSchema = buildGraphqlJs(typeCount);
const ourText = serializer.serialize(ourSchema);
const theirText = printSchema(theirSchema);

const differences = layoutDifferences(ourText, theirText);
if (differences.length > 0) {
  console.error(`texts differ beyond the documented layout differences (${differences.length}):`);
  console.error(differences.slice(0, 3).join('\n\n'));
  process.exit(1);
}

const { ours, theirs } = measure(
  () => serializer.serialize(ourSchema),
  () => printSchema(theirSchema),
);
console.log(
  `schema: ${typeCount} object types x 10 fields, ${(ourText.length / 1e6).toFixed(2)} MB of SDL`,
);
console.log(`node ${process.version}, median of ${runs} runs after ${warmUps} warm-ups`);
console.log(`restsmith/schema serialize  ${ours.toFixed(1)} ms`);
console.log(`graphql-js printSchema      ${theirs.toFixed(1)} ms`);
console.log(`ratio                       ${(theirs / ours).toFixed(1)}x faster`);
console.log('texts equal modulo the documented layout differences: yes');
