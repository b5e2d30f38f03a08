// bench/api-server's loads, route by route, of the servers run.ts has started and seeded.
import type { ChildProcess } from 'node:child_process';
import { load } from './load.js';
import type { Http, Variant } from './project.js';
import type { Row } from './report.js';
import type { Measured } from './load.js';

export interface Running extends Variant {
  api: ChildProcess;
  /** The same project on the same database with LIST_CACHE_PAGES=0 (--list-cache=off). */
  cold?: { api: ChildProcess; base: string };
  /** peer-nest.mjs on the same platform, reading this project's database. */
  peer?: { api: ChildProcess; base: string };
  base: string;
  /** The SQLite file, or the PostgreSQL database's name. */
  store: string;
}

export interface Seeded extends Running {
  token: string;
  id: string;
}

const label = ({ http, database }: Variant) => `${http}, ${database}`;
const list = '/users?q=user&page=2&limit=10&sort=-createdAt';

/** A route to load and the row its figures go to. */
interface Slot {
  row: Omit<Row, 'measured'>;
  run: (warm: boolean) => Measured;
}

/**
 * The loads: the baselines, every project's read beside its peer's, then the lists. With `rounds` > 1
 * each group (the bare apps; a project's read and its peer's; a project's lists and its peer's) is
 * loaded that many times in turn, its order reversed every other round, so that a change in the
 * machine's load falls on both sides of a ratio; a row's figures are its median round (by req/s), and
 * its `rounds` keep every round for the ratios of round against round.
 */
export function loadRoutes(
  raw: ChildProcess,
  bares: Array<{ http: Http; bare: ChildProcess; bareUrl: string }>,
  seeded: Seeded[],
  { duration, listCache, rounds }: { duration: number; listCache: string[]; rounds: number },
): Row[] {
  const id = seeded[0]!.id;
  const groups: Slot[][] = [
    [
      {
        row: { name: 'raw node:http, the same JSON', kind: 'raw' },
        run: (warm) => load(raw, 'http://127.0.0.1:9300/', duration, {}, undefined, warm),
      },
    ],
    bares.map(({ http, bare, bareUrl }) => ({
      row: {
        name: `bare NestJS app on ${http}, GET /users/:id answering the same JSON`,
        kind: 'bare',
        http,
      },
      run: (warm) => load(bare, `${bareUrl}/users/${id}`, duration, {}, undefined, warm),
    })),
  ];
  const pg = (project: Running) => (project.database === 'postgres' ? project.store : undefined);
  const of = ({ http, database }: Variant) => ({ http, database });
  for (const project of seeded) {
    const read = (base: string, api: ChildProcess) => (warm: boolean) =>
      load(api, `${base}/users/${project.id}`, duration, {}, pg(project), warm);
    groups.push([
      {
        row: {
          name: `${label(project)}: GET /users/:id (public)`,
          kind: 'generated',
          ...of(project),
          route: 'read',
        },
        run: read(project.base, project.api),
      },
      {
        row: {
          name: `${label(project)}: peer app, GET /users/:id`,
          kind: 'peer',
          ...of(project),
          route: 'read',
        },
        run: read(project.peer!.base, project.peer!.api),
      },
    ]);
  }
  for (const project of seeded) {
    const loadList =
      (base: string, api: ChildProcess, headers: Record<string, string>) => (warm: boolean) =>
        load(api, `${base}${list}`, duration, headers, pg(project), warm);
    const admin = { authorization: `Bearer ${project.token}` };
    const generated = { kind: 'generated', ...of(project), route: 'list' } as const;
    const group: Slot[] = [];
    if (listCache.includes('on'))
      group.push({
        row: { name: `${label(project)}: GET ${list} (admin)`, ...generated },
        run: loadList(project.base, project.api, admin),
      });
    if (project.cold) {
      const { base, api } = project.cold;
      group.push({
        row: { name: `${label(project)}: the same list, LIST_CACHE_PAGES=0`, ...generated },
        run: loadList(base, api, admin),
      });
    }
    group.push({
      row: {
        name: `${label(project)}: peer app, the same list (findAndCount, no guard)`,
        kind: 'peer',
        ...of(project),
        route: 'list',
      },
      run: loadList(project.peer!.base, project.peer!.api, {}),
    });
    groups.push(group);
  }
  const measured = new Map<Slot, Measured[]>();
  for (const group of groups)
    for (let round = 0; round < rounds; round += 1)
      for (const slot of round % 2 === 0 ? group : [...group].reverse())
        measured.set(slot, [...(measured.get(slot) ?? []), slot.run(round === 0)]);
  return groups.flat().map((slot) => {
    const all = measured.get(slot)!;
    const median = [...all].sort((a, b) => a.rate - b.rate)[Math.floor(all.length / 2)]!;
    return { ...slot.row, measured: median, rounds: all };
  });
}
