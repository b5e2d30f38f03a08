// The core gateway: a WHATWG fetch handler `(Request) => Promise<Response>` for any fetch-style server.
import { dispatch, type Gateway } from './dispatch.js';
import type { Incoming } from './incoming.js';
import { chunkBytes, type Outgoing } from './respond.js';

export async function handleFetch(gateway: Gateway, request: Request): Promise<Response> {
  const { path, search } = splitUrl(request.url);
  const length = request.headers.get('content-length');
  const incoming: Incoming = {
    method: request.method,
    path,
    search,
    headers: () => request.headers,
    // Fetch servers that know the peer put it on the request (srvx: `request.ip`).
    client: () => (request as { ip?: string }).ip,
    body: request.body
      ? {
          contentType: request.headers.get('content-type') ?? undefined,
          contentLength: length === null ? undefined : Number(length),
          chunks: request.body as unknown as AsyncIterable<Uint8Array>,
        }
      : undefined,
  };
  return toResponse(await dispatch(await gateway.table(), gateway.options, incoming), gateway);
}

/** Path and query straight from the URL text, so they are decoded by our rules and not the URL class's. */
function splitUrl(url: string): { path: string; search: string } {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return { path: '/', search: '' };
  const hash = url.indexOf('#', start);
  const end = hash === -1 ? url.length : hash;
  const question = url.indexOf('?', start);
  if (question === -1 || question > end) return { path: url.slice(start, end), search: '' };
  return { path: url.slice(start, question), search: url.slice(question + 1, end) };
}

function toResponse(outgoing: Outgoing, gateway: Gateway): Response {
  if (outgoing.response) return outgoing.response;
  const { status, headers, body } = outgoing;
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
    return new Response(body as BodyInit | null, { status, headers });
  }
  const stream = (ReadableStream as unknown as StreamFrom).from(
    (async function* () {
      for await (const chunk of body) {
        // Shutting down: leaving the loop returns the handler's generator, so its `finally` runs.
        if (gateway.closing) return;
        yield chunkBytes(chunk);
      }
    })(),
  );
  return new Response(stream, { status, headers });
}

/** `ReadableStream.from` (Node 20.6+), missing from the DOM typings this project compiles against. */
interface StreamFrom {
  from(iterable: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array>;
}
