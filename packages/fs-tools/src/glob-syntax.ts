import { SandboxError } from './sandbox-error.js';

/** The longest pattern accepted, in characters: a pattern is a question, not a program. */
export const MAX_PATTERN_LENGTH = 1024;

/** One character test: inclusive code point ranges, or their complement (never `/`). */
export interface CharSet {
  ranges: Array<readonly [number, number]>;
  negated: boolean;
}

/**
 * A glob as a regular expression tree. There is no back-reference, look-around or negation of a sub-pattern in it,
 * so it compiles to an automaton that runs in time linear in the path (glob.ts).
 */
export type GlobNode =
  | { kind: 'char'; set: CharSet }
  /** Wildcards (`*`, `?`, `[!..]`, `**`) never take the `.` that starts a name unless dot files are asked for. */
  | { kind: 'noDotStart' }
  | { kind: 'seq'; items: GlobNode[] }
  | { kind: 'alt'; options: GlobNode[] }
  | { kind: 'repeat'; node: GlobNode; min: 0 | 1; max: 1 | typeof Infinity };

export interface ParsedGlob {
  node: GlobNode;
  /** A leading `!` inverts the whole pattern (as in picomatch). */
  negated: boolean;
}

const SLASH = 0x2f;
const NOT_SLASH: CharSet = { ranges: [], negated: true };
const slash: GlobNode = { kind: 'char', set: literalSet(SLASH) };
/** A run of characters within one name: `*`. */
const star: GlobNode = { kind: 'repeat', node: { kind: 'char', set: NOT_SLASH }, min: 0, max: Infinity };
/** One whole name, not starting with a dot: a segment that `**` spans. */
const segment: GlobNode = {
  kind: 'seq',
  items: [{ kind: 'noDotStart' }, { kind: 'repeat', node: { kind: 'char', set: NOT_SLASH }, min: 1, max: Infinity }],
};
/** `**\/`: any number of whole folders. */
const folders: GlobNode = { kind: 'repeat', node: { kind: 'seq', items: [segment, slash] }, min: 0, max: Infinity };
/** `/**` at the end: the folder itself or anything below it. */
const below: GlobNode = { kind: 'repeat', node: { kind: 'seq', items: [slash, segment] }, min: 0, max: Infinity };

const POSIX_CLASSES: Record<string, Array<readonly [number, number]>> = {
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  ascii: [[0x00, 0x7f]],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
  cntrl: [
    [0x00, 0x1f],
    [0x7f, 0x7f],
  ],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  upper: [[0x41, 0x5a]],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
};

/** Where the parser is: each context ends at its own closing characters. */
type Context = 'top' | 'brace' | 'extglob';

/**
 * Parses the glob syntax `list_files` documents: `*`, `**` as a whole segment, `?`, classes `[a-z]` `[!a]`
 * `[[:digit:]]`, alternatives `{a,b}` (nested), ranges `{1..20}` `{a..f}`, extglobs `@(a|b)` `?(a)` `*(a)` `+(a)`,
 * `\` escapes and a leading `!`. Braces stay alternatives in the tree: nothing is expanded into strings.
 * Refuses `!(..)` (not regular in a form that stays linear) and unclosed groups, with messages the model can act on.
 */
export function parseGlob(pattern: string): ParsedGlob {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    const limit = MAX_PATTERN_LENGTH;
    throw patternError(`is ${pattern.length} characters long; the limit is ${limit}. Use a shorter pattern`);
  }
  let text = pattern;
  let negated = false;
  while (text.startsWith('!') && !text.startsWith('!(')) {
    negated = !negated;
    text = text.slice(1);
  }
  while (text.startsWith('./')) text = text.slice(2);
  return { node: new Parser(Array.from(text)).parse(), negated };
}

function patternError(problem: string): SandboxError {
  return new SandboxError('invalid_argument', `the pattern ${problem}`);
}

class Parser {
  private at = 0;

  constructor(private readonly chars: readonly string[]) {}

  parse(): GlobNode {
    return this.sequence('top', true);
  }

