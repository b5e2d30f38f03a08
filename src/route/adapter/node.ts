// The node:http gateway: a `(req, res)` listener that feeds the shared pipeline without building Request objects.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dispatch, type Gateway, type Incoming } from '../dispatch.js';
import { errorBody } from '../http-error.js';
import type { RouteTable } from '../route-table.js';
import { chunkBytes, type Outgoing } from '../respond.js';

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
      outgoing.then((ready) => writeOutgoing(response, ready)).catch(fail(response));
    else {
      try {
        writeOutgoing(response, outgoing)?.catch(fail(response));
      } catch (error) {
        fail(response)(error);
      }
    }
  };
  return (request, response) => {
    const incoming = nodeIncoming(request);
    const table = gateway.table();
    if (table instanceof Promise)
      table.then((ready) => answer(ready, incoming, response), fail(response));
    else answer(table, incoming, response);
  };
}

function nodeIncoming(request: IncomingMessage): Incoming {
  const url = request.url ?? '/';
  const question = url.indexOf('?');
  const length = request.headers['content-length'];
  const hasBody =
    (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
  return {
    method: request.method ?? 'GET',
    path: question === -1 ? url : url.slice(0, question),
    search: question === -1 ? '' : url.slice(question + 1),
    headers: () => nodeHeaders(request.rawHeaders),
    header: (name) => (request.headers[name] as string | undefined) ?? null,
    client: () => request.socket.remoteAddress,
    body: hasBody
      ? {
          contentType: request.headers['content-type'],
          contentLength: length === undefined ? undefined : Number(length),
          chunks: request,
        }
      : undefined,
  };
}

function nodeHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index], raw[index + 1]);
  return headers;
}

/** Writes the answer; only streamed bodies make this asynchronous. */
function writeOutgoing(response: ServerResponse, outgoing: Outgoing): Promise<void> | undefined {
  // Stop reading an oversized upload: the client gets its 413 and the connection is not reused.
  if (outgoing.status === 413) response.setHeader('connection', 'close');
  if (outgoing.response) return writeResponse(response, outgoing.response);
  const { body } = outgoing;
  response.writeHead(outgoing.status, outgoing.headers);
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
    response.end(body ?? undefined);
    return undefined;
  }
  return writeChunks(response, body);
}

async function writeResponse(response: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => (headers[name] = value));
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  response.writeHead(answer.status, headers);
  if (answer.body) await writeChunks(response, answer.body as unknown as AsyncIterable<Uint8Array>);
  else response.end();
}

async function writeChunks(
  response: ServerResponse,
  chunks: AsyncIterable<unknown>,
): Promise<void> {
  try {
    for await (const chunk of chunks) {
      if (!response.write(chunkBytes(chunk)))
        await new Promise((resolve) => response.once('drain', resolve));
    }
    response.end();
  } catch (error) {
    response.destroy(error as Error);
  }
}
