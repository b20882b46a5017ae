/** How many bytes of an oversized line's start and end are kept, to tell what it was (its id, request or answer). */
export const EDGE_BYTES = 256;

/** What is known of a line dropped for passing the bound: its first and last bytes, and its length. */
export interface DroppedLine {
  head: string;
  tail: string;
  /** Its length in bytes (without the newline), or so far where the stream ended inside it. */
  bytes: number;
}

export interface LineHandlers {
  /** A whole line within the bound, without its newline (a carriage return before it is kept). */
  line(bytes: Buffer): void;
  /** The line being read just passed the bound: from here on its bytes are counted and dropped. */
  overflow(head: string): void;
  /** The oversized line ended with a newline: the next byte starts a fresh line. */
  dropped(line: DroppedLine): void;
}

/**
 * Splits a byte stream into newline-ended lines and holds at most `maxBytes` of the line being read: a line past the
 * bound is dropped as its bytes arrive (only its edges are kept) until its newline. JSON text written as one line
 * holds no raw newline (JSON.stringify escapes it in strings), so the byte after a newline always starts a message:
 * the stream resynchronises there.
 */
export class BoundedLines {
  readonly #maxBytes: number;
  readonly #on: LineHandlers;
  /** The pieces of the line being read, while it is within the bound. */
  #parts: Buffer[] = [];
  #size = 0;
  /** The line being dropped, from its overflow to its newline. */
  #dropping: { head: Buffer; tail: Buffer; bytes: number } | undefined;

  constructor(maxBytes: number, handlers: LineHandlers) {
    this.#maxBytes = maxBytes;
    this.#on = handlers;
  }

  /** Whether a line has begun and not ended (the stream stopping here cuts a message). */
  get midLine(): boolean {
    return this.#size > 0 || this.#dropping !== undefined;
  }

  /** What is known of the oversized line being dropped, if the stream is inside one. */
  get dropping(): DroppedLine | undefined {
    const line = this.#dropping;
    return line && { head: line.head.toString('utf8'), tail: line.tail.toString('utf8'), bytes: line.bytes };
  }

  push(chunk: Buffer): void {
    let from = 0;
    while (from < chunk.length) {
      const newline = chunk.indexOf(10, from);
      const end = newline === -1 ? chunk.length : newline;
      this.#take(chunk.subarray(from, end));
      if (newline === -1) break;
      this.#endLine();
      from = newline + 1;
    }
    // A line's first piece may be the end of a large chunk: copy it, so the rest of that chunk can be freed.
    const last = this.#parts.length === 1 ? this.#parts[0] : undefined;
    if (last && last.buffer === chunk.buffer && last.length < chunk.length) this.#parts[0] = Buffer.from(last);
  }

  clear(): void {
    this.#parts = [];
    this.#size = 0;
    this.#dropping = undefined;
  }

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    const dropping = this.#dropping;
    if (dropping) {
      dropping.bytes += piece.length;
      // Under a bound smaller than the edges, the head is still being filled.
      if (dropping.head.length < EDGE_BYTES) dropping.head = firstBytes([dropping.head, piece]);
      dropping.tail = lastBytes([dropping.tail, piece]);
      return;
    }
    if (this.#size + piece.length <= this.#maxBytes) {
      this.#parts.push(piece);
      this.#size += piece.length;
      return;
    }
    const seen = [...this.#parts, piece];
    const head = firstBytes(seen);
    this.#dropping = { head, tail: lastBytes(seen), bytes: this.#size + piece.length };
    this.#parts = [];
    this.#size = 0;
    this.#on.overflow(head.toString('utf8'));
  }

  #endLine(): void {
    const dropping = this.dropping;
    if (dropping) {
      this.#dropping = undefined;
      this.#on.dropped(dropping);
      return;
    }
    const line = this.#parts.length === 1 ? this.#parts[0]! : Buffer.concat(this.#parts, this.#size);
    this.#parts = [];
    this.#size = 0;
    this.#on.line(line);
  }
}

/** The first EDGE_BYTES of the pieces joined. */
function firstBytes(pieces: Buffer[]): Buffer {
  const kept: Buffer[] = [];
  let size = 0;
  for (const piece of pieces) {
    if (size >= EDGE_BYTES) break;
    kept.push(piece.subarray(0, EDGE_BYTES - size));
    size += kept[kept.length - 1]!.length;
  }
  return Buffer.concat(kept);
}

/** The last EDGE_BYTES of the pieces joined, copied (so the chunks they came from can be freed). */
function lastBytes(pieces: Buffer[]): Buffer {
  const kept: Buffer[] = [];
  let size = 0;
  for (let at = pieces.length - 1; at >= 0 && size < EDGE_BYTES; at--) {
    const piece = pieces[at]!;
    kept.unshift(piece.subarray(Math.max(0, piece.length - (EDGE_BYTES - size))));
    size += kept[0]!.length;
  }
  return Buffer.concat(kept);
}
