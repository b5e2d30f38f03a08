// RouteSocket, what a WEBSOCKET handler sees as `this.socket`: the client's messages as an async iterable, and send/close.
import type { RawData, WebSocket } from 'ws';

/** A message as the handler receives it: text frames as strings, binary frames as bytes. */
export type SocketMessage = string | Uint8Array;

/** Messages the handler has not read yet, at most; beyond it the socket stops reading from the network. */
const queueLimit = 16;

/**
 * The open WebSocket of a WEBSOCKET handler. `for await (const message of this.socket)` reads until the client
 * closes; `send` writes strings as text, bytes as binary and any other value as JSON text.
 */
export class RouteSocket implements AsyncIterable<SocketMessage> {
  readonly #ws: WebSocket;
  readonly #queue: SocketMessage[] = [];
  #waiting?: (result: IteratorResult<SocketMessage>) => void;
  #ended = false;

  constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on('message', (data, isBinary) => this.#push(toMessage(data, isBinary)));
    ws.on('close', () => this.#end());
  }

  /** True once either side has started closing. */
  get closed(): boolean {
    return this.#ws.readyState !== this.#ws.OPEN;
  }

  /** Resolves once the message is handed to the network; a closed socket drops it. */
  send(value: unknown): Promise<void> {
    if (this.closed) return Promise.resolve();
    const data =
      typeof value === 'string' || value instanceof Uint8Array ? value : JSON.stringify(value);
    return new Promise((resolve) => this.#ws.send(data, () => resolve()));
  }

  close(code = 1000, reason = ''): void {
    if (!this.closed) this.#ws.close(code, reason);
  }

  [Symbol.asyncIterator](): AsyncIterator<SocketMessage> {
    return {
      next: () => {
        const message = this.#queue.shift();
        if (message !== undefined) {
          if (this.#queue.length < queueLimit) this.#ws.resume();
          return Promise.resolve({ value: message, done: false });
        }
        if (this.#ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.#waiting = resolve));
      },
      return: () => {
        this.#end();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  #push(message: SocketMessage): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting) return waiting({ value: message, done: false });
    this.#queue.push(message);
    // A handler that reads slower than the client writes: stop reading, so TCP pushes back on the client.
    if (this.#queue.length >= queueLimit) this.#ws.pause();
  }

  #end(): void {
    this.#ended = true;
    this.#waiting?.({ value: undefined, done: true });
    this.#waiting = undefined;
  }
}

function toMessage(data: RawData, isBinary: boolean): SocketMessage {
  const bytes = Buffer.isBuffer(data)
    ? data
    : Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.from(data);
  return isBinary ? bytes : bytes.toString('utf8');
}
