/**
 * Where a call that does not parse ends, searched once over its text however it arrives: a stream's next piece (or
 * its next scan) resumes the search where the last one stopped, so the search costs the call's length once.
 */
export interface EndSearch {
  /**
   * Looks on through `text`, whose first character is at `offset` in the whole reply (and which holds all that the
   * search has not seen yet). The end as a whole-reply position, or undefined while the text so far does not tell
   * (never when `final`). The answer, once given, stays the same.
   */
  next(text: string, offset: number, final: boolean): number | undefined;
}

const NEWLINE = 10;
const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The end of the line where the call's brackets (counted from its start, strings in double quotes left out) close
 * again, a blank line, or the end of the text; at least the line where it failed (`errorAt`).
 */
export class BracketEnd implements EndSearch {
  private depth = 0;
  private inString = false;
  /** The character after a backslash in a string is skipped. */
  private escaped = false;
  /** The character before `pos` is a line break with brackets open: a line break right after it ends the call. */
  private lineBreak = false;
  /** Where the search goes on, in the whole reply. */
  private pos: number;
  private found: number | undefined;

  constructor(
    at: number,
    private readonly errorAt: number,
  ) {
    this.pos = at;
  }

  next(text: string, offset: number, final: boolean): number | undefined {
    if (this.found !== undefined) return this.found;
    let { depth, inString, escaped } = this;
    let index = this.pos - offset;
    if (this.lineBreak && index < text.length) {
      this.lineBreak = false;
      if (text.charCodeAt(index) === NEWLINE) return (this.found = this.pos - 1);
    }
    for (; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (escaped) {
        escaped = false;
        continue;
      }
      if (inString) {
        if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE || code === NEWLINE) inString = false;
        if (code !== NEWLINE) continue;
      }
      if (code === QUOTE) inString = true;
      else if (code === 40 || code === 91 || code === 123) depth++;
      else if (code === 41 || code === 93 || code === 125) depth--;
      else if (code === NEWLINE && index + offset >= this.errorAt) {
        if (depth <= 0) return (this.found = index + offset);
        if (index + 1 < text.length) {
          if (text.charCodeAt(index + 1) === NEWLINE) return (this.found = index + offset);
        } else if (!final) {
          this.lineBreak = true;
          break;
        }
      }
    }
    if (final) return (this.found = offset + text.length);
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.pos = offset + Math.min(index + 1, text.length);
    return undefined;
  }
}

/**
 * Where `literal` (lower case ASCII, whose first character does not occur in it again) next starts from `from`,
 * ASCII case-insensitive, or -1 when a whole text holds none.
 */
export class LiteralEnd implements EndSearch {
  /** How many characters of the literal end the text seen so far. */
  private matched = 0;
  private pos: number;
  private found: number | undefined;

  constructor(
    from: number,
    private readonly literal: string,
  ) {
    this.pos = from;
  }

  next(text: string, offset: number, final: boolean): number | undefined {
    if (this.found !== undefined) return this.found;
    const { literal } = this;
    let matched = this.matched;
    let index = this.pos - offset;
    for (; index < text.length; index++) {
      let code = text.charCodeAt(index);
      if (code >= 65 && code <= 90) code += 32;
      if (code === literal.charCodeAt(matched)) {
        if (++matched === literal.length) return (this.found = index + offset + 1 - literal.length);
      } else matched = code === literal.charCodeAt(0) ? 1 : 0;
    }
    if (final) return (this.found = -1);
    this.matched = matched;
    this.pos = offset + text.length;
    return undefined;
  }
}
