import { parseGlob, type CharSet, type GlobNode } from './glob-syntax.js';
import { SandboxError } from './sandbox-error.js';

export { MAX_PATTERN_LENGTH } from './glob-syntax.js';

/** The most automaton states one pattern may compile to (a 1,024-character pattern of ordinary glob needs < 5,000). */
export const MAX_GLOB_STATES = 20_000;

export interface GlobOptions {
  /** Whether wildcards may match a name that starts with `.` (a literal `.` in the pattern always can). */
  dot?: boolean;
}

/** A compiled pattern. */
export interface Glob {
  /** Whether the whole `/`-separated path matches. */
  match(path: string): boolean;
  /** The automaton's size. */
  readonly states: number;
  /** The work done by the last `match`: states visited plus characters tested (at most 2 x states x (length + 1)). */
  readonly steps: number;
}

const CHAR = 0;
const SPLIT = 1;
const EMPTY = 2;
const NO_DOT_START = 3;
const ACCEPT = 4;
const SLASH = 0x2f;
const DOT = 0x2e;

/** A piece of automaton under construction: its entry and the dangling exits (state * 2 + which out). */
interface Fragment {
  start: number;
  exits: number[];
}

/**
 * Compiles a glob once into a Thompson automaton (one state per character test, split or assertion) and matches
 * paths by simulating all its states at once, so a match costs at most O(states x path length) whatever the pattern:
 * no backtracking, and alternatives `{a,b}` are branches of the automaton, never strings. Throws a SandboxError
 * (`invalid_argument`) with a message for the model when the pattern cannot be accepted.
 */
export function compileGlob(pattern: string, options: GlobOptions = {}): Glob {
  const parsed = parseGlob(pattern);
  const kinds: number[] = [];
  const outs: number[] = [];
  const outs1: number[] = [];
  const sets: Array<CharSet | undefined> = [];

  const add = (kind: number, set?: CharSet): number => {
    if (kinds.length >= MAX_GLOB_STATES) {
      throw new SandboxError(
        'invalid_argument',
        'the pattern is too complex (too many alternatives or ranges); use a simpler pattern',
      );
    }
    kinds.push(kind);
    outs.push(-1);
    outs1.push(-1);
    sets.push(set);
    return kinds.length - 1;
  };
  const patch = (exits: readonly number[], to: number) => {
    for (const exit of exits) {
      if (exit & 1) outs1[exit >> 1] = to;
      else outs[exit >> 1] = to;
    }
  };

  const build = (node: GlobNode): Fragment => {
    switch (node.kind) {
      case 'char': {
        const state = add(CHAR, node.set);
        return { start: state, exits: [state * 2] };
      }
      case 'noDotStart': {
        if (options.dot) {
          const state = add(EMPTY);
          return { start: state, exits: [state * 2] };
        }
        const state = add(NO_DOT_START);
        return { start: state, exits: [state * 2] };
      }
      case 'seq': {
        if (node.items.length === 0) {
          const state = add(EMPTY);
          return { start: state, exits: [state * 2] };
        }
        let first: Fragment | undefined;
        let last: Fragment | undefined;
        for (const item of node.items) {
          const fragment = build(item);
          if (last) patch(last.exits, fragment.start);
          first ??= fragment;
          last = fragment;
        }
        return { start: (first as Fragment).start, exits: (last as Fragment).exits };
      }
      case 'alt': {
        const branches = node.options.map(build);
        let current = branches[branches.length - 1] as Fragment;
        const exits = branches.flatMap((branch) => branch.exits);
        for (let i = branches.length - 2; i >= 0; i--) {
          const split = add(SPLIT);
          outs[split] = (branches[i] as Fragment).start;
          outs1[split] = current.start;
          current = { start: split, exits };
        }
        return { start: current.start, exits };
      }
      case 'repeat': {
        const body = build(node.node);
        const split = add(SPLIT);
        outs[split] = body.start;
        if (node.max === 1) return { start: split, exits: [...body.exits, split * 2 + 1] };
        patch(body.exits, split);
        return { start: node.min === 0 ? split : body.start, exits: [split * 2 + 1] };
      }
    }
  };

  const whole = build(parsed.node);
  const accept = add(ACCEPT);
  patch(whole.exits, accept);
  const automaton = { kinds: Int8Array.from(kinds), outs: Int32Array.from(outs), outs1: Int32Array.from(outs1), sets };
  return new Automaton(whole.start, automaton, parsed.negated);
}

