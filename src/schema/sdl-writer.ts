// The text buffer the serializer prints into: characters copied into one growing byte array, decoded once.

const decoder = new TextDecoder();

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

  /** Drops the last `count` characters written: the blank line after the last definition. */
  trimEnd(count: number): void {
    if (this.#pieces === null) this.#length = Math.max(0, this.#length - count);
    else this.#pieces.push(this.#pieces.pop()!.slice(0, -count));
  }

  toString(): string {
    const ascii = decoder.decode(this.#bytes.subarray(0, this.#length));
    return this.#pieces === null ? ascii : ascii + this.#pieces.join('');
  }

  #append(text: string): void {
    if (this.#pieces !== null) {
      this.#pieces.push(text);
      return;
    }
    const end = this.#length + text.length;
    if (end > this.#bytes.length) this.#grow(end);
    const bytes = this.#bytes;
    for (let i = 0, at = this.#length; i < text.length; i++, at++) {
      const code = text.charCodeAt(i);
      // Characters already copied stay: #length still ends before this piece.
      if (code > 0x7f) return void (this.#pieces = [text]);
      bytes[at] = code;
    }
    this.#length = end;
  }

  #grow(needed: number): void {
    let size = this.#bytes.length * 2;
    while (size < needed) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.#bytes.subarray(0, this.#length));
    this.#bytes = bigger;
  }
}
