/**
 * A set of code points, as sorted disjoint ranges, written as a regular expression class that means the same in
 * JavaScript (`u` flag) and in RE2. Template literal patterns are built from such sets, so that a set can lose the
 * characters of a delimiter (RE2 has no lookahead to keep them out).
 */
export class CharSet {
  private constructor(readonly ranges: readonly (readonly [number, number])[]) {}

  static readonly EMPTY = new CharSet([]);
  static readonly ALL = new CharSet([[0, 0x10ffff]]);
  /** JavaScript's white space, `\s` (core's pattern engine gives RE2 the same set). */
  static readonly SPACE = CharSet.union(
    CharSet.range('\t', '\r'),
    CharSet.of(' \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff'),
    CharSet.range('\u2000', '\u200a'),
  );

  /** The characters of `text`. */
  static of(text: string): CharSet {
    return CharSet.union(...[...text].map((char) => CharSet.range(char, char)));
  }

  /** `from` to `to`, both included (single characters). */
  static range(from: string, to: string): CharSet {
    return new CharSet([[from.codePointAt(0)!, to.codePointAt(0)!]]);
  }

  static union(...sets: readonly CharSet[]): CharSet {
    const all = sets.flatMap((set) => set.ranges).sort((a, b) => a[0] - b[0]);
    const out: [number, number][] = [];
    for (const [lo, hi] of all) {
      const last = out[out.length - 1];
      if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
      else out.push([lo, hi]);
    }
    return new CharSet(out);
  }

  complement(): CharSet {
    const out: [number, number][] = [];
    let next = 0;
    for (const [lo, hi] of this.ranges) {
      if (lo > next) out.push([next, lo - 1]);
      next = hi + 1;
    }
    if (next <= 0x10ffff) out.push([next, 0x10ffff]);
    return new CharSet(out);
  }

  minus(other: CharSet): CharSet {
    return CharSet.union(this.complement(), other).complement();
  }

  has(codePoint: number): boolean {
    return this.ranges.some(([lo, hi]) => lo <= codePoint && codePoint <= hi);
  }

  #same(other: CharSet): boolean {
    return JSON.stringify(this.ranges) === JSON.stringify(other.ranges);
  }

  get empty(): boolean {
    return this.ranges.length === 0;
  }

  /** The set as a pattern atom: a character, `\d`, `[\s\S]`, or a class (negated where that is shorter). */
  toString(): string {
    if (this.empty) return '[^\\s\\S]';
    const [first] = this.ranges;
    if (this.ranges.length === 1 && first![0] === 0 && first![1] === 0x10ffff) return '[\\s\\S]';
    if (this.ranges.length === 1 && first![0] === 0x30 && first![1] === 0x39) return '\\d';
    if (this.#same(CharSet.SPACE)) return '\\s';
    if (this.ranges.length === 1 && first![0] === first![1]) return atomChar(first![0]);
    const negated = this.complement();
    if (negated.ranges.length < this.ranges.length) return `[^${negated.#classBody()}]`;
    return `[${this.#classBody()}]`;
  }

  #classBody(): string {
    return this.ranges
      .map(([lo, hi]) => (lo === hi ? classChar(lo) : `${classChar(lo)}${hi === lo + 1 ? '' : '-'}${classChar(hi)}`))
      .join('');
  }
}

const ATOM_SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);
const CLASS_SYNTAX = new Set([...'\\]^-[']);
/** Tab to carriage return (9 to 13). */
const CONTROL_ESCAPES = ['\\t', '\\n', '\\v', '\\f', '\\r'];

/** A code point as an escape both engines read alike: printable ASCII as itself, anything else as `\u`. */
function escaped(codePoint: number, syntax: ReadonlySet<string>): string {
  if (codePoint >= 0x20 && codePoint <= 0x7e) {
    const char = String.fromCodePoint(codePoint);
    return syntax.has(char) ? `\\${char}` : char;
  }
  const control = CONTROL_ESCAPES[codePoint - 9];
  if (control) return control;
  return codePoint <= 0xffff ? `\\u${codePoint.toString(16).padStart(4, '0')}` : `\\u{${codePoint.toString(16)}}`;
}

const atomChar = (codePoint: number) => escaped(codePoint, ATOM_SYNTAX);
const classChar = (codePoint: number) => escaped(codePoint, CLASS_SYNTAX);
