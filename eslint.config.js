// ESLint flat config: typescript-eslint's recommended rules over sources, tests and benchmarks.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', '.tmp', 'test/fixtures/**/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // An ES import of ts-morph's values makes Node scan its 1 MB CommonJS file on every run (see
    // src/loader/ts-morph.ts); types may come from 'ts-morph' itself.
    files: ['src/**/*.ts', 'templates-ast/**/*.ts'],
    ignores: ['src/loader/ts-morph.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'ts-morph',
              message: "Import ts-morph's values from src/loader/ts-morph.js.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
