// bench/api-server's table: each route's req/s and CPU, and its ratios to the baselines of the same run.
import { loadavg } from 'node:os';
import type { Measured } from './load.js';
import type { Database, Http } from './project.js';

export interface Row {
  name: string;
  measured: Measured;
  /** raw node:http, the bare NestJS app, the peer app (peer-nest.mjs) or a generated project. */
  kind: 'raw' | 'bare' | 'peer' | 'generated';
  http?: Http;
  database?: Database;
  route?: 'read' | 'list';
  /** Every round's figures, when the routes were loaded in rounds (`measured` is the median one). */
  rounds?: Measured[];
}

const ratio = (value: number, base: number | undefined) =>
  base === undefined ? '' : `${(value / base).toFixed(2)}x`;

/**
 * The req/s of a row over its baseline's: of their median rounds, then, when loaded in rounds, the
 * lowest and highest of round over the same round.
 */
function roundRatio(row: Row, base: Row | undefined): string {
  if (!base) return '';
  const median = ratio(row.measured.rate, base.measured.rate);
  const mine = row.rounds ?? [];
  const theirs = base.rounds ?? [];
  if (mine.length < 2 || theirs.length !== mine.length) return median;
  const each = mine.map((round, index) => round.rate / theirs[index]!.rate);
  return `${median} (${Math.min(...each).toFixed(2)}-${Math.max(...each).toFixed(2)})`;
}

/** The route's req/s over the baseline's, where the run has that baseline. */
function ratios(row: Row, rows: Row[]): string[] {
  const bares = rows.filter((other) => other.kind === 'bare');
  const bareExpress = (bares.find((bare) => bare.http === 'express') ?? bares[0])?.measured;
  const bareSame = row.http && bares.find((bare) => bare.http === row.http)?.measured;
  const peer = row.route
    ? rows.find(
        (other) =>
          other.kind === 'peer' &&
          other.http === row.http &&
          other.database === row.database &&
          other.route === row.route,
      )
    : undefined;
  const { rate, cpu } = row.measured;
  return [
    ratio(rate, bareExpress?.rate),
    ratio(rate, bareSame?.rate),
    roundRatio(row, peer),
    cpu.toFixed(1),
    bareExpress ? `${(bareExpress.cpu / cpu).toFixed(2)}x` : '',
  ];
}

/**
 * The table, with req/s as ratios to the bare app on Express (else the first bare app), to the bare app
 * on the same platform, and to the peer app of the same platform, database and route.
 */
export function report(rows: Row[], header: string): void {
  const load = loadavg().map((value) => value.toFixed(2));
  console.log(`${header}, load average ${load.join(' ')}, ${new Date().toISOString()}\n`);
  console.log(
    [
      '| route | req/s | vs bare NestJS on Express | vs bare NestJS, same platform | vs peer app, same platform and database (lowest-highest round) | server CPU µs/req | CPU efficiency vs bare NestJS on Express | PostgreSQL CPU µs/req | total CPU µs/req |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ].join('\n'),
  );
  for (const row of rows) {
    const { rate, cpu, databaseCpu } = row.measured;
    const database =
      databaseCpu === undefined
        ? ['', '']
        : [databaseCpu, cpu + databaseCpu].map((value) => value.toFixed(1));
    console.log(
      `| ${[row.name, Math.round(rate), ...ratios(row, rows), ...database].join(' | ')} |`,
    );
  }
}
