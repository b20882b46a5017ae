import type { CharSet } from './glob-syntax.js';

export const CHAR = 0;
export const SPLIT = 1;
export const EMPTY = 2;
/** Passes unless the next character is a `.` that starts a name. */
export const NO_DOT_START = 3;
export const ACCEPT = 4;

const SLASH = 0x2f;
const DOT = 0x2e;
/** Cached sets of states kept per pattern before the cache starts afresh (bounds memory, not time). */
const MAX_CACHED = 4096;

/** A Thompson automaton: what each state is, where it leads (`-1`: nowhere), and the test of each CHAR state. */
export interface States {
  start: number;
  kinds: Int8Array;
  outs: Int32Array;
  outs1: Int32Array;
  sets: ReadonlyArray<CharSet | undefined>;
}

/** One set of automaton states that can be live together, with the transitions computed from it so far. */
interface Live {
  /** CHAR, ACCEPT and NO_DOT_START states (the latter are resolved when the next character is known). */
  states: Int32Array;
  /** Whether the next character starts a name (at the start, or after `/`). */
  nameStart: boolean;
  accepting: boolean;
  ascii: Array<Live | undefined>;
  other: Map<number, Live>;
}

/**
 * Runs a Thompson automaton over a path by keeping the set of all live states (no backtracking), so one character
 * costs at most 4 x states + 1 steps. Each set met and each step from it are cached (a lazily built DFA, as RE2
 * does), so ordinary patterns cost a table lookup per character once warm; the cache starts afresh when it grows
 * too large.
 */
export class LazyDfa {
  /** Work of the last run: 1 per character, plus states visited and characters tested where nothing was cached. */
  steps = 0;
  private readonly mark: Int32Array;
  private generation = 0;
  private cache = new Map<string, Live>();
  private initial: Live;

  constructor(private readonly automaton: States) {
    this.mark = new Int32Array(automaton.kinds.length).fill(-1);
    this.initial = this.startSet();
  }

  accepts(path: string): boolean {
    this.steps = 0;
    let live = this.initial;
    for (let index = 0; index < path.length; index++) {
      let code = path.charCodeAt(index);
      if (code >= 0xd800 && code <= 0xdbff && index + 1 < path.length) {
        const low = path.charCodeAt(index + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          index++;
        }
      }
      this.steps++;
      const known = code < 128 ? live.ascii[code] : live.other.get(code);
      live = known ?? this.step(live, code);
      if (live.states.length === 0) return false;
    }
    return live.accepting;
  }

  private startSet(): Live {
    const generation = this.nextGeneration();
    const list: number[] = [];
    this.close(this.automaton.start, list, generation, undefined);
    return this.intern(list, true);
  }

  /** The live set after reading `code` from `live`, computed from the automaton and cached. */
  private step(live: Live, code: number): Live {
    const { kinds, outs, sets } = this.automaton;
    const blockedDot = live.nameStart && code === DOT;
    const now = this.nextGeneration();
    const candidates: number[] = [];
    for (const state of live.states) {
      if (kinds[state] === NO_DOT_START) {
        if (!blockedDot) this.close(outs[state] as number, candidates, now, true);
      } else if (!this.seen(state, now)) {
        candidates.push(state);
      }
    }
    const then = this.nextGeneration();
    const next: number[] = [];
    for (const state of candidates) {
      this.steps++;
      if (kinds[state] === CHAR && matches(sets[state] as CharSet, code)) {
        this.close(outs[state] as number, next, then, undefined);
      }
    }
    if (this.cache.size >= MAX_CACHED) {
      this.cache = new Map();
      this.initial = this.startSet();
    }
    const result = this.intern(next, code === SLASH);
    if (code < 128) live.ascii[code] = result;
    else live.other.set(code, result);
    return result;
  }

  /**
   * Adds to `list` every state reachable from `from` without reading a character. NO_DOT_START states stop the walk
   * and are listed, unless `passDots` says how they resolve (known when the next character is).
   */
  private close(from: number, list: number[], generation: number, passDots: boolean | undefined): void {
    const { kinds, outs, outs1 } = this.automaton;
    const stack = [from];
    while (stack.length > 0) {
      const state = stack.pop() as number;
      if (this.seen(state, generation)) continue;
      this.steps++;
      const kind = kinds[state];
      if (kind === SPLIT) stack.push(outs1[state] as number, outs[state] as number);
      else if (kind === EMPTY || (kind === NO_DOT_START && passDots === true)) stack.push(outs[state] as number);
      else if (kind === NO_DOT_START && passDots === false) continue;
      else list.push(state);
    }
  }

  private nextGeneration(): number {
    // Marks are 32-bit: start them afresh long before they could wrap (a wrapped mark would never match).
    if (this.generation >= 0x3fffffff) {
      this.mark.fill(-1);
      this.generation = 0;
    }
    return ++this.generation;
  }

  private seen(state: number, generation: number): boolean {
    if (this.mark[state] === generation) return true;
    this.mark[state] = generation;
    return false;
  }

  private intern(list: number[], nameStart: boolean): Live {
    const states = Int32Array.from(list).sort();
    const key = `${nameStart ? 'S' : 'N'}${states.join(',')}`;
    const known = this.cache.get(key);
    if (known) return known;
    const ascii = new Array<Live | undefined>(128).fill(undefined);
    const live: Live = { states, nameStart, accepting: this.accepting(states), ascii, other: new Map() };
    this.cache.set(key, live);
    return live;
  }

  /** At the end of the path a NO_DOT_START passes (no dot follows), so it accepts when ACCEPT lies behind it. */
  private accepting(states: Int32Array): boolean {
    const { kinds, outs } = this.automaton;
    const generation = this.nextGeneration();
    const reached: number[] = [];
    for (const state of states) {
      if (kinds[state] === ACCEPT) return true;
      if (kinds[state] === NO_DOT_START) this.close(outs[state] as number, reached, generation, true);
    }
    return reached.some((state) => kinds[state] === ACCEPT);
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
