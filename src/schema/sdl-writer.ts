// The text buffer the serializer prints into: characters copied into one growing byte array, decoded once.

const decoder = new TextDecoder();
/** Node's Buffer, when there is one: it turns ASCII bytes into a string ten times faster than TextDecoder. */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;

const space = 0x20;
const colon = 0x3a;
const newline = 0x0a;

/**
 * Collects printed text without building intermediate strings. A string per field and per type,
 * joined per type and then once more for the schema, left the garbage collector and the joins more
 * work than the printing itself (see bench/schema); copying each piece's characters into one byte
 * array leaves a single string to make, at the end. The bytes hold ASCII only: at the first other
 * character the writer keeps the rest as strings, joined at the end, so any Unicode stays exact.
 */
export class SdlWriter {
  #bytes = new Uint8Array(1 << 16);
  #length = 0;
  /** The text after the first non-ASCII character, once there is one. */
  #pieces: string[] | null = null;

  /** Appends each text in turn; a few per call keeps the printers short, `''` costs nothing. */
  write(a: string, b?: string, c?: string, d?: string): void {
    this.#append(a);
    if (b !== undefined) this.#append(b);
    if (c !== undefined) this.#append(c);
    if (d !== undefined) this.#append(d);
  }

  /**
   * `  name: Type\n` in one pass: the line of a field with no arguments, directives or description,
   * most lines of most schemas. Five calls of `write`'s kind per line cost about a tenth of a plain
   * schema's time (see bench/schema).
   */
  writeFieldLine(name: string, typeText: string): void {
    const start = this.#length;
    if (this.#pieces === null) {
      const end = start + name.length + typeText.length + 5;
      if (end > this.#bytes.length) this.#grow(end);
      const bytes = this.#bytes;
      bytes[start] = space;
      bytes[start + 1] = space;
      let at = copyAscii(bytes, name, start + 2);
      if (at !== -1) {
        bytes[at] = colon;
        bytes[at + 1] = space;
        at = copyAscii(bytes, typeText, at + 2);
      }
      if (at !== -1) {
        bytes[at] = newline;
        this.#length = end;
        return;
      }
    }
    // Beyond ASCII (or already past it): the pieces path keeps the text exact.
    this.write('  ', name, ': ', typeText);
    this.#append('\n');
  }

  /** Drops the last `count` characters written: the blank line after the last definition. */
  trimEnd(count: number): void {
    if (this.#pieces === null) this.#length = Math.max(0, this.#length - count);
    else this.#pieces.push(this.#pieces.pop()!.slice(0, -count));
  }

  toString(): string {
    const length = this.#length;
    const ascii = NodeBuffer
      ? NodeBuffer.from(this.#bytes.buffer, 0, length).toString('latin1')
      : decoder.decode(this.#bytes.subarray(0, length));
    return this.#pieces === null ? ascii : ascii + this.#pieces.join('');
  }

  #append(text: string): void {
    if (this.#pieces !== null) {
      this.#pieces.push(text);
      return;
    }
    const end = this.#length + text.length;
    if (end > this.#bytes.length) this.#grow(end);
    // Characters already copied stay: #length still ends before this piece.
    if (copyAscii(this.#bytes, text, this.#length) === -1) this.#pieces = [text];
    else this.#length = end;
  }

  #grow(needed: number): void {
    let size = this.#bytes.length * 2;
    while (size < needed) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = bigger;
  }
}

/** Copies `text` into `bytes` from `at` (room checked by the caller); the end, or -1 at a non-ASCII character. */
function copyAscii(bytes: Uint8Array, text: string, at: number): number {
  for (let i = 0; i < text.length; i++, at++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return -1;
    bytes[at] = code;
  }
  return at;
}
