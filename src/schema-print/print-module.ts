// What `rest schema print` does: load the user's schema module, validate, serialize, write.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UserError } from '../model/user-error.js';
import type { SchemaProblem } from '../schema/errors.js';
import { loadSchemaModule } from './load-module.js';
import { SchemaSerializer } from '../schema/serializer.js';
import { validateSchema } from '../schema/validate.js';

export interface PrintSchemaOptions {
  /** The module exporting the schema; required until a project mode can find it. */
  module?: string;
  validate: boolean;
  /** Where to write the text; stdout when absent. */
  out?: string;
  cwd: string;
}

export type PrintSchemaResult =
  | { readonly printed: true; readonly text: string; readonly file?: string }
  | { readonly printed: false; readonly problems: readonly SchemaProblem[] };

export async function printSchemaModule(options: PrintSchemaOptions): Promise<PrintSchemaResult> {
  if (!options.module) {
    throw new UserError('a module path is needed: rest schema print <module>', {
      hint: 'Pass a .ts, .js or .mjs file whose default export (or export named schema) is a Schema.',
      exitCode: 2,
    });
  }
  const schema = await loadSchemaModule(options.module, options.cwd);
  // The CLI's own validator and serializer read the user's schema through its public getters.
  const problems = options.validate ? validateSchema(schema) : [];
  if (problems.length > 0) return { printed: false, problems };
  const text = new SchemaSerializer().serialize(schema);
  if (!options.out) return { printed: true, text };
  return {
    printed: true,
    text,
    file: await writeSchemaText(resolve(options.cwd, options.out), text),
  };
}

/** Writes printed SDL to `file` (creating its folder); shared with the project mode. */
export async function writeSchemaText(file: string, text: string): Promise<string> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
    return file;
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new UserError(`cannot write ${file}: ${reason}`, {
      hint: 'Choose a writable path for --out.',
    });
  }
}