  /** Reads items until the context's terminator (not consumed) or the end. */
  private sequence(context: Context, segmentStart: boolean): GlobNode {
    const items: GlobNode[] = [];
    let atSegmentStart = segmentStart;
    while (this.at < this.chars.length) {
      const char = this.chars[this.at] as string;
      if (context === 'brace' && (char === ',' || char === '}')) break;
      if (context === 'extglob' && (char === '|' || char === ')')) break;
      const next = this.chars[this.at + 1];
      if (next === '(' && '@?*+!'.includes(char)) {
        items.push(this.extglob(char));
        atSegmentStart = false;
        continue;
      }
      if (char === '*') {
        let end = this.at;
        // A star before `(` is the next extglob's, not part of this run.
        while (this.chars[end] === '*' && this.chars[end + 1] !== '(') end++;
        if (end === this.at) end++;
        const after = this.chars[end];
        const wholeSegment = end - this.at >= 2 && atSegmentStart;
        this.at = end;
        if (wholeSegment && after === '/') {
          this.at++;
          items.push(folders);
          continue;
        }
        if (wholeSegment && (after === undefined || (context === 'brace' && (after === ',' || after === '}')))) {
          // `X/**/**` is `X/**`.
          while (items.at(-1) === folders) items.pop();
          if (items.at(-1) === slash && after === undefined) {
            items.pop();
            items.push(below);
          } else {
            items.push(folders, segment);
          }
          atSegmentStart = false;
          continue;
        }
        items.push({ kind: 'noDotStart' }, star);
        atSegmentStart = false;
        continue;
      }
      if (char === '?') {
        this.at++;
        items.push({ kind: 'noDotStart' }, { kind: 'char', set: NOT_SLASH });
        atSegmentStart = false;
        continue;
      }
      if (char === '[') {
        const parsed = this.charClass();
        if (parsed) {
          items.push(...parsed);
          atSegmentStart = false;
          continue;
        }
      }
      if (char === '{') {
        items.push(this.brace(atSegmentStart));
        atSegmentStart = false;
        continue;
      }
      this.at++;
      let literal = char;
      if (char === '\\' && this.at < this.chars.length) literal = this.chars[this.at++] as string;
      const code = literal.codePointAt(0) as number;
      items.push(code === SLASH ? slash : { kind: 'char', set: literalSet(code) });
      atSegmentStart = code === SLASH;
    }
    return items.length === 1 ? (items[0] as GlobNode) : { kind: 'seq', items };
  }

  /** `@(..)`, `?(..)`, `*(..)`, `+(..)`; the position is on the kind character. */
  private extglob(kind: string): GlobNode {
    if (kind === '!') {
      throw patternError(
        'uses !(..), which is not supported; describe the names to list instead (for example *.@(ts|js)), ' +
          'or start the whole pattern with ! to list what does not match it',
      );
    }
    const opened = this.at;
    this.at += 2;
    const options: GlobNode[] = [];
    for (;;) {
      options.push(this.sequence('extglob', false));
      const char = this.chars[this.at];
      if (char === undefined) {
        const where = `at character ${opened + 1}`;
        throw patternError(`has an unclosed "${kind}(" ${where}; close it with ")" or write \\( to match "("`);
      }
      this.at++;
      if (char === ')') break;
    }
    const node: GlobNode = options.length === 1 ? (options[0] as GlobNode) : { kind: 'alt', options };
    switch (kind) {
      case '?':
        return { kind: 'repeat', node, min: 0, max: 1 };
      case '*':
        return { kind: 'repeat', node, min: 0, max: Infinity };
      case '+':
        return { kind: 'repeat', node, min: 1, max: Infinity };
      default:
        return node;
    }
  }

  /** `{a,b}` alternatives, `{1..9}` ranges, or (with neither) the literal text with its braces. */
  private brace(atSegmentStart: boolean): GlobNode {
    const opened = this.at;
    this.at++;
    const options: GlobNode[] = [];
    for (;;) {
      options.push(this.sequence('brace', atSegmentStart));
      const char = this.chars[this.at];
      if (char === undefined) {
        const where = `at character ${opened + 1}`;
        throw patternError(`has an unclosed "{" ${where}; close it with "}" or write \\{ to match a brace`);
      }
      this.at++;
      if (char === '}') break;
    }
    if (options.length > 1) return { kind: 'alt', options };
    const inside = this.chars.slice(opened + 1, this.at - 1).join('');
    const range = braceRange(inside);
    if (range) return range;
    return { kind: 'seq', items: [literal('{'), options[0] as GlobNode, literal('}')] };
  }

