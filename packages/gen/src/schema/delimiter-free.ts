import { CharSet } from './char-set.js';
import { alt, chars, EMPTY_STRING, optional, type PatternTree, seq, star } from './pattern-tree.js';

/**
 * The strings of `piece` that a following `delimiter` ends where TypeScript's checker ends them: no occurrence of
 * the delimiter starts inside the piece, counting those that run on into the delimiter itself (with `aa`, the piece
 * `xa` is refused, as the checker would take `x`). This is `(?:(?!delimiter)atom)*` written without lookahead, which
 * RE2 has not: the piece is run beside the delimiter's string-matching automaton (Knuth-Morris-Pratt; state k = the
 * longest end of the text read that begins the delimiter), and each state pair becomes a pattern, by Kleene's
 * construction where the piece repeats. A one-character delimiter simply leaves the sets (`\d`, `[\s\S]`).
 */
export function delimiterFree(piece: PatternTree, delimiter: string): PatternTree | null {
  const machine = new DelimiterMachine([...delimiter].map((char) => char.codePointAt(0)!));
  const paths = transfer(piece, machine);
  return alt(...machine.states.filter((end) => machine.endsCleanly(end)).map((end) => paths[0]![end]!));
}

/** Per pair of states (from, to), the strings of a piece that lead from one to the other, or null. */
type Paths = (PatternTree | null)[][];

class DelimiterMachine {
  readonly states: number[];
  /** The delimiter's characters, each once. */
  readonly special: CharSet;
  readonly #next: Map<number, number>[];

  constructor(readonly delimiter: readonly number[]) {
    const size = delimiter.length;
    this.states = Array.from({ length: size }, (_, k) => k);
    this.special = CharSet.union(...delimiter.map((c) => CharSet.of(String.fromCodePoint(c))));
    // The longest proper border of each prefix, then each state's moves on the delimiter's characters.
    const border = [0];
    for (let i = 1; i < size; i++) {
      let k = border[i - 1]!;
      while (k > 0 && delimiter[i] !== delimiter[k]) k = border[k - 1]!;
      border.push(delimiter[i] === delimiter[k] ? k + 1 : k);
    }
    this.#next = this.states.map(() => new Map());
    for (const k of this.states) {
      for (const c of new Set(delimiter)) {
        let j = k;
        while (j > 0 && delimiter[j] !== c) j = border[j - 1]!;
        this.#next[k]!.set(c, delimiter[j] === c ? j + 1 : 0);
      }
    }
  }

  /** The state after `codePoint` (the delimiter's length: an occurrence is complete). */
  next(state: number, codePoint: number): number {
    return this.#next[state]!.get(codePoint) ?? 0;
  }

  /** Whether the delimiter, read from `state`, completes no occurrence before its own last character. */
  endsCleanly(state: number): boolean {
    let current = state;
    for (const c of this.delimiter.slice(0, -1)) {
      current = this.next(current, c);
      if (current === this.delimiter.length) return false;
    }
    return true;
  }
}

function transfer(tree: PatternTree, machine: DelimiterMachine): Paths {
  switch (tree.kind) {
    case 'set':
      return setPaths(tree.set, machine);
    case 'seq':
      return tree.items.reduce((paths, item) => product(paths, transfer(item, machine)), identity(machine));
    case 'alt':
      return tree.items
        .map((item) => transfer(item, machine))
        .reduce((a, b) => a.map((row, i) => row.map((cell, j) => alt(cell, b[i]![j]!))));
    case 'repeat': {
      const once = transfer(tree.item, machine);
      if (!tree.many) return once.map((row, i) => row.map((cell, j) => (i === j ? optional(cell) : cell)));
      const any = closure(once);
      return tree.min === 0 ? any : product(once, any);
    }
  }
}

/** A set's moves: characters of the delimiter go where the automaton says, all others back to state 0. */
function setPaths(set: CharSet, machine: DelimiterMachine): Paths {
  return machine.states.map((from) => {
    const row: (PatternTree | null)[] = machine.states.map(() => null);
    let toStart = set;
    for (const [lo, hi] of set.ranges) {
      for (const [slo, shi] of machine.special.ranges) {
        for (let c = Math.max(lo, slo); c <= Math.min(hi, shi); c++) {
          const to = machine.next(from, c);
          if (to === 0) continue;
          const single = CharSet.of(String.fromCodePoint(c));
          toStart = toStart.minus(single);
          if (to < machine.delimiter.length) row[to] = alt(row[to]!, chars(single));
        }
      }
    }
    row[0] = alt(row[0]!, chars(toStart));
    return row;
  });
}

function identity(machine: DelimiterMachine): Paths {
  return machine.states.map((i) => machine.states.map((j) => (i === j ? EMPTY_STRING : null)));
}

function product(a: Paths, b: Paths): Paths {
  return a.map((row) => b[0]!.map((_, j) => alt(...row.map((cell, k) => seq(cell, b[k]![j]!)))));
}

/** Every run of zero or more, by Kleene's construction (each state in turn allowed as a midpoint). */
function closure(once: Paths): Paths {
  let paths = once.map((row, i) => row.map((cell, j) => (i === j ? optional(cell) : cell)));
  for (let k = 0; k < paths.length; k++) {
    const loop = star(paths[k]![k]!);
    const previous = paths;
    paths = previous.map((row, i) =>
      row.map((cell, j) => {
        if (i === k && j === k) return loop;
        if (i === k) return seq(loop, previous[k]![j]!);
        if (j === k) return seq(previous[i]![k]!, loop);
        return alt(cell, seq(previous[i]![k]!, loop, previous[k]![j]!));
      }),
    );
  }
  return paths;
}
