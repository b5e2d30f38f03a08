// .gitignore: secrets (.env), local data (.data/) and build output stay out of git.
import type { TextFile } from '../../src/engine/generated-file.js';

export const gitignoreTemplate = (): TextFile => ({
  kind: 'text',
  path: '.gitignore',
  text: ['node_modules/', 'dist/', 'coverage/', '*.tsbuildinfo', '.env', '.data/', ''].join('\n'),
});
