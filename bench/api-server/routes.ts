// bench/api-server's loads, route by route, of the servers run.ts has started and seeded.
import type { ChildProcess } from 'node:child_process';
import { load } from './load.js';
import type { Http, Variant } from './project.js';
import type { Row } from './report.js';

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

/** The loads, route by route: the baselines, every project's read beside its peer's, then the lists. */
export function loadRoutes(
  raw: ChildProcess,
  bares: Array<{ http: Http; bare: ChildProcess; bareUrl: string }>,
  seeded: Seeded[],
  { duration, listCache }: { duration: number; listCache: string[] },
): Row[] {
  const id = seeded[0]!.id;
  const rows: Row[] = [
    {
      name: 'raw node:http, the same JSON',
      kind: 'raw',
      measured: load(raw, 'http://127.0.0.1:9300/', duration),
    },
  ];
  for (const { http, bare, bareUrl } of bares)
    rows.push({
      name: `bare NestJS app on ${http}, GET /users/:id answering the same JSON`,
      kind: 'bare',
      http,
      measured: load(bare, `${bareUrl}/users/${id}`, duration),
    });
  const pg = (project: Running) => (project.database === 'postgres' ? project.store : undefined);
  const of = ({ http, database }: Variant) => ({ http, database });
  for (const project of seeded) {
    const read = (base: string, api: ChildProcess) =>
      load(api, `${base}/users/${project.id}`, duration, {}, pg(project));
    rows.push({
      name: `${label(project)}: GET /users/:id (public)`,
      kind: 'generated',
      ...of(project),
      route: 'read',
      measured: read(project.base, project.api),
    });
    rows.push({
      name: `${label(project)}: peer app, GET /users/:id`,
      kind: 'peer',
      ...of(project),
      route: 'read',
      measured: read(project.peer!.base, project.peer!.api),
    });
  }
  for (const project of seeded) {
    const loadList = (base: string, api: ChildProcess, headers: Record<string, string>) =>
      load(api, `${base}${list}`, duration, headers, pg(project));
    const admin = { authorization: `Bearer ${project.token}` };
    const generated = { kind: 'generated', ...of(project), route: 'list' } as const;
    if (listCache.includes('on'))
      rows.push({
        name: `${label(project)}: GET ${list} (admin)`,
        ...generated,
        measured: loadList(project.base, project.api, admin),
      });
    if (project.cold)
      rows.push({
        name: `${label(project)}: the same list, LIST_CACHE_PAGES=0`,
        ...generated,
        measured: loadList(project.cold.base, project.cold.api, admin),
      });
    rows.push({
      name: `${label(project)}: peer app, the same list (findAndCount, no guard)`,
      kind: 'peer',
      ...of(project),
      route: 'list',
      measured: loadList(project.peer!.base, project.peer!.api, {}),
    });
  }
  return rows;
}
