// scripts/coverage.mjs: runs the tests with coverage, then opens the HTML report when run in a terminal.
import type { TextFile } from '../../src/engine/generated-file.js';

const lines = [
  "import { spawnSync } from 'node:child_process';",
  '',
  'const jest = spawnSync(',
  '  process.execPath,',
  "  ['--experimental-vm-modules', './node_modules/jest/bin/jest.js', '--coverage', ...process.argv.slice(2)],",
  "  { stdio: 'inherit' },",
  ');',
  "const report = 'coverage/index.html';",
  '// CI and pipes get the summary only; a person at a terminal gets the report in a browser.',
  'if (process.stdout.isTTY && jest.status === 0) {',
  "  const opener = { darwin: 'open', win32: 'explorer' }[process.platform] ?? 'xdg-open';",
  "  spawnSync(opener, [report], { stdio: 'ignore' });",
  '  console.log(`Coverage report: ${report}`);',
  '}',
  'process.exit(jest.status ?? 1);',
  '',
];

export const coverageScriptTemplate = (): TextFile => ({
  kind: 'text',
  path: 'scripts/coverage.mjs',
  format: true,
  text: lines.join('\n'),
});
