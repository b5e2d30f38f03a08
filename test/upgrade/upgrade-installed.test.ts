// Issue 34's proof: a project made by an earlier restsmith (built from git here), edited by hand, upgraded by
// this one: the hand edits stay byte for byte, the templates' changes arrive, a clash is marked and listed,
// and the project passes its own lint, type-check and tests on SQLite and PostgreSQL.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkProject, passed } from '../e2e/checks.js';
import { linkDependencies, postgresDatabase, repository, rest, run } from '../api/project.js';

const LONG = 1_500_000;
/**
 * The restsmith before the request log's single JSON.stringify (557107d) and GraphQL's shared access
 * guards (0d904f5): its projects differ from today's in app.setup.ts, access.decorator.ts, app-logger.ts,
 * request-logger.ts and rate-limit.ts, and have no record of their generated output.
 */
const EARLIER = '5dd9d0d';
const earlier = join(repository, `.tmp/restsmith-${EARLIER}`);
const work = join(repository, '.tmp/upgrade-projects');

/** The earlier restsmith, built from git: its sources from `git archive`, this checkout's node_modules linked (its dependencies are a subset). */
function buildEarlier(): void {
  if (existsSync(join(earlier, 'dist/templates-ast/project.js'))) return;
  rmSync(earlier, { recursive: true, force: true });
  mkdirSync(earlier, { recursive: true });
  const archive = run('sh', ['-c', `git archive ${EARLIER} | tar -x -C "${earlier}"`], repository);
  if (archive.status !== 0) {
    throw new Error(
      `cannot read commit ${EARLIER} of this clone (a shallow clone? git fetch --unshallow):\n${archive.output}`,
    );
  }
  passed(
    'link node_modules',
    run('cp', ['-al', join(repository, 'node_modules'), earlier], repository),
  );
  passed('npm run build (earlier restsmith)', run('npm', ['run', 'build'], earlier));
}

const earlierRest = (cwd: string, ...args: string[]) =>
  run('node', [join(earlier, 'bin/run.js'), ...args], cwd, { OCLIF_COLUMNS: '400' });

const git = (dir: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], dir);

/** Five hand edits of the kinds the issue names; each is a [file, text before, text after] replacement. */
const HAND_EDITS: [string, string | RegExp, string][] = [
  [
    'src/users/users.service.ts',
    /\n}\n$/,
    '\n\n  /** Written by hand: a greeting. */\n  greeting(name: string): string {\n    return `Hello, ${name}`;\n  }\n}\n',
  ],
  [
    'src/common/master-key.guard.ts',
    'canActivate(context: ExecutionContext): boolean {\n',
    'canActivate(context: ExecutionContext): boolean {\n    // Written by hand: back ends send the master key; nothing else is checked here.\n',
  ],
  ['src/main.ts', ' listening on http://', ' (edited by hand) listening on http://'],
  [
    'src/app.module.ts',
    '  providers: [',
    '  // Written by hand: the guard every route passes.\n  providers: [',
  ],
  [
    'test/app.e2e-spec.ts',
    /\n}\);\n$/,
    `\n\n  it('written by hand: answers 404 to another unknown route', async () => {\n    await http().get('/also-not-a-route').expect(404);\n  });\n});\n`,
  ],
];

/** A clash on purpose: the admin level's guards, which the newer access.decorator.ts rewrites. */
const CLASH: [string, string, string] = [
  'src/common/access.decorator.ts',
  'return UseGuards(JwtAuthGuard, AdminGuard);',
  'return UseGuards(JwtAuthGuard, AdminGuard); // hand: admins only',
];

function edit(dir: string, [file, before, after]: [string, string | RegExp, string]): string {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  const edited = text.replace(before, after);
  if (edited === text) throw new Error(`${file}: ${String(before)} not found`);
  writeFileSync(path, edited);
  return edited;
}

