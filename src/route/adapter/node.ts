// The node:http gateway: a `(req, res)` listener that feeds the shared pipeline without building Request objects.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BodySource } from '../body.js';
import { dispatch, type Gateway } from '../dispatch.js';
import type { Incoming } from '../incoming.js';
import { errorBody } from '../http-error.js';
import type { RouteTable } from '../route-table.js';
import { chunkBytes, jsonHeaders, jsonType, type Outgoing } from '../respond.js';

export type NodeListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A node:http listener for an application.
 *
 * @example
 * createServer(toNodeListener(new Application({ prefix: 'controllers' }))).listen(8000);
 */
export function toNodeListener(gateway: Gateway): NodeListener {
  const { options } = gateway;
  const fail = (response: ServerResponse) => (error: unknown) => {
    options.log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    if (response.headersSent) return void response.destroy();
    response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
    response.end(errorBody(500, 'Internal Server Error'));
  };
  const answer = (table: RouteTable, incoming: Incoming, response: ServerResponse) => {
    const outgoing = dispatch(table, options, incoming);
    if (outgoing instanceof Promise)
      outgoing.then((ready) => writeOutgoing(response, ready, gateway)).catch(fail(response));
    else {
      try {
        writeOutgoing(response, outgoing, gateway)?.catch(fail(response));
      } catch (error) {
        fail(response)(error);
      }
    }
  };
  return (request, response) => {
    const incoming = new NodeIncoming(request);
    const table = gateway.table();
    if (table instanceof Promise)
      table.then((ready) => answer(ready, incoming, response), fail(response));
    else answer(table, incoming, response);
  };
}

/** A node request as the pipeline sees it; a class, so no closures are made per request. */
class NodeIncoming implements Incoming {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly body: BodySource | undefined;
  identity?: unknown;
  readonly #request: IncomingMessage;

  constructor(request: IncomingMessage) {
    const url = request.url ?? '/';
    const question = url.indexOf('?');
    this.#request = request;
    this.method = request.method ?? 'GET';
    this.path = question === -1 ? url : url.slice(0, question);
    this.search = question === -1 ? '' : url.slice(question + 1);
    this.body = bodySource(request);
  }

  headers(): Headers {
    const raw = this.#request.rawHeaders;
    const headers = new Headers();
    for (let index = 0; index < raw.length; index += 2) headers.append(raw[index], raw[index + 1]);
    return headers;
  }

  /** One header, from node's parsed `request.headers` (built on first use, only when a layer or auth asks). */
  header(name: string): string | null {
    return (this.#request.headers[name] as string | undefined) ?? null;
  }

  client(): string | undefined {
    return this.#request.socket.remoteAddress;
  }
}

/**
 * The body, if the headers announce one. Read from `rawHeaders`: node builds `request.headers` on first
 * use, an object per request that a body-less GET never needs.
 */
function bodySource(request: IncomingMessage): BodySource | undefined {
  const raw = request.rawHeaders;
  let length: string | undefined;
  let type: string | undefined;
  let chunked = false;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index];
    if (name.length === 14 && name.toLowerCase() === 'content-length') length = raw[index + 1];
    else if (name.length === 12 && name.toLowerCase() === 'content-type') type ??= raw[index + 1];
    else if (name.length === 17 && name.toLowerCase() === 'transfer-encoding') chunked = true;
  }
  if (!chunked && (length === undefined || length === '0')) return undefined;
  const contentLength = length === undefined ? undefined : Number(length);
  return { contentType: type, contentLength, chunks: request };
}

/** Writes the answer; only streamed bodies make this asynchronous. */
function writeOutgoing(
  response: ServerResponse,
  outgoing: Outgoing,
  gateway: Gateway,
): Promise<void> | undefined {
  // Stop reading an oversized or stalled upload (the client gets its 413 or 408), and let a closing server go.
  const { status } = outgoing;
  if (status === 413 || status === 408 || gateway.closing)
    response.setHeader('connection', 'close');
  if (outgoing.response) return writeResponse(response, outgoing.response, gateway);
  const { body } = outgoing;
  // No length on a 204 or 304: they carry no body, and a 204 may not say one.
  if (typeof body === 'string' && status !== 204 && status !== 304) {
    response.writeHead(status, sizedHeaders(outgoing.headers, body));
    response.end(body);
    return undefined;
  }
  response.writeHead(status, outgoing.headers);
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
    response.end(body ?? undefined);
    return undefined;
  }
  return writeChunks(response, body, gateway);
}

/**
 * The headers with the length of a text body (JSON, errors), as Fastify and Express send them. Without
 * it node frames the answer in chunks (`writeHead` fixes the headers before the body is known): a
 * size line and a closing chunk on every answer, for the client to parse.
 */
function sizedHeaders(headers: Record<string, string>, body: string): Record<string, string> {
  if (headers['content-length'] !== undefined) return headers;
  const length = String(Buffer.byteLength(body));
  if (headers === jsonHeaders) return { 'content-type': jsonType, 'content-length': length };
  return { ...headers, 'content-length': length };
}

async function writeResponse(
  response: ServerResponse,
  answer: Response,
  gateway: Gateway,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  response.writeHead(answer.status, headers);
  const { body } = answer;
  if (body) await writeChunks(response, body as unknown as AsyncIterable<Uint8Array>, gateway);
  else response.end();
}

async function writeChunks(
  response: ServerResponse,
  chunks: AsyncIterable<unknown>,
  gateway: Gateway,
): Promise<void> {
  try {
    for await (const chunk of chunks) {
      // The client has gone, or the server is closing: leaving the loop returns the iterator, so the
      // generator's `finally` runs.
      if (response.destroyed) return;
      if (gateway.closing) break;
      if (!response.write(chunkBytes(chunk))) await drained(response);
    }
    response.end();
  } catch (error) {
    response.destroy(error as Error);
  }
}

/** `drain`, or `close` when the client went away and `drain` will never come. */
function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
