// What the matrix prints: the combinations it built (flags and commands) and, per project, what passed and how long.
import type { Built } from './project-run.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

export function printTable(built: Built[]): void {
  const lines = built.flatMap(({ name, commands }) => [
    `${name}: ${commands[0]}`,
    ...commands.slice(1).map((command) => `${' '.repeat(name.length + 2)}${command}`),
  ]);
  console.log(`Combinations built (${built.length}):\n${lines.join('\n')}`);
}

export function printResults(built: Built[]): void {
  const lines = built.map(({ name, row, checks, ms, skipped }) => {
    const failed = checks.filter((check) => !check.ok).map((check) => check.name);
    const passed = checks
      .filter((check) => check.ok)
      .map((check) => `${check.name} ${seconds(check.ms)}`);
    const verdict = failed.length ? `FAILED ${failed.join(', ')}` : 'passed';
    const note = skipped ? ` (database checks skipped: ${skipped})` : '';
    return `${name} ${row.database} ${seconds(ms)} ${verdict}${note}: ${passed.join(', ')}`;
  });
  console.log(`Matrix results:\n${lines.join('\n')}`);
}
