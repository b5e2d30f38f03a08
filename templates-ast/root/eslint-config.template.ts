// eslint.config.mjs: typescript-eslint's type-aware recommended rules over sources and tests.
import type { TextFile } from '../../src/engine/generated-file.js';

const lines = [
  '// @ts-check',
  "import eslint from '@eslint/js';",
  "import globals from 'globals';",
  "import tseslint from 'typescript-eslint';",
  '',
  'export default tseslint.config(',
  "  { ignores: ['dist', 'coverage', 'docs', 'eslint.config.mjs', 'scripts', 'client'] },",
  '  eslint.configs.recommended,',
  '  ...tseslint.configs.recommendedTypeChecked,',
  '  {',
  '    languageOptions: {',
  '      globals: { ...globals.node, ...globals.jest },',
  '      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },',
  '    },',
  '  },',
  '  {',
  '    // supertest and jest hand out `any` bodies and mocks.',
  "    files: ['test/**/*.ts', 'src/**/*.spec.ts'],",
  '    rules: {',
  "      '@typescript-eslint/no-unsafe-argument': 'off',",
  "      '@typescript-eslint/no-unsafe-assignment': 'off',",
  "      '@typescript-eslint/no-unsafe-call': 'off',",
  "      '@typescript-eslint/no-unsafe-member-access': 'off',",
  "      '@typescript-eslint/no-unsafe-return': 'off',",
  "      '@typescript-eslint/unbound-method': 'off',",
  '    },',
  '  },',
  ');',
  '',
];

export const eslintConfigTemplate = (): TextFile => ({
  kind: 'text',
  path: 'eslint.config.mjs',
  format: true,
  text: lines.join('\n'),
});
