/**
 * Decides when a stream scans an open frame again that no suspended read holds (see FrameReads): the rest of a line
 * after a call, a broken call until its end, text in a block of calls, inline code. Scanning it costs its whole
 * length, so scanning it on every piece is quadratic. This watch follows the frame's brackets and strings over each
 * new piece only (O(piece)), and says when the frame may have become decidable: a character outside strings at
 * bracket depth 0 (a call's end, a closing tag or fence, the text after a call), a line break there, or a blank line
 * (where a broken call ends); for inline code, a backtick or a line break. The first few such moments are read at
 * once; after that a read waits until the frame has grown by an eighth since the last one, and a frame that has
 * doubled is read whatever the watch says. The total work over a reply is then linear in its length, and the parse
 * is the same: only when the stream looks again changes, never what it decides.
 */

/** Reads at moments the watch names, before the growth rule applies. */
const FREE_READS = 3;
/** A read after the free ones waits for the frame to grow by 1/GROWTH of its length at the last read. */
const GROWTH = 8;

const NEWLINE = 10;
const SPACE = 32;
const TAB = 9;
const RETURN = 13;
const BACKSLASH = 92;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const BACKTICK = 96;

export class FrameWatch {
  private depth = 0;
  /** The quote of the string the frame is in, or 0. */
  private quote = 0;
  private escaped = false;
  /** Whether the current line holds only blanks so far. */
  private blankLine = false;
  private due = false;
  private freeReads = FREE_READS;
  /** The frame's length at the last read. */
  private readLength: number;

  /**
   * Starts watching a frame whose text so far is `text.slice(from)`, just read. `follow`: where to start following
   * its brackets and strings (after a call already read whole, at the end, where they are all closed).
   */
  constructor(
    text: string,
    from: number,
    follow = from,
    private readonly span = false,
  ) {
    this.readLength = text.length - from;
    this.feed(text, follow);
    this.due = false;
  }

  /** Follows `text.slice(from)`, the new piece. */
  feed(text: string, from: number): void {
    if (this.span) {
      // Inline code ends at a run of backticks, or is no code at a blank line: nothing else can decide it.
      for (let pos = from; pos < text.length && !this.due; pos++) {
        const code = text.charCodeAt(pos);
        if (code === BACKTICK || code === NEWLINE) this.due = true;
      }
      return;
    }
    let { depth, quote, escaped, blankLine, due } = this;
    for (let pos = from; pos < text.length; pos++) {
      const code = text.charCodeAt(pos);
      if (code === NEWLINE) {
        if (blankLine) due = true;
        blankLine = true;
        // A line break ends a string for the watch, as it does for where a broken call ends.
        quote = 0;
        escaped = false;
        if (depth <= 0) due = true;
        continue;
      }
      if (code !== SPACE && code !== TAB && code !== RETURN) blankLine = false;
      if (quote) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === quote) quote = 0;
        continue;
      }
      if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) quote = code;
      else if (code === 40 || code === 91 || code === 123) depth++;
      else if (code === 41 || code === 93 || code === 125) depth--;
      if (depth <= 0 && code !== SPACE && code !== TAB && code !== RETURN) due = true;
    }
    this.depth = depth;
    this.quote = quote;
    this.escaped = escaped;
    this.blankLine = blankLine;
    this.due = due;
  }

  /** Whether to read the frame again now, its length being `length`. */
  shouldRead(length: number): boolean {
    const grown = length - this.readLength;
    const read = grown >= this.readLength || (this.due && (this.freeReads > 0 || grown * GROWTH >= this.readLength));
    if (!read) return false;
    if (this.due && this.freeReads > 0 && grown * GROWTH < this.readLength) this.freeReads--;
    this.due = false;
    this.readLength = length;
    return true;
  }
}
