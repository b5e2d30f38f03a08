import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const run = (...args: string[]) =>
  execFileSync('node', ['bin/run.js', ...args], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });

describe('rest (the built CLI)', () => {
  it('prints its version from package.json', () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect(run('--version')).toContain(`restsmith/${version}`);
  });

  it('runs its compiled code quietly whatever NODE_ENV says (oclif would look for TypeScript sources)', () => {
    for (const mode of ['development', 'test']) {
      const result = spawnSync('node', ['bin/run.js', '--version'], {
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: mode },
      });
      expect(result.status, mode).toBe(0);
      expect(result.stderr, mode).toBe('');
    }
  });

  it('prints help that names the binary', () => {
    expect(run('--help')).toContain('$ rest [COMMAND]');
  });

  it('names the closest command for a mistyped one, and exits with 127', () => {
    const mistyped = spawnSync('node', ['bin/run.js', 'nwe', 'my-api'], {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
    });
    expect(mistyped.status).toBe(127);
    expect(mistyped.stderr).toContain('Error: "nwe" is not a rest command.');
    expect(mistyped.stderr).toContain('Try this: rest new (or rest --help for every command)');
    const inTopic = spawnSync('node', ['bin/run.js', 'schema', 'prnt'], { encoding: 'utf8' });
    expect(inTopic.stderr).toContain('Try this: rest schema print');
  });

  it('offers only --help when no command is close', () => {
    const unknown = spawnSync('node', ['bin/run.js', 'xyzzy'], { encoding: 'utf8' });
    expect(unknown.status).toBe(127);
    expect(unknown.stderr).toContain('Try this: rest --help for every command');
    expect(unknown.stderr).not.toContain('(or');
  });
});
