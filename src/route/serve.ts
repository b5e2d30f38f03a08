// The built-in server of `rest route`: the node listener on host:port, with an optional watch on the prefix.
import { watch, type FSWatcher } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, basename } from 'node:path';
import type { Application } from './application.js';
import type { RouteTable } from './route-table.js';
import { prefixPath } from './scan.js';

export interface HostPort {
  host: string;
  port: number;
}

export class HostError extends Error {
  constructor(text: string) {
    super(`${JSON.stringify(text)} is not a host:port address`);
    this.name = 'HostError';
  }
}

/** `127.0.0.1:8000`, `localhost:0`, `[::1]:8000`, `:8000` (all interfaces) or `8000` (127.0.0.1). */
export function parseHost(text: string): HostPort {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]*):)?(\d{1,5})$/.exec(text.trim());
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535) throw new HostError(text);
  const host =
    match[1] === undefined
      ? '127.0.0.1'
      : match[1] === ''
        ? '0.0.0.0'
        : match[1].replace(/^\[|\]$/g, '');
  return { host, port };
}

export interface RunningServer {
  server: Server;
  url: string;
  /** Graceful: see `closeGracefully`. */
  close(): Promise<void>;
}

/** Builds the route table first (so start-up errors come before listening), then listens. */
export async function startServer(
  app: Application,
  { host, port }: HostPort,
): Promise<RunningServer> {
  await app.ready();
  const server = createServer(app.serverOptions, app.listener);
  server.on('upgrade', app.upgrade);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${shown}:${address.port}`,
    close: () => closeGracefully(server, app),
  };
}

/**
 * Stops accepting, closes idle keep-alive connections, ends streamed answers, lets in-flight requests finish
 * for up to the shutdown limit, then closes whatever is left and runs the prefix module's `shutdown`.
 */
export function closeGracefully(server: Server, app: Application): Promise<void> {
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection whose answer was already under way when closing began goes idle later.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  const limit = app.options.timeouts.shutdown;
  const timer = limit > 0 ? setTimeout(() => server.closeAllConnections(), limit) : undefined;
  return app.close(drained).finally(() => {
    clearInterval(sweep);
    clearTimeout(timer);
  });
}

export interface WatchEvents {
  rebuilt(table: RouteTable): void;
  failed(error: Error): void;
}

/** Rebuilds the route table when a file below the prefix changes; a failed rebuild keeps the old table. */
export function watchPrefix(app: Application, events: WatchEvents): () => void {
  const base = prefixPath(app.prefix, app.cwd);
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    // Editors write in bursts (temp file, rename, chmod): rebuild once the burst is over.
    timer = setTimeout(() => app.reload().then(events.rebuilt, events.failed), 150);
  };
  watchers.push(
    watch(
      dirname(base),
      (_event, file) => file?.toString().startsWith(basename(base)) && changed(),
    ),
  );
  try {
    watchers.push(watch(base, { recursive: true }, changed));
  } catch {
    // No prefix folder: the module file alone is watched through its parent folder.
  }
  return () => {
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
  };
}