  /** A bracket expression; undefined (and nothing consumed) when it has no closing `]`, so `[` is literal. */
  private charClass(): GlobNode[] | undefined {
    let at = this.at + 1;
    let negated = false;
    if (this.chars[at] === '!' || this.chars[at] === '^') {
      negated = true;
      at++;
    }
    const ranges: Array<readonly [number, number]> = [];
    let first = true;
    for (;;) {
      const char = this.chars[at];
      if (char === undefined) return undefined;
      if (char === ']' && !first) break;
      first = false;
      if (char === '[' && this.chars[at + 1] === ':') {
        const close = this.chars.indexOf(':', at + 2);
        const name = close > 0 && this.chars[close + 1] === ']' ? this.chars.slice(at + 2, close).join('') : undefined;
        const posix = name !== undefined && Object.hasOwn(POSIX_CLASSES, name) ? POSIX_CLASSES[name] : undefined;
        if (posix) {
          ranges.push(...posix);
          at = close + 2;
          continue;
        }
      }
      let low = char;
      at++;
      if (low === '\\' && this.chars[at] !== undefined) low = this.chars[at++] as string;
      let high = low;
      if (this.chars[at] === '-' && this.chars[at + 1] !== undefined && this.chars[at + 1] !== ']') {
        at++;
        high = this.chars[at++] as string;
        if (high === '\\' && this.chars[at] !== undefined) high = this.chars[at++] as string;
      }
      const from = low.codePointAt(0) as number;
      const to = high.codePointAt(0) as number;
      if (from > to) {
        throw patternError(`has the reversed range "${low}-${high}" in a [...] class; write it as "${high}-${low}"`);
      }
      ranges.push([from, to]);
    }
    this.at = at + 1;
    // A class stands for one character of a name: it never matches the `/` between names.
    const char: GlobNode = { kind: 'char', set: { ranges: ranges.flatMap(withoutSlash), negated } };
    return negated ? [{ kind: 'noDotStart' }, char] : [char];
  }
}

/** `{a..e}` (single characters, either order) and `{1..120}` (whole numbers, matched by value); else undefined. */
function braceRange(inside: string): GlobNode | undefined {
  const parts = inside.split('..');
  if (parts.length < 2) return undefined;
  const [from = '', to = ''] = parts;
  const chars = [Array.from(from), Array.from(to)];
  if (parts.length === 2 && chars[0]?.length === 1 && chars[1]?.length === 1 && !/\d/.test(from + to)) {
    const a = from.codePointAt(0) as number;
    const b = to.codePointAt(0) as number;
    return { kind: 'char', set: { ranges: [[Math.min(a, b), Math.max(a, b)]], negated: false } };
  }
  if (parts.length === 2 && /^\d{1,15}$/.test(from) && /^\d{1,15}$/.test(to)) {
    const a = Number(from);
    const b = Number(to);
    return numberRange(Math.min(a, b), Math.max(a, b));
  }
  if (parts.every((part) => /^[+-]?\d+$/.test(part))) {
    throw patternError(
      `has the range {${inside}}, which is not supported: ranges are {first..last} of whole numbers up to 15 digits ` +
        'or of single letters, without a step',
    );
  }
  return undefined;
}

/** The decimal numbers from `low` to `high`, without leading zeros, as digit classes (O(digits^2) of them). */
function numberRange(low: number, high: number): GlobNode {
  const options: GlobNode[] = [];
  let from = low;
  while (from <= high) {
    const digits = String(from).length;
    const top = Math.min(high, 10 ** digits - 1);
    for (const ranges of sameLength(String(from), String(top))) {
      const items = ranges.map((range): GlobNode => ({ kind: 'char', set: { ranges: [range], negated: false } }));
      options.push({ kind: 'seq', items });
    }
    from = top + 1;
  }
  return options.length === 1 ? (options[0] as GlobNode) : { kind: 'alt', options };
}

/** Digit-range sequences covering `low..high`, two numbers of the same length. */
function sameLength(low: string, high: string): Array<Array<readonly [number, number]>> {
  if (low.length === 0) return [[]];
  const a = low.charCodeAt(0);
  const b = high.charCodeAt(0);
  const restLow = low.slice(1);
  const restHigh = high.slice(1);
  const all = (): Array<readonly [number, number]> => Array.from(restLow, () => [0x30, 0x39] as const);
  if (/^0*$/.test(restLow) && /^9*$/.test(restHigh)) return [[[a, b], ...all()]];
  if (a === b) return sameLength(restLow, restHigh).map((tail) => [[a, a], ...tail]);
  const result = sameLength(restLow, '9'.repeat(restLow.length)).map((tail) => [[a, a] as const, ...tail]);
  if (b - a >= 2) result.push([[a + 1, b - 1], ...all()]);
  result.push(...sameLength('0'.repeat(restHigh.length), restHigh).map((tail) => [[b, b] as const, ...tail]));
  return result;
}

function withoutSlash([low, high]: readonly [number, number]): Array<readonly [number, number]> {
  if (low > SLASH || high < SLASH) return [[low, high]];
  const parts: Array<readonly [number, number]> = [];
  if (low < SLASH) parts.push([low, SLASH - 1]);
  if (high > SLASH) parts.push([SLASH + 1, high]);
  return parts;
}

function literalSet(code: number): CharSet {
  return { ranges: [[code, code]], negated: false };
}

function literal(char: string): GlobNode {
  return { kind: 'char', set: literalSet(char.codePointAt(0) as number) };
}
