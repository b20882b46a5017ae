import type { EndSearch } from './broken-end.js';
import { LiteralReader } from './literal-reader.js';
import type { ReplyItem } from './parsed-reply.js';
import { Incomplete, type Reading, Unreadable } from './read-signals.js';
import { withText } from './reply-items.js';

/** How a frame's read ended: its items and where the frame ends, or why it cannot be read. Whole-reply positions. */
export type ReadEnd =
  | { kind: 'items'; items: ReplyItem[]; end: number }
  | { kind: 'error'; error: Incomplete | Unreadable };

/** Reads a frame's body from the reader (which stands where the body starts); `at` is where the frame starts. */
export type FrameBody = (reader: LiteralReader, at: number) => Reading<ReplyItem[]>;

interface FrameRead {
  reader: LiteralReader;
  run: Reading<ReplyItem[]>;
  /** Where the frame starts in the whole reply. */
  start: number;
  ended?: ReadEnd;
  /** For a read that failed: the search for where the broken frame ends. */
  search?: EndSearch;
}

/**
 * The reads of call frames, kept across the scans of a stream. A scan that reaches a frame whose text is not all
 * there leaves its read suspended; the stream hands each new piece to that read alone (`feed`), and the scan after
 * it ends takes the end from here instead of reading the frame again. So a frame is read once, however it was cut,
 * and the piece that completes it costs that piece's length. Reads of a whole text run to their end at once and are
 * not kept.
 */
export class FrameReads {
  /** Where the text of the current scan starts in the whole reply. */
  base = 0;
  /** The read that made the current scan wait, if one did: its frame's read, or the search for its end. */
  suspended: FrameRead | undefined;
  /** The read `run` last ran. */
  private current: FrameRead | undefined;
  private readonly kept = new Map<number, FrameRead>();

  constructor(readonly streaming: boolean) {}

  /**
   * The end of the read of the frame at `at` (in `text`, the scan's text) whose body starts at `pos`, or undefined
   * while its text is not all there: the read is then suspended.
   */
  run(text: string, at: number, pos: number, final: boolean, body: FrameBody): ReadEnd | undefined {
    const start = this.base + at;
    let read = this.streaming ? this.kept.get(start) : undefined;
    if (!read) {
      const reader = new LiteralReader(text, this.base + pos, final, this.base);
      read = { reader, run: body(reader, start), start };
      if (this.streaming) this.kept.set(start, read);
    }
    this.current = read;
    if (!read.ended) {
      read.reader.final = final;
      advance(read);
      if (!read.ended) {
        this.suspended = read;
        return undefined;
      }
    }
    return read.ended;
  }

  /**
   * Where the frame `run` just read, which failed, ends (a whole-reply position; -1 when the search finds none in a
   * whole text). Its search is made once and kept with the read, so a stream's scans resume it; undefined while the
   * text so far does not tell: the read is then suspended, and the stream's pieces go to the search alone.
   */
  brokenEnd(text: string, final: boolean, search: () => EndSearch): number | undefined {
    const read = this.current!;
    read.search ??= search();
    const end = read.search.next(text, this.base, final);
    if (end === undefined) this.suspended = read;
    return end;
  }

  /** The stream's next piece, for the suspended read: whether that read (or the search for its end) has ended. */
  feed(piece: string): boolean {
    const read = this.suspended!;
    const { reader, search } = read;
    if (search) {
      // The reader looks at nothing more: it keeps the piece for the frame's text, and the search reads it.
      reader.pos = reader.end;
      reader.append(piece);
      return search.next(piece, reader.end - piece.length, false) !== undefined;
    }
    if (reader.extendString(piece)) return false;
    reader.append(piece);
    advance(read);
    return read.ended !== undefined;
  }

  /** The text the suspended read holds from `from` (a whole-reply position) to its end. */
  text(from: number): string {
    const { reader } = this.suspended!;
    return reader.slice(from, reader.end);
  }

  /** Frames that start before `position` are decided: their reads are dropped. */
  forget(position: number): void {
    if (this.kept.size === 0) return;
    for (const start of this.kept.keys()) if (start < position) this.kept.delete(start);
  }
}

function advance(read: FrameRead): void {
  try {
    if (read.reader.pump()) return;
    const step = read.run.next();
    if (!step.done) return;
    const { reader } = read;
    read.ended = { kind: 'items', items: withText(step.value, reader, read.start, reader.pos), end: reader.pos };
  } catch (error) {
    if (!(error instanceof Incomplete || error instanceof Unreadable)) throw error;
    read.ended = { kind: 'error', error };
  }
}
