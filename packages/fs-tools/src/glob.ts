import { ACCEPT, CHAR, EMPTY, LazyDfa, NO_DOT_START, SPLIT } from './glob-automaton.js';
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
  /** The work of the last `match`: characters read, states visited, tests; at most (4 x states + 1) x (length + 1). */
  readonly steps: number;
}

/** A piece of automaton under construction: its entry and the dangling exits (state * 2 + which out). */
interface Fragment {
  start: number;
  exits: number[];
}

/**
 * Compiles a glob once into a Thompson automaton (one state per character test, split or assertion) and matches
 * paths by running all its states at once (glob-automaton.ts), so a match costs at most O(states x path length)
 * whatever the pattern: no backtracking, and alternatives `{a,b}` are branches of the automaton, never strings.
 * Throws a SandboxError (`invalid_argument`) with a message for the model when the pattern cannot be accepted.
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
  const dfa = new LazyDfa({
    start: whole.start,
    kinds: Int8Array.from(kinds),
    outs: Int32Array.from(outs),
    outs1: Int32Array.from(outs1),
    sets,
  });
  return {
    match: (path) => dfa.accepts(path) !== parsed.negated,
    states: kinds.length,
    get steps() {
      return dfa.steps;
    },
  };
}
