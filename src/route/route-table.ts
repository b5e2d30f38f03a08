// Builds the route table once at start-up: modules below the prefix, their Controller classes, handler signatures.
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { importModule } from '../loader/import-module.js';
import { addHooks, type LifespanHooks } from './lifespan.js';
import { className } from './path.js';
import { scanPrefix } from './scan.js';
import {
  classesBelowController,
  handlerNames,
  isControllerClass,
  standardMethods,
  type ControllerClass,
} from './controller.js';
import { SignatureReader, type ParameterInfo } from './signature.js';

export interface HandlerEntry {
  method: string;
  /** The handler function, looked up once on the class's prototype chain. */
  fn: (...args: unknown[]) => unknown;
  parameters: ParameterInfo[];
  positional: ParameterInfo[];
  rest?: ParameterInfo;
  keywords?: ParameterInfo;
  /** Path bits needed for every required positional parameter to be filled by the path alone. */
  requiredCount: number;
}

export interface ControllerEntry {
  name: string;
  file: string;
  /** Path bits of the module that defines the class. */
  moduleBits: string[];
  type: ControllerClass;
  /**
   * No class from this one up to Controller has a constructor, an instance field or a private member, so a
   * request's instance is `Object.create(type.prototype)`. Measured with `--cpu-prof` under bench/route,
   * `new` was the most expensive line of the pipeline for tsx-loaded classes (esbuild's keepNames redefines
   * each class's `name`, which takes V8 off its fast path for `new`).
   */
  bareInstances: boolean;
  handlers: Map<string, HandlerEntry>;
  /** The WEBSOCKET handler, which answers upgrades and is never an HTTP method. */
  socket?: HandlerEntry;
  /** The `Allow` header value: its handlers, plus HEAD with GET, plus OPTIONS. */
  allow: string;
  /** The handler taking the most path bits (one with a rest parameter first): a path longer than it takes is 404. */
  widest?: HandlerEntry;
}

export interface ModuleNode {
  bits: string[];
  /** The module above (none for the prefix): the router walks back up without building a chain. */
  parent?: ModuleNode;
  files: string[];
  classes: Map<string, ControllerEntry>;
  children: Map<string, ModuleNode>;
}

export interface RouteTable {
  prefix: string;
  root: ModuleNode;
  controllers: ControllerEntry[];
  /** The prefix module's `startup` and `shutdown` exports. */
  hooks: LifespanHooks;
}

export class RouteTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RouteTableError';
  }
}

export interface BuildOptions {
  prefix: string;
  cwd: string;
  /** Import modules afresh (a rebuild in watch mode) rather than from the module cache. */
  fresh?: boolean;
  /** Routable method names (the standard ones by default). */
  methods?: ReadonlySet<string>;
}

/** Scans, imports and reads every module below the prefix; throws on a collision or an unloadable file. */
export async function buildRouteTable({
  prefix,
  cwd,
  fresh = false,
  methods = new Set(standardMethods),
}: BuildOptions): Promise<RouteTable> {
  const reader = new SignatureReader();
  const nodes = new Map<string, ModuleNode>();
  const controllers: ControllerEntry[] = [];
  const hooks: LifespanHooks = {};
  for (const { bits, files } of scanPrefix(prefix, cwd)) {
    const parent = bits.length > 0 ? nodes.get(bits.slice(0, -1).join('/')) : undefined;
    const node: ModuleNode = { bits, parent, files, classes: new Map(), children: new Map() };
    nodes.set(bits.join('/'), node);
    parent?.children.set(bits.at(-1)!, node);
    for (const file of files) {
      const sources = await loadExports(file, cwd, fresh);
      if (bits.length === 0) addHooks(hooks, sources, file, cwd);
      for (const [name, type] of controllerExports(sources)) {
        const entry = controllerEntry(name, type, file, bits, reader, methods);
        const existing = node.classes.get(name);
        if (existing) throw collision(`class ${name} is defined both`, existing.file, file, cwd);
        node.classes.set(name, entry);
        controllers.push(entry);
      }
    }
  }
  const root = nodes.get('')!;
  checkDefaultCollisions(root, cwd);
  return { prefix, root, controllers, hooks };
}

