// Turns a handler's return value (or an error) into the outgoing status, headers and body both gateways send.
import type { RouteResponse } from './controller.js';
import { errorBody, isHttpError } from './http-error.js';

export type OutgoingBody = string | Uint8Array | AsyncIterable<unknown> | null;

/** What a gateway writes: either status/headers/body, or a Response the handler built itself. */
export interface Outgoing {
  status: number;
  headers: Record<string, string>;
  body: OutgoingBody;
  response?: Response;
}

export const jsonType = 'application/json; charset=utf-8';
/** Shared by every JSON answer whose handler set no headers: copied before anything is added. */
export const jsonHeaders: Record<string, string> = Object.freeze({ 'content-type': jsonType });

/** JSON for values, 204 for nothing, bytes as octet-stream, streams as they come; HEAD keeps headers only. */
export function toOutgoing(value: unknown, response: RouteResponse, head: boolean): Outgoing {
  if (value instanceof Response)
    return { status: value.status, headers: {}, body: null, response: value };
  const outgoing = encode(value, response.status);
  const touched = response.touchedHeaders();
  if (touched) {
    const headers = { ...outgoing.headers };
    touched.forEach((headerValue, name) => (headers[name] = headerValue));
    outgoing.headers = headers;
  }
  if (head) {
    // HEAD keeps the length GET would have sent; a JSON body's length is otherwise left to the server.
    if (typeof outgoing.body === 'string' && outgoing.headers['content-length'] === undefined) {
      const length = String(Buffer.byteLength(outgoing.body));
      outgoing.headers = { ...outgoing.headers, 'content-length': length };
    }
    outgoing.body = null;
  }
  return outgoing;
}

function encode(value: unknown, status: number): Outgoing {
  if (!Number.isInteger(status) || status < 200 || status > 599) {
    throw new TypeError(`this.response.status must be an integer from 200 to 599, got ${status}`);
  }
  if (value === undefined || value === null) {
    return { status: status === 200 ? 204 : status, headers: {}, body: null };
  }
  if (value instanceof Uint8Array) {
    return { status, headers: sized('application/octet-stream', value.byteLength), body: value };
  }
  if (isStream(value))
    return { status, headers: { 'content-type': 'application/octet-stream' }, body: value };
  const text = JSON.stringify(value);
  if (text === undefined)
    throw new TypeError(`a handler returned ${typeof value}, which has no JSON form`);
  return { status, headers: jsonHeaders, body: text };
}

function sized(type: string, length: number): Record<string, string> {
  return { 'content-type': type, 'content-length': String(length) };
}

function isStream(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function'
  );
}

/** The JSON error answer; an unexpected error is logged and shown only as "Internal Server Error" unless debugging. */
export function errorOutgoing(
  error: unknown,
  debug: boolean,
  log: (message: string) => void,
): Outgoing {
  if (isHttpError(error)) {
    const text = errorBody(error.status, error.message);
    return {
      status: error.status,
      headers: { ...error.headers, ...sized(jsonType, Buffer.byteLength(text)) },
      body: text,
    };
  }
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  const shown = (error as { message?: unknown } | null)?.message;
  const message = debug && typeof shown === 'string' ? shown : 'Internal Server Error';
  const text = errorBody(500, message);
  return { status: 500, headers: sized(jsonType, Buffer.byteLength(text)), body: text };
}

/** Stream chunks as bytes: strings are UTF-8 encoded, anything else is written as one JSON line. */
export function chunkBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  return Buffer.from(JSON.stringify(chunk) + '\n');
}
