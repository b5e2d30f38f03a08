import { execFileSync } from 'node:child_process';
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

  it('prints help that names the binary', () => {
    expect(run('--help')).toContain('$ rest [COMMAND]');
  });
});
