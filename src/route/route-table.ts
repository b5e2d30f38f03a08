// Builds the route table once at start-up: modules below the prefix, their Controller classes, handler signatures.
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { importModule } from '../loader/import-module.js';
import { className } from './path.js';
import { scanPrefix } from './scan.js';
import { handlerNames, isControllerClass, type ControllerClass } from './controller.js';
import { SignatureReader, type ParameterInfo } from './signature.js';

export interface HandlerEntry {
  method: string;
  parameters: ParameterInfo[];
  positional: ParameterInfo[];
  rest?: ParameterInfo;
  keywords?: ParameterInfo;
}

export interface ControllerEntry {
  name: string;
  file: string;
  /** Path bits of the module that defines the class. */
  moduleBits: string[];
  type: ControllerClass;
  handlers: Map<string, HandlerEntry>;
  /** The WEBSOCKET handler, which answers upgrades and is never an HTTP method. */
  socket?: HandlerEntry;
  /** The `Allow` header value: its handlers, plus HEAD with GET, plus OPTIONS. */
  allow: string;
}

export interface ModuleNode {
  bits: string[];
  files: string[];
  classes: Map<string, ControllerEntry>;
  children: Map<string, ModuleNode>;
}

export interface RouteTable {
  prefix: string;
  root: ModuleNode;
  controllers: ControllerEntry[];
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
}

/** Scans, imports and reads every module below the prefix; throws on a collision or an unloadable file. */
export async function buildRouteTable({
  prefix,
  cwd,
  fresh = false,
}: BuildOptions): Promise<RouteTable> {
  const reader = new SignatureReader();
  const nodes = new Map<string, ModuleNode>();
  const controllers: ControllerEntry[] = [];
  for (const { bits, files } of scanPrefix(prefix, cwd)) {
    const node: ModuleNode = { bits, files, classes: new Map(), children: new Map() };
    nodes.set(bits.join('/'), node);
    if (bits.length > 0) nodes.get(bits.slice(0, -1).join('/'))?.children.set(bits.at(-1)!, node);
    for (const file of files) {
      for (const [name, type] of await controllerExports(file, cwd, fresh)) {
        const entry = controllerEntry(name, type, file, bits, reader);
        const existing = node.classes.get(name);
        if (existing) throw collision(`class ${name} is defined both`, existing.file, file, cwd);
        node.classes.set(name, entry);
        controllers.push(entry);
      }
    }
  }
  const root = nodes.get('')!;
  checkDefaultCollisions(root, cwd);
  return { prefix, root, controllers };
}

async function controllerExports(file: string, cwd: string, fresh: boolean) {
  let namespace: Record<string, unknown>;
  try {
    namespace = fresh
      ? ((await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>)
      : await importModule(file, cwd);
  } catch (error) {
    throw new RouteTableError(`cannot load ${relative(cwd, file)}: ${(error as Error).message}`);
  }
  const found = new Map<string, ControllerClass>();
  // A .ts file outside a "type": "module" package loads as CommonJS: its exports also sit under `default`.
  const interop = namespace.default;
  const sources =
    typeof interop === 'object' && interop !== null ? [namespace, interop] : [namespace];
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
): ControllerEntry {
  const handlers = new Map<string, HandlerEntry>();
  for (const method of handlerNames(type)) {
    if (method === socketMethod) continue;
    const fn = (type.prototype as unknown as Record<string, (...args: never[]) => unknown>)[method];
    const parameters = reader.fromSource(file, type.name, method) ?? reader.fromFunction(fn);
    handlers.set(method, handlerEntry(method, parameters));
  }
  const allow = allowHeader([...handlers.keys()]);
  const socket = socketEntry(type, file, reader);
  return { name, file, moduleBits, type, handlers, socket, allow };
}

function socketEntry(type: ControllerClass, file: string, reader: SignatureReader) {
  const fn = (type.prototype as unknown as Record<string, unknown>)[socketMethod];
  if (typeof fn !== 'function') return undefined;
  const parameters =
    reader.fromSource(file, type.name, socketMethod) ??
    reader.fromFunction(fn as (...args: never[]) => unknown);
  return handlerEntry(socketMethod, parameters);
}

/** The handler method that accepts WebSockets at the class's path. */
export const socketMethod = 'WEBSOCKET';

function handlerEntry(method: string, parameters: ParameterInfo[]): HandlerEntry {
  return {
    method,
    parameters,
    positional: parameters.filter((parameter) => parameter.kind === 'positional'),
    rest: parameters.find((parameter) => parameter.kind === 'rest'),
    keywords: parameters.find((parameter) => parameter.kind === 'keywords'),
  };
}

const methodOrder = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function allowHeader(methods: string[]): string {
  const allowed = new Set(methods);
  if (allowed.has('GET')) allowed.add('HEAD');
  allowed.add('OPTIONS');
  const rank = (method: string) =>
    methodOrder.includes(method) ? methodOrder.indexOf(method) : 99;
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