/** The states of an automaton: what each is, where it leads (`-1`: nowhere yet), and the test of each CHAR state. */
interface States {
  kinds: Int8Array;
  outs: Int32Array;
  outs1: Int32Array;
  sets: ReadonlyArray<CharSet | undefined>;
}

class Automaton implements Glob {
  steps = 0;
  private readonly kinds: Int8Array;
  private readonly outs: Int32Array;
  private readonly outs1: Int32Array;
  private readonly sets: ReadonlyArray<CharSet | undefined>;
  private readonly mark: Int32Array;
  private generation = 0;
  private current: Int32Array;
  private next: Int32Array;

  constructor(
    private readonly start: number,
    states: States,
    private readonly negated: boolean,
  ) {
    ({ kinds: this.kinds, outs: this.outs, outs1: this.outs1, sets: this.sets } = states);
    this.mark = new Int32Array(this.kinds.length).fill(-1);
    this.current = new Int32Array(this.kinds.length);
    this.next = new Int32Array(this.kinds.length);
  }

  get states(): number {
    return this.kinds.length;
  }

  match(path: string): boolean {
    const codes: number[] = [];
    for (const char of path) codes.push(char.codePointAt(0) as number);
    this.steps = 0;
    let count = this.closure(this.start, codes, 0, this.current, 0, ++this.generation);
    for (let position = 0; position < codes.length && count > 0; position++) {
      const code = codes[position] as number;
      const generation = ++this.generation;
      let nextCount = 0;
      for (let i = 0; i < count; i++) {
        const state = this.current[i] as number;
        this.steps++;
        if (this.kinds[state] === CHAR && matches(this.sets[state] as CharSet, code)) {
          nextCount = this.closure(this.outs[state] as number, codes, position + 1, this.next, nextCount, generation);
        }
      }
      [this.current, this.next] = [this.next, this.current];
      count = nextCount;
    }
    return this.accepted(count) !== this.negated;
  }

  private accepted(count: number): boolean {
    for (let i = 0; i < count; i++) if (this.kinds[this.current[i] as number] === ACCEPT) return true;
    return false;
  }

  /** Adds `from` and every state reachable from it without reading a character at `position`; returns the count. */
  private closure(
    from: number,
    codes: readonly number[],
    position: number,
    list: Int32Array,
    count: number,
    generation: number,
  ): number {
    const stack = [from];
    let size = count;
    while (stack.length > 0) {
      const state = stack.pop() as number;
      if (this.mark[state] === generation) continue;
      this.mark[state] = generation;
      this.steps++;
      switch (this.kinds[state]) {
        case SPLIT:
          stack.push(this.outs1[state] as number, this.outs[state] as number);
          break;
        case EMPTY:
          stack.push(this.outs[state] as number);
          break;
        case NO_DOT_START:
          if (codes[position] !== DOT || (position > 0 && codes[position - 1] !== SLASH)) {
            stack.push(this.outs[state] as number);
          }
          break;
        default:
          list[size++] = state;
      }
    }
    return size;
  }
}

function matches(set: CharSet, code: number): boolean {
  let inside = false;
  for (const [low, high] of set.ranges) {
    if (code >= low && code <= high) {
      inside = true;
      break;
    }
  }
  if (set.negated) return !inside && code !== SLASH;
  return inside;
}
