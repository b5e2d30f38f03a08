// Finds the Schema a user's module exports (default, or `schema`; the value or a function returning it).
import { UserError } from '../model/user-error.js';
import { ModuleNotFoundError, importModule } from '../loader/import-module.js';
import { describe } from '../schema/kinds.js';
import { isSchema, type Schema } from '../schema/schema.js';

const moduleFile = /\.(?:[cm]?ts|[cm]?js)$/;
const exportHint =
  'Export a Schema (or a function returning one) as the default export or as `schema`.';

/** A thrown error as one line: loaders and compilers often spread theirs over several. */
function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return line.length > 300 ? line.slice(0, 297) + '...' : line;
}

async function importUserModule(file: string, cwd: string): Promise<Record<string, unknown>> {
  if (!moduleFile.test(file)) {
    throw new UserError(`${file} is not a module: pass a .ts, .js or .mjs file`, {
      hint: exportHint,
    });
  }
  try {
    return await importModule(file, cwd);
  } catch (error) {
    if (error instanceof ModuleNotFoundError) {
      throw new UserError(`no such file: ${error.path}`, {
        hint: 'The path is resolved from the current directory.',
      });
    }
    throw new UserError(`${file} failed to load: ${oneLine(error)}`);
  }
}

/** The module's default export, else its `schema` export; a CommonJS module nests both under `default`. */
function exportedValue(
  namespace: Record<string, unknown>,
): { name: string; value: unknown } | undefined {
  const { default: main, schema } = namespace;
  if (isSchema(main) || typeof main === 'function') return { name: 'default', value: main };
  if (schema !== undefined) return { name: 'schema', value: schema };
  if (typeof main === 'object' && main !== null && !('then' in main)) {
    const inner = main as Record<string, unknown>;
    if (inner.default !== undefined) return { name: 'default', value: inner.default };
    if (inner.schema !== undefined) return { name: 'schema', value: inner.schema };
  }
  if (main !== undefined) return { name: 'default', value: main };
  return undefined;
}

async function resolveExport(file: string, name: string, value: unknown): Promise<Schema> {
  let schema = value;
  if (typeof value === 'function') {
    try {
      schema = await (value as () => unknown)();
    } catch (error) {
      throw new UserError(`${file}: the ${name} export threw: ${oneLine(error)}`);
    }
  }
  if (!isSchema(schema)) {
    const what =
      typeof value === 'function' ? `returns ${describe(schema)}` : `is ${describe(schema)}`;
    throw new UserError(`${file}: the ${name} export ${what}, not a Schema from restsmith/schema`, {
      hint: exportHint,
    });
  }
  return schema;
}

/** Loads `file` (resolved from `cwd`) and returns the Schema it exports; every failure is a one-line UserError. */
export async function loadSchemaModule(file: string, cwd: string): Promise<Schema> {
  const namespace = await importUserModule(file, cwd);
  const exported = exportedValue(namespace);
  if (!exported) {
    throw new UserError(
      `${file} exports no schema: it has no default export and no export named schema`,
      {
        hint: exportHint,
      },
    );
  }
  return resolveExport(file, exported.name, exported.value);
}
