// .prettierrc: the formatting the generated files already have, so `npm run format` changes nothing.
import type { JsonFile } from '../../src/engine/generated-file.js';

export const prettierrcTemplate = (): JsonFile => ({
  kind: 'json',
  path: '.prettierrc',
  data: { singleQuote: true, trailingComma: 'all' },
});
