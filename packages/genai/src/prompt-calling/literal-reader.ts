/**
 * Reads the values a model writes in a call: JSON, and the Python literals Gemma's format uses, with a bounded set
 * of repairs for what models often get wrong. Every repair is named, so a caller can see what was forgiven.
 *
 * The reader is resumable: in a stream it holds only the text it may still look at (a window), and a read that
 * reaches the end of the text so far returns MORE with its progress kept; after `append` the same read goes on where
 * it stopped. A string, a name or a number cut by a piece's end keeps what it has read so far and goes on from the
 * next piece; only an escape cut by it is read again from its backslash. So reading a call costs its length once
 * however it was cut. In a whole text (`final`) the end is the end: a read there throws
 * Incomplete.
 */
import { isNamePart, isNameStart, match } from './text-cursor.js';
import { TextPieces } from './text-pieces.js';
import { Incomplete, MORE, type More, type Reading, type Repair, Unreadable } from './read-signals.js';
import { ValueMachine } from './value-machine.js';

/** What ends or interrupts a run of plain characters in a string: its quote, an escape, a raw line break. */
const DOUBLE_QUOTED_SPECIAL = /["\\\n]/g;
const SINGLE_QUOTED_SPECIAL = /['\\\n]/g;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const HEX = /^[0-9a-fA-F]+$/;
const HEX_OR_NOTHING = /^[0-9a-fA-F]*$/;
const WORDS: Record<string, { value: unknown; python: boolean }> = {
  true: { value: true, python: false },
  false: { value: false, python: false },
  null: { value: null, python: false },
  True: { value: true, python: true },
  False: { value: false, python: true },
  None: { value: null, python: true },
};
const ESCAPES: Record<string, string> = {
  '"': '"',
  "'": "'",
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/** Up to this many characters, a string's special characters are looked for by hand (a regex call costs more). */
const SHORT_RUN = 24;
/** A streamed string's text is decoded in chunks of about this many characters. */
const DECODE_CHUNK = 4096;

/** The next quote, backslash or line break at or after `at` (`end` if none), by a native search. */
function nextSpecial(special: RegExp, text: string, at: number): number {
  special.lastIndex = at;
  return special.test(text) ? special.lastIndex - 1 : text.length;
}

/** The same, one character at a time: a streamed piece is often a few characters. */
function nextSpecialByHand(text: string, at: number, quote: number): number {
  for (let pos = at; pos < text.length; pos++) {
    const code = text.charCodeAt(pos);
    if (code === quote || code === 92 || code === 10) return pos;
  }
  return text.length;
}

/** `[A-Za-z0-9_]`: a parameter name or a bare word. */
export function isKeyPart(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57);
}

/** The characters a number is made of; the longest run of them is the number's text. */
function isNumberPart(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46 || code === 101 || code === 69 || code === 43 || code === 45;
}

/** A cursor over one call's text. `pos` is a position in the whole text the reader was made on. */
export class LiteralReader {
  pos: number;
  readonly repairs = new Set<Repair>();
  /** Whether the text is whole: then a read at its end throws Incomplete instead of returning MORE. */
  final: boolean;
  /** The text the reader may still look at, from `offset` on. */
  private window: string;
  private offset: number;
  /** The text since the reader was made, for the calls' own text (made at the first `append`). */
  private pieces: TextPieces | undefined;
  private readonly machine = new ValueMachine();
  /** Whether a value is being read (and waits for more text). */
  private inValue = false;
  /** A value that `pump` finished, for the next `value()`. */
  private pumped: unknown = MORE;
  /** The quote of the string being read. */
  private stringQuote = 0;
  /** Where the text of the string that waits for more, not decoded yet, starts in the whole text. */
  private openString: number | undefined;
  /** What that string holds before `openString`, decoded. */
  private stringSoFar = '';
  /** The name or number being read, while it waits for more text: its characters so far (`pos` is past them). */
  private tokenSoFar: string | undefined;
  /** The last escape read, set by `escape`. */
  private escaped = '';

  /** A reader from `start`; `text` is the text so far, whose first character is at `offset` in the whole text. */
  constructor(text: string, start: number, final: boolean, offset = 0) {
    this.window = text;
    this.offset = offset;
    this.pos = start;
    this.final = final;
  }

  /** Where the text so far ends. */
  get end(): number {
    return this.offset + this.window.length;
  }

  /** How much text the reader keeps to look at: in a stream, a piece and at most a short token cut by its end. */
  get retained(): number {
    return this.window.length;
  }

  get atEnd(): boolean {
    return this.pos >= this.end;
  }

  /** The stream's next piece. Only the text a read may still look at stays in the window. */
  append(piece: string): void {
    if (!this.pieces) {
      this.pieces = new TextPieces(this.offset);
      this.pieces.append(this.window);
    }
    this.pieces.append(piece);
    const keep = this.pos;
    this.window = keep >= this.end ? piece : this.window.slice(keep - this.offset) + piece;
    this.offset = keep;
  }

  /** The text from `start` to `end` (a call's own text). */
  slice(start: number, end: number): string {
    if (start >= this.offset || !this.pieces) return this.window.slice(start - this.offset, end - this.offset);
    return this.pieces.slice(start, end);
  }

  /** Whether `count` characters are there from `pos` on. */
  has(count = 1): boolean {
    return this.pos + count <= this.end;
  }

  /** Whether a character is there at `pos`; false: wait for more. At the end of a whole text, Incomplete. */
  ready(): boolean {
    if (this.pos < this.end) return true;
    if (this.final) throw new Incomplete(this.pos);
    return false;
  }

  /** The character at `pos` (after `ready`). */
  peek(): string {
    return this.window[this.pos - this.offset]!;
  }

  code(): number {
    return this.window.charCodeAt(this.pos - this.offset);
  }

  /** The character at `at`, if the text so far holds it. */
  charAt(at: number): string | undefined {
    return this.window[at - this.offset];
  }

  skipSpace(): void {
    const { window, offset } = this;
    let at = this.pos - offset;
    for (;;) {
      const code = window.charCodeAt(at);
      if (code === 32 || code === 10 || code === 13 || code === 9) at++;
      else break;
    }
    this.pos = at + offset;
  }

  /** Past blanks: whether a character follows (false: wait for more; Incomplete at a whole text's end). */
  blank(): boolean {
    this.skipSpace();
    return this.ready();
  }

  /** Consumes `char` where the reader stands (after `blank`), or throws. */
  take(char: string): void {
    if (this.peek() !== char) throw this.unexpected(`"${char}"`);
    this.pos++;
  }

  /** Past blanks, waiting until a character follows them or the whole text has ended. */
  *skipBlanks(): Reading<void> {
    for (;;) {
      this.skipSpace();
      if (this.pos < this.end || this.final) return;
      yield;
    }
  }

  /**
   * Whether `literal` (lower case) is written at `pos`, case-insensitive. 'partial' only in a whole text that ends
   * inside it; a stream waits to see.
   */
  *lookingAt(literal: string): Reading<'yes' | 'no' | 'partial'> {
    for (;;) {
      const found = match(this.window, this.pos - this.offset, literal);
      if (found !== 'partial' || this.final) return found;
      yield;
    }
  }

  unexpected(expected: string): Unreadable {
    // One character only: what follows may not have arrived yet in a stream, and the message must not change.
    const found = this.pos < this.end ? JSON.stringify(this.peek()) : 'the end';
    return new Unreadable(`expected ${expected} but found ${found}`, this.pos);
  }

  /**
   * A function name (Gemini allows `.`, `:` and `-` in function names); `keys` for a parameter name or a word. A name
   * cut by the text's end is kept and goes on with the next piece: call again at the same place after `append`.
   */
  name(keys = false): string | More {
    if (!this.ready()) return MORE;
    const { window, offset } = this;
    const start = this.pos - offset;
    let at = start;
    if (this.tokenSoFar === undefined) {
      if (!isNameStart(window.charCodeAt(at))) throw this.unexpected('a name');
      at++;
    }
    if (keys) while (at < window.length && isKeyPart(window.charCodeAt(at))) at++;
    else while (at < window.length && isNamePart(window.charCodeAt(at))) at++;
    if (at >= window.length && this.final) throw new Incomplete(at + offset);
    return this.token(start, at);
  }

  /**
   * The token (name or number run) read from `start` to `at` in the window, with what an earlier piece held of it;
   * MORE with it kept when it touches the end of the text so far, which may go on.
   */
  private token(start: number, at: number): string | More {
    const { window } = this;
    const soFar = this.tokenSoFar;
    this.pos = at + this.offset;
    if (at >= window.length && !this.final) {
      this.tokenSoFar = (soFar ?? '') + window.slice(start);
      return MORE;
    }
    this.tokenSoFar = undefined;
    return soFar === undefined ? window.slice(start, at) : soFar + window.slice(start, at);
  }

  /** A whole value (JSON or Python literal), or MORE while it waits for the rest. */
  value(): unknown {
    if (this.pumped !== MORE) {
      const value = this.pumped;
      this.pumped = MORE;
      return value;
    }
    if (!this.inValue) {
      this.machine.reset();
      this.inValue = true;
    }
    const value = this.machine.read(this);
    if (value !== MORE) this.inValue = false;
    return value;
  }

  /**
   * Goes on with the value being read, if one waits for more text: whether it still waits. Most pieces of a long
   * call fall inside a value; they are read here, without resuming the readers around it.
   */
  pump(): boolean {
    if (!this.inValue) return false;
    const value = this.machine.read(this);
    if (value === MORE) return true;
    this.inValue = false;
    this.pumped = value;
    return false;
  }

  /**
   * A quoted string from `pos` (its opening quote), or MORE while it waits for the rest. Within one window it is
   * decoded as it is read. A string that waits for more text is only scanned from then on (for its closing quote,
   * checking its escapes): its text is kept in pieces anyway, and is cut and decoded a chunk at a time, so a piece
   * inside it costs no copy and the piece that closes it decodes at most a chunk.
   */
  string(): string | More {
    const { window, offset } = this;
    const end = window.length;
    let at = this.pos - offset;
    const open = this.openString;
    if (open === undefined) {
      this.stringQuote = window.charCodeAt(at);
      if (this.stringQuote === 39) this.repairs.add('single-quotes');
      at++;
    }
    const quote = this.stringQuote;
    // The characters that matter in a string are found by a native search, not one by one: long strings are the
    // bulk of a long call.
    const special = quote === 34 ? DOUBLE_QUOTED_SPECIAL : SINGLE_QUOTED_SPECIAL;
    // What this window holds of a string that started in it, decoded (up to `runStart`).
    let soFar = '';
    let runStart = at;
    for (;;) {
      at = end - at > SHORT_RUN ? nextSpecial(special, window, at) : nextSpecialByHand(window, at, quote);
      if (at >= end) {
        if (this.final) throw new Incomplete(end + offset);
        this.wait(open, soFar, runStart, end);
        return MORE;
      }
      const code = window.charCodeAt(at);
      if (code === quote) {
        this.pos = at + 1 + offset;
        this.openString = undefined;
        if (open === undefined) return soFar + window.slice(runStart, at);
        const value = this.stringSoFar + this.decode(this.slice(open, at + offset), quote === 34);
        this.stringSoFar = '';
        return value;
      }
      if (code !== 92) {
        if (code === 10) this.repairs.add('raw-newline-in-string');
        at++;
        continue;
      }
      const after = this.escape(window, at, quote === 34);
      if (after === MORE) {
        // The escape is read whole from its backslash when more text has come.
        this.wait(open, soFar, runStart, at);
        return MORE;
      }
      if (open === undefined) soFar += window.slice(runStart, at) + this.escaped;
      at = runStart = after;
    }
  }

  /**
   * The string waits at `at` (in the window) for more text. The first time, what it read is kept decoded (`soFar`
   * and the run from `runStart`); later, what it scanned is decoded once it is a chunk long.
   */
  private wait(open: number | undefined, soFar: string, runStart: number, at: number): void {
    const waitAt = at + this.offset;
    this.pos = waitAt;
    if (open === undefined) {
      this.stringSoFar = soFar + this.window.slice(runStart, at);
      this.openString = waitAt;
    } else if (waitAt - open >= DECODE_CHUNK) {
      this.stringSoFar += this.decode(this.slice(open, waitAt), this.stringQuote === 34);
      this.openString = waitAt;
    }
  }

  /** A string's text whose escapes were checked as it was scanned, decoded. */
  private decode(text: string, doubleQuoted: boolean): string {
    let out = '';
    let runStart = 0;
    for (let at = text.indexOf('\\'); at >= 0; at = text.indexOf('\\', runStart)) {
      const after = this.escape(text, at, doubleQuoted) as number;
      out += text.slice(runStart, at) + this.escaped;
      runStart = after;
    }
    return runStart === 0 ? text : out + text.slice(runStart);
  }

  /**
   * Whether `piece` only extends the open string that waits for more text (no quote, backslash or line break in it):
   * then it is kept as the string's text and nothing is read. Most pieces of a long call are such pieces.
   */
  extendString(piece: string): boolean {
    if (this.openString === undefined || this.pos !== this.end || piece.length > SHORT_RUN || !this.pieces)
      return false;
    if (nextSpecialByHand(piece, 0, this.stringQuote) < piece.length) return false;
    this.pieces.append(piece);
    this.offset = this.pos;
    this.window = piece;
    this.pos += piece.length;
    return true;
  }

  /**
   * Reads the escape at `at` (a backslash in `text`: the window, or a string's whole text) into `escaped`; returns
   * the position after it.
   */
  private escape(text: string, at: number, doubleQuoted: boolean): number | More {
    const end = text.length;
    if (at + 1 >= end) return this.waitOr(at);
    const code = text[at + 1]!;
    if (code === 'u' || code === 'x') {
      const length = code === 'u' ? 4 : 2;
      const hex = text.slice(at + 2, at + 2 + length);
      if (hex.length < length && at + 2 + hex.length >= end && HEX_OR_NOTHING.test(hex)) return this.waitOr(at);
      if (!HEX.test(hex) || hex.length < length)
        throw new Unreadable(`a broken \\${code} escape in a string`, at + this.offset);
      if (code === 'x') this.repairs.add('python-escape');
      this.escaped = String.fromCharCode(parseInt(hex, 16));
      return at + 2 + length;
    }
    if (code in ESCAPES) {
      if (code === "'" && doubleQuoted) this.repairs.add('python-escape');
      this.escaped = ESCAPES[code]!;
      return at + 2;
    }
    this.repairs.add('python-escape');
    // A Python line continuation inside a string; any other unknown escape is kept as written (`"\d"`).
    this.escaped = code === '\n' ? '' : `\\${code}`;
    return at + 2;
  }

  /** MORE in a stream; Incomplete at `at` (in the window) at a whole text's end. */
  private waitOr(at: number): More {
    if (this.final) throw new Incomplete(at + this.offset);
    return MORE;
  }

  /**
   * A number from `pos`. Its text is the longest run of number characters: a stream waits until the run ends (what
   * it has of the run is kept), and a run that is not exactly one number is malformed.
   */
  number(): number | More {
    const { window, offset } = this;
    const start = this.pos - offset;
    let at = start;
    while (at < window.length && isNumberPart(window.charCodeAt(at))) at++;
    const atEnd = at >= window.length;
    const run = this.token(start, at);
    if (run === MORE) return MORE;
    const runStart = this.pos - run.length;
    // The pattern reads number characters only: it matches within the run.
    NUMBER.lastIndex = 0;
    const found = NUMBER.exec(run);
    if (!found) {
      if (run.length <= 1 && atEnd) throw new Incomplete(runStart);
      throw new Unreadable(`expected a number but found ${JSON.stringify(run.charAt(0))}`, runStart);
    }
    const length = found[0].length;
    // A number that touches the end may go on in the next chunk.
    if (length === run.length && atEnd) throw new Incomplete(runStart + length);
    if (length < run.length)
      throw new Unreadable(`a malformed number ${JSON.stringify(run.slice(0, length + 1))}`, runStart);
    return Number(found[0]);
  }

  /** `true`, `false`, `null` and Python's `True`, `False`, `None`. */
  word(): unknown {
    const word = this.name(true);
    if (word === MORE) return MORE;
    return this.wordValue(word, this.pos - word.length);
  }

  /** The value of a bare word that starts at `at`: only the six above are values. */
  wordValue(word: string, at: number): unknown {
    const known = Object.hasOwn(WORDS, word) ? WORDS[word] : undefined;
    if (!known) throw new Unreadable(`${JSON.stringify(word)} is not a value (strings need quotes)`, at);
    if (known.python) this.repairs.add('python-literals');
    return known.value;
  }
}
