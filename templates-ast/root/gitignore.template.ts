// .gitignore: secrets (.env), local data (.data/) and build output stay out of git.
import type { TextFile } from '../../src/engine/generated-file.js';

export const gitignoreTemplate = (): TextFile => ({
  kind: 'text',
  path: '.gitignore',
  text: ['node_modules/', 'dist/', 'coverage/', '*.tsbuildinfo', '.env', '.data/', ''].join('\n'),
});

/** .gitattributes: the record rest upgrade merges from is generated, so diffs and pull requests fold it. */
export const gitattributesTemplate = (): TextFile => ({
  kind: 'text',
  path: '.gitattributes',
  text: '.restsmith/base.json -diff linguist-generated=true\n',
});
