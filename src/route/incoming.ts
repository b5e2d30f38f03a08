// A request as the gateways hand it to the pipeline, read by dispatch and by the layers around it.
import type { BodySource } from './body.js';

/** A request as a gateway hands it over: raw path and query, headers on demand, the body if there is one. */
export interface Incoming {
  method: string;
  path: string;
  search: string;
  headers(): Headers;
  body: BodySource | undefined;
  /** One header, when the gateway can read it without building a Headers object. */
  header?(name: string): string | null;
  /** The peer's address (the socket's), when the gateway knows it. */
  client?(): string | undefined;
  /** Set once authentication has verified the credentials. */
  identity?: unknown;
}

/** One request header, read straight from the gateway when it can. */
export function requestHeader(incoming: Incoming, name: string): string | null {
  return incoming.header ? incoming.header(name) : incoming.headers().get(name);
}