/** The module's exports; a .ts file outside a "type": "module" package also has them under `default`. */
async function loadExports(
  file: string,
  cwd: string,
  fresh: boolean,
): Promise<Array<Record<string, unknown>>> {
  let namespace: Record<string, unknown>;
  try {
    namespace = fresh
      ? ((await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>)
      : await importModule(file, cwd);
  } catch (error) {
    throw new RouteTableError(`cannot load ${relative(cwd, file)}: ${(error as Error).message}`);
  }
  const interop = namespace.default;
  return typeof interop === 'object' && interop !== null
    ? [namespace, interop as Record<string, unknown>]
    : [namespace];
}

function controllerExports(sources: Array<Record<string, unknown>>) {
  const found = new Map<string, ControllerClass>();
  for (const source of sources) {
    for (const [name, value] of Object.entries(source)) {
      if (name === 'default' || name.startsWith('_') || !isControllerClass(value)) continue;
      found.set(name, value);
    }
  }
  return found;
}

function controllerEntry(
  name: string,
  type: ControllerClass,
  file: string,
  moduleBits: string[],
  reader: SignatureReader,
  methods: ReadonlySet<string>,
): ControllerEntry {
  const handlers = new Map<string, HandlerEntry>();
  for (const method of handlerNames(type, methods)) {
    // WEBSOCKET answers upgrades, never an HTTP request, even when listed among the routable methods.
    if (method === socketMethod) continue;
    const fn = (type.prototype as unknown as Record<string, (...args: never[]) => unknown>)[method];
    const parameters = reader.fromSource(file, type.name, method) ?? reader.fromFunction(fn);
    handlers.set(method, handlerEntry(method, fn as HandlerEntry['fn'], parameters));
  }
  const allow = allowHeader([...handlers.keys()]);
  const bareInstances = classesBelowController(type).every((cls) => reader.hasBareInstances(cls));
  const widest = widestHandler(handlers);
  const socket = socketEntry(type, file, reader);
  return { name, file, moduleBits, type, bareInstances, handlers, allow, widest, socket };
}

function socketEntry(type: ControllerClass, file: string, reader: SignatureReader) {
  const fn = (type.prototype as unknown as Record<string, unknown>)[socketMethod];
  if (typeof fn !== 'function') return undefined;
  const handler = fn as HandlerEntry['fn'];
  const parameters =
    reader.fromSource(file, type.name, socketMethod) ??
    reader.fromFunction(fn as (...args: never[]) => unknown);
  return handlerEntry(socketMethod, handler, parameters);
}

/** The handler method that accepts WebSockets at the class's path. */
export const socketMethod = 'WEBSOCKET';

function widestHandler(handlers: Map<string, HandlerEntry>): HandlerEntry | undefined {
  let widest: HandlerEntry | undefined;
  for (const handler of handlers.values()) {
    if (handler.rest) return handler;
    if (!widest || handler.positional.length > widest.positional.length) widest = handler;
  }
  return widest;
}

function handlerEntry(
  method: string,
  fn: HandlerEntry['fn'],
  parameters: ParameterInfo[],
): HandlerEntry {
  const positional = parameters.filter((parameter) => parameter.kind === 'positional');
  return {
    method,
    fn,
    parameters,
    positional,
    requiredCount: positional.findLastIndex((parameter) => parameter.required) + 1,
    rest: parameters.find((parameter) => parameter.kind === 'rest'),
    keywords: parameters.find((parameter) => parameter.kind === 'keywords'),
  };
}

function allowHeader(methods: string[]): string {
  const allowed = new Set(methods);
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  const rank = (method: string) =>
    standardMethods.includes(method) ? standardMethods.indexOf(method) : 99;
  return [...allowed].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).join(', ');
}

/** Class `Foo` in a module and a submodule `foo/` defining `Default` would both answer `/foo`. */
function checkDefaultCollisions(node: ModuleNode, cwd: string): void {
  for (const [bit, child] of node.children) {
    const fallback = child.classes.get('Default');
    const name = className(bit);
    const rival = name === undefined ? undefined : node.classes.get(name);
    if (fallback && rival) {
      const path = '/' + [...child.bits].join('/');
      throw new RouteTableError(
        `route collision: ${path} would be answered by class ${rival.name} in ${relative(cwd, rival.file)} and by Default in ${relative(cwd, fallback.file)}`,
      );
    }
    checkDefaultCollisions(child, cwd);
  }
}

function collision(what: string, first: string, second: string, cwd: string): RouteTableError {
  return new RouteTableError(
    `route collision: ${what} in ${relative(cwd, first)} and in ${relative(cwd, second)}`,
  );
}
