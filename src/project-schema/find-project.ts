// Finds the project `rest schema print` describes: the nearest folder holding restsmith.json, from cwd upward.
import { access } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '../model/user-error.js';
import { CONFIG_FILE } from '../model/config-record.js';

/** The nearest folder at or above `cwd` with a restsmith.json, or undefined. */
export async function findProjectRoot(cwd: string): Promise<string | undefined> {
  let folder = resolve(cwd);
  for (;;) {
    const found = await access(join(folder, CONFIG_FILE)).then(
      () => true,
      () => false,
    );
    if (found) return folder;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

/** As findProjectRoot, but outside a project it says what the command needs. */
export async function projectRootOrThrow(cwd: string): Promise<string> {
  const root = await findProjectRoot(cwd);
  if (root !== undefined) return root;
  // The same first line as `rest schema print` without a module has always given; the hint adds the project mode.
  throw new UserError('a module path is needed: rest schema print <module>', {
    exitCode: 2,
    hint: `Pass a .ts, .js or .mjs file whose default export (or export named schema) is a Schema, or run it inside a project made by \`rest new\` (there is no ${CONFIG_FILE} in ${resolve(cwd)} or any folder above it).`,
  });
}
