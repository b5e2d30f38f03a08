// `rest route` loads controllers from any folder; they import `restsmith/route`, which that folder need not
// have installed. The CLI lends them its own copy, for import and require() alike, so the controllers run
// against the very library that serves them (issue 31.8).
import { existsSync } from 'node:fs';
import Module, { register } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The public entry points of the package, as package.json exports them (built .js, or the .ts sources). */
const ENTRIES: Record<string, string> = {
  'restsmith/route': '../route/index',
  'restsmith/schema': '../schema/index',
};

/** The resolve hook of node:module, as a module of its own: `initialize` receives the URLs. */
const HOOKS = `
let own = {};
export function initialize(data) { own = data; }
export async function resolve(specifier, context, next) {
  const url = own[specifier];
  return url ? { url, shortCircuit: true } : next(specifier, context);
}
`;

let provided = false;

/** Makes `restsmith/route` and `restsmith/schema` resolve to this copy of restsmith; once per process. */
export function provideOwnPackage(): void {
  if (provided) return;
  provided = true;
  const urls: Record<string, string> = {};
  for (const [specifier, path] of Object.entries(ENTRIES)) {
    const url = ['.js', '.ts']
      .map((extension) => new URL(`${path}${extension}`, import.meta.url))
      .find((candidate) => existsSync(fileURLToPath(candidate)));
    if (url) urls[specifier] = url.href;
  }
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: urls });
  const modules = Module as unknown as {
    _resolveFilename: (request: string, ...rest: unknown[]) => string;
  };
  const resolveFilename = modules._resolveFilename;
  modules._resolveFilename = function (request: string, ...rest: unknown[]): string {
    const url = urls[request];
    return url ? fileURLToPath(url) : resolveFilename.call(this, request, ...rest);
  };
}
