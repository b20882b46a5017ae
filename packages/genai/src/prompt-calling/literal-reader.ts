/**
 * Reads the values a model writes in a call: JSON, and the Python literals Gemma's format uses, with a bounded set
 * of repairs for what models often get wrong. Every repair is named, so a caller can see what was forgiven.
 */

/** The text ended inside a value: in a stream, more may come; in a whole reply, the call was cut off. */
export class Incomplete {
  constructor(readonly at: number) {}
}

/** The text is not a value, and no more text can make it one. */
export class Unreadable {
  constructor(
    readonly message: string,
    readonly at: number,
  ) {}
}

/** What the reader forgave, by name. */
export type Repair =
  | 'single-quotes'
  | 'python-literals'
  | 'trailing-comma'
  | 'unquoted-key'
  | 'raw-newline-in-string'
  | 'python-escape'
  | 'tuple-as-list';

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_.:-]/;
const KEY_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;
/** What ends or interrupts a run of plain characters in a string: its quote, an escape, a raw line break. */
const DOUBLE_QUOTED_SPECIAL = /["\\\n]/g;
const SINGLE_QUOTED_SPECIAL = /['\\\n]/g;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
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

/** A cursor over one text. Methods throw Incomplete or Unreadable; `pos` is where the next read starts. */
export class LiteralReader {
  pos: number;
  readonly repairs = new Set<Repair>();
  /** Nesting guard: a model can write `[[[[...` forever; the stack cannot. */
  private depth = 0;

  constructor(
    readonly text: string,
    start = 0,
  ) {
    this.pos = start;
  }

  get atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string {
    if (this.pos >= this.text.length) throw new Incomplete(this.pos);
    return this.text[this.pos]!;
  }

  skipSpace(): void {
    const { text } = this;
    let pos = this.pos;
    for (;;) {
      const code = text.charCodeAt(pos);
      if (code === 32 || code === 10 || code === 13 || code === 9) pos++;
      else break;
    }
    this.pos = pos;
  }

  /** Consumes `char` (after spaces) or throws. */
  expect(char: string, what = `"${char}"`): void {
    this.skipSpace();
    const next = this.peek();
    if (next !== char) throw this.unexpected(what);
    this.pos++;
  }

  unexpected(expected: string): Unreadable {
    // One character only: what follows may not have arrived yet in a stream, and the message must not change.
    const found = this.pos < this.text.length ? JSON.stringify(this.text[this.pos]) : 'the end';
    return new Unreadable(`expected ${expected} but found ${found}`, this.pos);
  }

  /** A function or parameter name (Gemini allows `.`, `:` and `-` in function names). */
  name(part = NAME_PART): string {
    const start = this.pos;
    if (!NAME_START.test(this.peek())) throw this.unexpected('a name');
    this.pos++;
    while (this.pos < this.text.length && part.test(this.text[this.pos]!)) this.pos++;
    if (this.pos >= this.text.length) throw new Incomplete(this.pos);
    return this.text.slice(start, this.pos);
  }

  keyName(): string {
    return this.name(KEY_PART);
  }

  value(): unknown {
    this.skipSpace();
    const char = this.peek();
    if (char === '{' || char === '[' || char === '(') {
      if (++this.depth > 64) throw new Unreadable('values nest more than 64 levels deep', this.pos);
      if (char === '(') this.repairs.add('tuple-as-list');
      const value = char === '{' ? this.object() : char === '[' ? this.list(']') : this.list(')');
      this.depth--;
      return value;
    }
    if (char === '"' || char === "'") return this.string();
    if (char === '-' || DIGIT.test(char)) return this.number();
    if (NAME_START.test(char)) return this.word();
    throw this.unexpected('a value');
  }

  private object(): Record<string, unknown> {
    this.pos++;
    const result: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      const char = this.peek();
      if (char === '}') {
        this.pos++;
        return result;
      }
      let key: string;
      if (char === '"' || char === "'") key = this.string();
      else if (NAME_START.test(char)) {
        key = this.keyName();
        this.repairs.add('unquoted-key');
      } else throw this.unexpected('a key or "}"');
      this.expect(':');
      setKey(result, key, this.value());
      if (this.separator('}')) return result;
    }
  }

  private list(close: string): unknown[] {
    this.pos++;
    const result: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === close) {
        this.pos++;
        return result;
      }
      result.push(this.value());
      if (this.separator(close)) return result;
    }
  }

  /** After an item: `,` (true = go on) or the closer (false = done); `, close` is a forgiven trailing comma. */
  private separator(close: string): boolean {
    this.skipSpace();
    const char = this.peek();
    if (char === close) {
      this.pos++;
      return true;
    }
    if (char !== ',') throw this.unexpected(`"," or "${close}"`);
    this.pos++;
    this.skipSpace();
    if (this.peek() === close) {
      this.repairs.add('trailing-comma');
      this.pos++;
      return true;
    }
    return false;
  }

  string(): string {
    const { text } = this;
    const quote = text.charCodeAt(this.pos);
    if (quote === 39) this.repairs.add('single-quotes');
    let pos = this.pos + 1;
    let out = '';
    let chunkStart = pos;
    const length = text.length;
    // The characters that matter in a string are found by a native search, not one by one: long strings are the
    // bulk of a long call.
    const special = quote === 34 ? DOUBLE_QUOTED_SPECIAL : SINGLE_QUOTED_SPECIAL;
    for (;;) {
      special.lastIndex = pos;
      pos = special.test(text) ? special.lastIndex - 1 : length;
      if (pos >= length) throw new Incomplete(pos);
      const code = text.charCodeAt(pos);
      if (code === quote) {
        this.pos = pos + 1;
        return out + text.slice(chunkStart, pos);
      }
      if (code !== 92) {
        if (code === 10) this.repairs.add('raw-newline-in-string');
        pos++;
        continue;
      }
      out += text.slice(chunkStart, pos);
      pos = this.escape(pos, quote === 34);
      out += this.escaped;
      chunkStart = pos;
    }
  }

  /** The last escape read, set by `escape`. */
  private escaped = '';

  /** Reads the escape at `pos` (a backslash) into `escaped`; returns the position after it. */
  private escape(pos: number, doubleQuoted: boolean): number {
    const { text } = this;
    if (pos + 1 >= text.length) throw new Incomplete(pos);
    const code = text[pos + 1]!;
    if (code === 'u' || code === 'x') {
      const length = code === 'u' ? 4 : 2;
      const hex = text.slice(pos + 2, pos + 2 + length);
      if (hex.length < length && pos + 2 + hex.length >= text.length && /^[0-9a-fA-F]*$/.test(hex))
        throw new Incomplete(pos);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length < length)
        throw new Unreadable(`a broken \\${code} escape in a string`, pos);
      if (code === 'x') this.repairs.add('python-escape');
      this.escaped = String.fromCharCode(parseInt(hex, 16));
      return pos + 2 + length;
    }
    if (code in ESCAPES) {
      if (code === "'" && doubleQuoted) this.repairs.add('python-escape');
      this.escaped = ESCAPES[code]!;
      return pos + 2;
    }
    this.repairs.add('python-escape');
    // A Python line continuation inside a string; any other unknown escape is kept as written (`"\d"`).
    this.escaped = code === '\n' ? '' : `\\${code}`;
    return pos + 2;
  }

  private number(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text);
    if (!match) {
      if (this.pos + 1 >= this.text.length) throw new Incomplete(this.pos);
      throw this.unexpected('a number');
    }
    const end = this.pos + match[0].length;
    // A number that touches the end may go on in the next chunk.
    if (end >= this.text.length) throw new Incomplete(end);
    if (/[0-9.eE+-]/.test(this.text[end]!))
      throw new Unreadable(`a malformed number ${JSON.stringify(this.text.slice(this.pos, end + 1))}`, this.pos);
    this.pos = end;
    return Number(match[0]);
  }

  private word(): unknown {
    const start = this.pos;
    const word = this.keyName();
    const known = WORDS[word];
    if (!known) throw new Unreadable(`${JSON.stringify(word)} is not a value (strings need quotes)`, start);
    if (known.python) this.repairs.add('python-literals');
    return known.value;
  }
}

/** Sets a key as data: "__proto__" is an ordinary key here, never the object's prototype. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
