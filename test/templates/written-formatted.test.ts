// README.md and compose.yaml are written in prettier's format by their templates, so `rest new` does
// not load prettier's markdown and YAML plugins for them (a third of a second of its CPU time).
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { projectFiles } from '../../templates-ast/project.js';
import { DATABASES, type ProjectOptions } from '../../src/model/project.js';
import { projectFixture } from '../api/fixture-options.js';

/** Every choice that adds or changes a README section or a compose service. */
const EVERYTHING: Partial<ProjectOptions> = {
  name: 'shop_api',
  signInOnCreate: true,
  refreshTokens: true,
  passwordReset: true,
  apiRoot: '/api/v1',
  forceHttps: true,
  envelope: true,
  emailConfirmation: true,
  authMethods: ['password', 'facebook', 'github', 'google'],
  packageManager: 'pnpm',
};

const variants = DATABASES.flatMap((database) => [
  { label: `${database}, defaults`, options: projectFixture(database) },
  { label: `${database}, every choice`, options: projectFixture(database, [], EVERYTHING) },
  {
    label: `${database}, social sign-in only`,
    options: projectFixture(database, [], {
      ...EVERYTHING,
      passwordReset: false,
      authMethods: ['github', 'google'],
    }),
  },
  {
    label: `${database}, no accounts`,
    options: projectFixture(database, [], {
      auth: false,
      name: '@team/api',
      packageManager: 'yarn',
    }),
  },
]);

describe('files written in prettier format without prettier', () => {
  it.each(variants)('README.md and compose.yaml of a project ($label)', async ({ options }) => {
    const files = projectFiles(options);
    for (const path of ['README.md', 'compose.yaml']) {
      const file = files.find((candidate) => candidate.path === path);
      if (file?.kind !== 'text') throw new Error(`${path} is not a text file`);
      expect(file.format, `${path} goes through the formatter`).not.toBe(true);
      const formatted = await prettier.format(file.text, {
        filepath: path,
        singleQuote: true,
        trailingComma: 'all',
      });
      expect(file.text, `${path} differs from prettier's output`).toBe(formatted);
    }
  });
});
