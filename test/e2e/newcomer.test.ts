// Issue 31's proof: a newcomer follows the README. `rest new ../my-api --yes` (the set-up command) makes a
// project that needs no database server, installs it for real, and prints how to start it and what to
// curl; the printed steps are then run as printed: `npm run dev`, and the curl lines against it.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectEnv, repository, run, startScript } from './project.js';

const LONG = 900_000;

describe('a newcomer follows the README', () => {
  it(
    "the README's rest new ../my-api --yes, run in the clone, makes a SQLite project that starts as printed and answers the printed curl lines",
    async () => {
      // The README's set-up command, as written, run in a clone: a folder with restsmith's package.json
      // (this repository's bin/run.js stands for the clone's own).
      const setUp = /^npm install && \.\/bin\/run\.js (new [^#]+?)\s+#/m.exec(
        readFileSync(join(repository, 'README.md'), 'utf8'),
      );
      expect(setUp, 'the README names its set-up command').not.toBeNull();
      const parent = mkdtempSync(join(tmpdir(), 'newcomer-'));
      const clone = join(parent, 'restsmith');
      mkdirSync(clone);
      copyFileSync(join(repository, 'package.json'), join(clone, 'package.json'));
      try {
        const made = run(
          'node',
          [join(repository, 'bin/run.js'), ...setUp![1]!.split(/\s+/)],
          clone,
        );
        expect(made.status, made.output).toBe(0);
        expect(made.output).toContain(
          'SQLite: the database is a file in .data/, nothing to install',
        );
        const steps = made.output.slice(made.output.indexOf('Next steps:')).split('\n');
        expect(steps.map((line) => line.trim())).toEqual(
          expect.arrayContaining(['cd ../my-api', 'npm run dev']),
        );
        const dir = join(parent, 'my-api');
        const server = await startScript(dir, 'dev', {});
        try {
          // The printed lines, run as printed in the project folder; only the port is the test's own.
          const printed = steps
            .map((line) => line.trim())
            .filter((line) => line.startsWith('export ') || line.startsWith('curl '))
            .map((line) => line.replaceAll('http://localhost:9000', server.url));
          expect(printed).toHaveLength(4);
          const shell = (lines: string[]) =>
            execFileSync('bash', ['-ec', lines.join('\n')], {
              cwd: dir,
              env: projectEnv({}),
              encoding: 'utf8',
            });
          const [exported, signUp, signIn, me] = printed as [string, string, string, string];
          const user = JSON.parse(shell([exported, `${signUp} -s`])) as {
            id: string;
            email: string;
          };
          expect(user.email).toBe('ada@example.com');
          const { token } = JSON.parse(shell([exported, `${signIn} -s`])) as { token: string };
          expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
          const shown = JSON.parse(
            shell([`${me.replace('<token from the sign-in>', token)} -s`]),
          ) as { id: string };
          expect(shown.id).toBe(user.id);
        } finally {
          await server.stop();
        }
      } finally {
        rmSync(parent, { recursive: true, force: true });
      }
    },
    LONG,
  );
});