describe.each(['sqlite', 'postgres'] as const)(
  'rest upgrade of a %s project made by an earlier restsmith',
  (database) => {
    const db = database === 'postgres' ? postgresDatabase('restsmith_upgrade_tests') : undefined;
    if (db?.reason && process.env.RESTSMITH_REQUIRE_POSTGRES) throw new Error(db.reason);
    if (db?.reason) console.warn(`skipped: rest upgrade on postgres (${db.reason})`);

    beforeAll(() => buildEarlier(), LONG);

    it.skipIf(Boolean(db?.reason))(
      'keeps five hand edits byte for byte, brings the template changes, marks a clash, and the project passes its own checks',
      () => {
        mkdirSync(work, { recursive: true });
        const name = `upgrade-${database}`;
        const dir = join(work, name);
        rmSync(dir, { recursive: true, force: true });
        passed(
          'rest new (earlier)',
          earlierRest(
            work,
            'new',
            name,
            '--database',
            database,
            '--yes',
            '--skip-install',
            '--skip-git',
            '--force',
          ),
        );
        passed(
          'rest api (earlier)',
          earlierRest(
            dir,
            'api',
            'article',
            '--fields',
            'title body:text',
            '--owner',
            'author',
            '--yes',
          ),
        );
        expect(existsSync(join(dir, '.restsmith/base.json'))).toBe(false);
        const edited = new Map(HAND_EDITS.map((change) => [change[0], edit(dir, change)]));
        if (database === 'sqlite') edit(dir, CLASH);
        passed('git commit', git(dir, 'init', '-q'));
        passed('git commit', git(dir, 'add', '-A'));
        passed('git commit', git(dir, 'commit', '-qm', 'made by an earlier restsmith, edited'));

        // Without a record of the earlier output: refused, naming the fix.
        const refused = rest(dir, 'upgrade');
        expect(refused.status).not.toBe(0);
        expect(refused.output).toMatch(/no record of what restsmith generated/);
        expect(refused.output).toMatch(/--base-from/);
        // A dirty tree: refused.
        writeFileSync(join(dir, 'notes.txt'), 'uncommitted\n');
        const dirty = rest(dir, 'upgrade', '--base-from', earlier);
        expect(dirty.output).toMatch(/uncommitted changes \(1: notes\.txt\)/);
        rmSync(join(dir, 'notes.txt'));

        const dry = rest(dir, 'upgrade', '--base-from', earlier, '--dry-run');
        expect(dry.output).toMatch(/modify\s+src\/app\.setup\.ts/);
        expect(dry.output).toMatch(/Dry run: nothing was written/);
        expect(git(dir, 'status', '--porcelain').output).toBe('');

        const upgraded = rest(dir, 'upgrade', '--base-from', earlier);
        const setup = readFileSync(join(dir, 'src/app.setup.ts'), 'utf8');
        expect(setup).toMatch(/export const VALIDATION/);
        expect(readFileSync(join(dir, 'src/common/app-logger.ts'), 'utf8')).toMatch(/writeLine/);
        expect(existsSync(join(dir, '.gitattributes'))).toBe(true);
        // Hand edits: files the upgrade did not need to change are byte for byte as edited; the others hold the edit.
        for (const [file, text] of edited) {
          const now = readFileSync(join(dir, file), 'utf8');
          if (file === 'src/app.module.ts')
            expect(now).toContain(
              '// Written by hand: the guard every route passes.\n  providers: [',
            );
          else expect(now, file).toBe(text);
        }
        const changed = git(dir, 'status', '--porcelain').output;
        expect(changed).not.toMatch(/users\.service|master-key\.guard|main\.ts|app\.e2e-spec/);

        if (database === 'sqlite') {
          expect(upgraded.status, upgraded.output).toBe(1);
          expect(upgraded.output).toMatch(
            /1 file\(s\) have conflicts[^\n]*\n\s+src\/common\/access\.decorator\.ts/,
          );
          const clashed = readFileSync(join(dir, CLASH[0]), 'utf8');
          expect(clashed).toMatch(
            /<<<<<<< yours\n[^=]*admins only[^=]*\n=======\n[\s\S]*?>>>>>>> restsmith /,
          );
          expect(clashed).toMatch(/ACCESS_GUARDS\[level\]/);
          // Resolved as most would: restsmith's side.
          writeFileSync(
            join(dir, CLASH[0]),
            clashed.replace(
              /<<<<<<< yours\n[\s\S]*?\n=======\n([\s\S]*?)>>>>>>> restsmith [^\n]*\n/g,
              '$1',
            ),
          );
        } else expect(upgraded.status, upgraded.output).toBe(0);
        passed('git commit', git(dir, 'add', '-A'));
        passed('git commit', git(dir, 'commit', '-qm', 'rest upgrade'));

        // Recorded now: a second upgrade finds nothing to do.
        const again = rest(dir, 'upgrade');
        expect(again.status, again.output).toBe(0);
        expect(again.output).toMatch(/up to date/);
        expect(git(dir, 'status', '--porcelain').output).toBe('');

        linkDependencies(dir);
        checkProject(dir, db?.url ? { DATABASE_URL: db.url } : {});
      },
      LONG,
    );
  },
);
